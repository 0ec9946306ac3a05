// Starts the app on a page the worker sent prerendered (the visitor's landing page, the prerendered landers, a member's
// /members; every other page loads its entry chunk by its own script tag). The markup paints first: the entry (named by
// data-entry) is imported once the browser reports the first contentful paint (at the latest after 1.5 s, at once in a
// hidden tab, which does not paint), so fetching and running the app never holds back that paint; on a prerendered lander
// (data-after-load) once the page has loaded (its photos); under the entry warning's static copy at the visitor's first
// input on it.
// A click on a link or button, or a choice from a list, made before the app has taken over is not lost: the app starts at
// once, and once it has taken over (`app:ready`, from web/lib/take-over.tsx) the same click or choice is made again on the
// app's element (the hydrated page's very element, or the one in the same place of a page the app drew again), so it does
// what the app does (the signup modal rather than a page load, the entry warning's answer). This script knows no rule of
// the app: it only keeps an input for it. Plain JavaScript, no module of the app.
const root = document.getElementById('root');
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
// the entry warning's static copy (a member's /members in a browser that has not answered it): the app's dialog replaces it
const warning = document.getElementById('static-entry-warning');
let started = false;
// the entry could not be had (offline, blocked): set once its import failed; a click kept for the app is then done without it
let failed = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  // a member's /members: the first search's preload hint, now that the page has painted (worker/features/shell/shell.page.ts
  // firstSearchHint); the app's request for it takes the answer (web/lib/preloaded-fetch.ts)
  const search = document.querySelector('meta[name="first-search"]')?.getAttribute('content');
  if (search) {
    const hint = document.createElement('link');
    hint.rel = 'preload';
    hint.as = 'fetch';
    hint.href = search;
    hint.setAttribute('crossorigin', '');
    hint.setAttribute('fetchpriority', 'high');
    document.head.appendChild(hint);
  }
  import(entry).catch(() => {
    failed = true;
    window.dispatchEvent(new Event('app:failed'));
  });
};

/** Once the page has painted (at the latest after 1.5 s: a hidden tab does not paint), as the app would start. */
const afterPaint = (then) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length && setTimeout(once, 0)).observe({
    type: 'paint',
    buffered: true,
  });
  setTimeout(once, 1500);
};

if (warning) {
  // Under the entry warning's static copy (a member's /members in a browser that has not answered it) the app waits for
  // the visitor: nothing under the copy can be used before the answer (the page is inert), so running the app there would
  // only make the page busy while they read, on the phone's CPU that must answer the accept at once. It starts with their
  // first input on the copy (a press or a key; a click on its accept is kept below and made on the app's dialog, which
  // answers it). The entry is fetched after the first paint meanwhile, not run (fetched before, it would hold back the
  // paint). Which answer is due, and how it is kept, is the app's alone.
  afterPaint(() => {
    if (started || !entry) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = entry;
    document.head.appendChild(link);
  });
  // the leave link is a plain link: pressing it starts nothing
  const onInput = (event) => !(event.target instanceof Element && event.target.closest('a[href]')) && start();
  warning.addEventListener('pointerdown', onInput, true);
  warning.addEventListener('keydown', onInput, true);
} else if (!root?.hasAttribute('data-prerendered') || document.hidden) start();
else if (document.querySelector('script[data-entry][data-after-load]')) {
  // a prerendered lander: its photos are its first screen, so the app waits for them (the load event), not only for the first paint
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
  setTimeout(start, 3000);
} else afterPaint(start);

// on a prerendered page, until the app has it: a click or choice is kept for the app
if (root?.hasAttribute('data-prerendered')) {
  /** An element of the markup, and how to find it again in a page the app drew anew: the same tag, target and text, the same occurrence. */
  const identify = (el) => {
    const same = (other) =>
      other.tagName === el.tagName && other.getAttribute('href') === el.getAttribute('href') && other.textContent === el.textContent;
    return { el, same, nth: [...document.body.querySelectorAll(el.tagName)].filter(same).indexOf(el) };
  };
  const find = ({ el, same, nth }) => (el.isConnected ? el : [...document.body.querySelectorAll(el.tagName)].filter(same)[nth]);
  let pending = null;
  const onClick = (event) => {
    const el = event.target instanceof Element ? event.target.closest('a[href], button') : null;
    if (failed || !el || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // the warning's leave link goes where it goes, app or not; its accept is the app's to answer
    if (!root.contains(el) && !(warning?.contains(el) && el.tagName === 'BUTTON')) return;
    event.preventDefault();
    pending = { ...identify(el), href: el.getAttribute('href') };
    start();
  };
  // the app did not come (offline, blocked: its import failed): a kept link does what it does without it. Not after a
  // time: a slow phone that is still running the app would otherwise lose the app's answer to a page load.
  window.addEventListener(
    'app:failed',
    () => {
      if (pending?.href && root.hasAttribute('data-prerendered')) location.assign(pending.href);
    },
    { once: true },
  );
  const onChange = (event) => {
    const el = event.target;
    if (!(el instanceof HTMLSelectElement) || !root.contains(el)) return;
    pending = { ...identify(el), value: el.value };
    start();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  window.addEventListener(
    'app:ready',
    () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('change', onChange, true);
      const done = pending;
      pending = null;
      // made again in a task of its own: app:ready comes from the app's effects, and a hydrated page may still have a
      // part to hydrate, which React does at once for a click on it, but not from inside its own effects
      const replay = () => {
        const el = done && find(done);
        // a modal the app opened at once (the entry warning) comes first: only a click in it is made
        const dialog = document.querySelector('[role="dialog"]');
        if (!el || (dialog && !dialog.contains(el))) return;
        if (el.tagName !== 'SELECT') el.click();
        else {
          // React hears a change made through the element's own value setter
          Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(el, done.value);
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
      };
      // a click on the warning's copy is made on the app's dialog, once that has taken the copy's place (or the app found
      // the warning answered and removed it)
      if (done && warning?.isConnected && warning.contains(done.el))
        new MutationObserver((_, observer) => {
          if (warning.isConnected) return;
          observer.disconnect();
          setTimeout(replay, 0);
        }).observe(document.body, { childList: true });
      else setTimeout(replay, 0);
    },
    { once: true },
  );
}

// the copy's accept is listened to from here on (a click on it before this script ran did nothing): a state a test can wait on
warning?.setAttribute('data-live', '');
