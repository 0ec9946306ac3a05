// Starts the app on a page the worker sent prerendered (the visitor's landing page; every other page
// loads its entry chunk by its own script tag). The markup paints first: the entry (named by
// data-entry) is imported once the browser reports the first contentful paint (at the latest after
// 1.5 s, at once in a hidden tab, which does not paint), so fetching and running the app never holds
// back that paint; on a prerendered lander (data-after-load) once the page has loaded (its photos); under the entry warning's
// static copy once the visitor has answered it (below).
// A visitor who clicks a link or button, or picks from a list, before the app has taken over loses nothing: the app starts at once, and once it has taken over (`app:ready`, from
// web/app/root.tsx) the same click or choice is made again on the app's element, so it does what
// the app does (the signup modal rather than a page load). Plain JavaScript, no module of the app.
const root = document.getElementById('root');
const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
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

// The entry warning's static copy (a member's /members in a browser that has not answered it, worker/contracts/entry-warning.ts):
// its leave link is a plain link; its accept answers the warning as the app's does (web/lib/dismissals.ts: the time in
// localStorage and its cookie mirror), the copy goes at once and the app starts. Until then the app waits: nothing under
// the warning can be used before the answer (the page is inert), and a phone's CPU is the visitor's while they read, so the
// accept answers at once. The entry is fetched meanwhile (after the first paint, not run), and the first search with the
// app. A browser whose storage has the answer already (given before the cookie mirror existed) starts the app as any page
// does: the app removes the copy. Should the app render its own dialog all the same (storage blocked: the answer could not be
// kept), that dialog's accept is clicked once the app has the page. The copy's dialog has the focus by its own autofocus attribute.
const warning = document.getElementById('static-entry-warning');
let answered = false;
try {
  const at = Number(localStorage.getItem('hide-site-entry-warning'));
  answered = Number.isFinite(at) && at > 0;
} catch {
  /* storage blocked: the warning is due (web/lib/dismissals.ts dismissedAt) */
}
const waiting = warning && !answered;
if (warning) {
  let accepted = false;
  warning.addEventListener('click', (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button')) return;
    accepted = true;
    const now = Date.now();
    try {
      localStorage.setItem('hide-site-entry-warning', String(now));
    } catch {
      /* storage blocked: the warning shows again next visit */
    }
    document.cookie = `hide-site-entry-warning=${now}; Max-Age=34560000; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    warning.remove();
    root?.removeAttribute('inert');
    start();
  });
  // its accept works from here on (until this script has run, a click on it did nothing): a state a test can wait on
  warning.setAttribute('data-live', '');
  window.addEventListener(
    'app:ready',
    () => accepted && setTimeout(() => document.querySelector('[role="dialog"] [data-entry-accept]')?.click(), 0),
    { once: true },
  );
  // the keyboard stays in the copy as in the app's modals (web/components/ui/use-focus-trap.ts): Tab and Shift+Tab wrap
  // at its ends, and bring a focus that is elsewhere (the page, the dialog itself going back) to its first or last control
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || !warning.isConnected) return;
    const dialog = warning.querySelector('[role="dialog"]') ?? warning;
    const items = [...warning.querySelectorAll('a[href], button')];
    const first = items[0] ?? dialog;
    const last = items[items.length - 1] ?? dialog;
    const active = document.activeElement;
    if (!warning.contains(active) || active === (event.shiftKey ? first : last) || (event.shiftKey && active === dialog)) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
}

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

if (waiting) {
  // the entry fetched, not run (the import on the answer takes it), after the first paint as the app's start would be
  afterPaint(() => {
    if (started || !entry) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = entry;
    document.head.appendChild(link);
  });
} else if (!root?.hasAttribute('data-prerendered') || document.hidden) start();
else if (document.querySelector('script[data-entry][data-after-load]')) {
  // a prerendered lander: its photos are its first screen, so the app waits for them (the load event), not only for the first paint
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
  setTimeout(start, 3000);
} else afterPaint(start);

// on a prerendered page, until the app has it: a click or choice is kept for the app (under the warning's copy, once it is answered)
if (root?.hasAttribute('data-prerendered')) {
  /** An element of the markup, found again in the app's page: the same tag, target and text, the same occurrence. */
  const identify = (el) => {
    const same = (other) =>
      other.tagName === el.tagName && other.getAttribute('href') === el.getAttribute('href') && other.textContent === el.textContent;
    return { same, nth: [...root.querySelectorAll(el.tagName)].filter(same).indexOf(el) };
  };
  const find = ({ same, nth }, tag) => [...root.querySelectorAll(tag)].filter(same)[nth];
  let pending = null;
  const onClick = (event) => {
    const el = event.target instanceof Element ? event.target.closest('a[href], button') : null;
    if (failed || !el || !root.contains(el) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    pending = { ...identify(el), tag: el.tagName, href: el.getAttribute('href'), at: Date.now() };
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
    pending = { ...identify(el), tag: 'SELECT', value: el.value };
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
      // made again in a task of its own: app:ready comes from the app's effects, and a hydrated page (the landers) may
      // still have a part to hydrate, which React does at once for a click on it, but not from inside its own effects
      setTimeout(() => {
        // a modal the app opened at once (the entry warning) comes first: the visitor answers it
        if (!done || document.querySelector('[role="dialog"]')) return;
        const el = find(done, done.tag);
        if (!el) return;
        if (done.tag !== 'SELECT') el.click();
        else {
          // React hears a change made through the element's own value setter
          Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(el, done.value);
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
      }, 0);
    },
    { once: true },
  );
}
