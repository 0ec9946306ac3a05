import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, freshMember, holdScript, liveWarning, screenshots, site, test } from './fixtures';

/**
 * Issue 11's first screen, as issue 32 renders it: a member's /members comes with the page's first screen in the HTML,
 * rendered by React in the worker with the member's data (web/members-ssr.tsx), so the title, the navigation, the
 * banners and the filters paint before any script has run; the app then hydrates that very markup (the same elements,
 * no mismatch), and a click made before that is done by the app.
 */

/** What the browser reports of React's hydration going wrong (a mismatch, a boundary left to the client), and any page error. */
const hydrationTrouble = (page: Page) => {
  const found: string[] = [];
  page.on(
    'console',
    (m) =>
      (m.type() === 'error' || m.type() === 'warning') &&
      /hydrat|did not match|#41[89]|#42[135]|server rendered/i.test(m.text()) &&
      found.push(m.text()),
  );
  page.on('pageerror', (e) => found.push(e.message));
  return found;
};

/** What a member sees of the navigation, the banners and the page above the results: each link, button, heading, label and chosen option. */
const visible = (root: Locator) =>
  root.evaluate((el) =>
    [
      ...el.querySelectorAll(
        'header a, header button, [role="region"] p, [role="region"] a, [role="region"] button, h1, aside h2, aside label, aside select, aside button',
      ),
    ].map((n) => {
      const text = n instanceof HTMLSelectElement ? (n.selectedOptions[0]?.textContent ?? '') : (n.textContent ?? '').trim();
      // the welcome bonus's countdown ticks: its place, not its seconds
      return `${n.tagName} ${n.getAttribute('href') ?? ''} ${n.getAttribute('aria-label') ?? ''} ${text.replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss')}`;
    }),
  );
/**
 * Where the header, each member banner below it (a new member's photo alert, the push alert…), and
 * the page's title and filters sit (a take-over that moved them is a layout shift).
 */
const boxes = (page: Page) =>
  page.locator('#root').evaluate((root) =>
    [
      root.querySelector('header')!,
      ...root.querySelectorAll('[role="region"]'),
      root.querySelector('h1')!,
      root.querySelector('aside')!,
    ].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
const takenOver = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
/** The page's layout shifts so far (CLS's sum, the browser's own layout-shift entries; none without input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );

test("a member's /members is in the HTML itself, with the member's navigation, and the app takes it over unchanged", async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Firstscreen', 'male');
  const bare = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await bare.addCookies(await member.context.cookies());
  const html = await bare.newPage();
  await html.goto(site('vonkje', '/members'));
  await expect(html.locator('#root')).toHaveAttribute('data-prerendered', '');
  await expect(html.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(html.getByRole('button', { name: 'Mijn account: Firstscreen' })).toBeVisible();
  await expect(html.getByRole('link', { name: 'Word premium' })).toBeVisible();
  await expect(html.getByLabel('Geslacht')).toHaveValue('female');
  await expect(html.getByLabel('Land')).toHaveValue('NL');
  await expect(html.getByText('Leden laden…')).toBeVisible();
  // one banner at a time (issue 33): a new member's time bonus with its countdown (the discount comes with the page: no shift
  // when the app has it) before the photo alert and the push alert (this browser's app said it can turn notifications on)
  await expect(html.getByRole('region', { name: 'Welkomstbonus' }).getByRole('timer')).toHaveText(/^03:\d\d:\d\d$/);
  await expect(html.getByRole('region', { name: 'Profielfoto toevoegen' })).toHaveCount(0);
  await expect(html.getByRole('region', { name: 'Meldingen' })).toHaveCount(0);
  const before = await visible(html.locator('#root'));
  const at = await boxes(html);
  await screenshots(html, 'members-first-screen-no-js');

  const page = member.page;
  const trouble = hydrationTrouble(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await html.setViewportSize({ width: 1280, height: 720 });
  const atDesktop = await boxes(html);
  // its stylesheets come in the page (worker/features/shell/inline-styles.ts): none is fetched, neither for its first paint nor by the app's chunks
  const stylesheets: string[] = [];
  page.on('request', (r) => void (r.resourceType() === 'stylesheet' && stylesheets.push(new URL(r.url()).pathname)));
  // the first search: preloaded by start.js once the page has painted, and that one request is the page's (web/lib/preloaded-fetch.ts)
  const searches: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/members.php' && searches.push(r.url())));
  // the member's browser has the installed app's service worker (every page registers it): the page it passes on comes prerendered too
  const response = await page.goto(site('vonkje', '/members'));
  expect(response!.fromServiceWorker()).toBe(true);
  expect(await response!.text()).toContain('<div id="root" data-prerendered="" data-hydrate="">');
  await takenOver(page);
  expect(await visible(page.locator('#root'))).toEqual(before);
  expect(await boxes(page)).toEqual(atDesktop);
  // the header, the one banner, the title and the filters
  expect(at.length).toBe(4);
  expect(at[2]!.height).toBeGreaterThan(0);
  // the app's own page: its search answers and the cards show; nothing on screen moved from the first paint on
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  expect(await layoutShift(page)).toBe(0);
  expect(searches).toHaveLength(1);
  const inlined = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(inlined.length).toBeGreaterThan(5);
  expect(stylesheets.filter((f) => inlined.includes(f))).toEqual([]);
  expect(trouble).toEqual([]);
  await screenshots(page, 'members-first-screen-taken-over');
  // and the app's own navigation to another screen still brings that screen's stylesheet (its chunk's, not in the page)
  await page.getByRole('link', { name: 'Word premium' }).first().click();
  await expect(page).toHaveURL(site('vonkje', '/premium'));
  await expect.poll(() => stylesheets.some((f) => /^\/assets\/payment-screens-[\w-]+\.css$/.test(f))).toBe(true);
  await bare.close();
  await member.close();
});

test('a click on the prerendered /members before the app has taken over is done by the app', async ({ browser }) => {
  const member = await freshMember(browser, 'Earlyclick', 'male');
  // a browser without the installed app's service worker (its cache would serve the entry past the route below), the warning answered
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await member.context.cookies());
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const release = await holdScript(page, /\/assets\/index-[\w-]{8}\.js$/);
  await page.goto(site('vonkje', '/members'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await page.getByRole('link', { name: 'Word premium' }).click();
  await expect(page).toHaveURL(site('vonkje', '/members'));
  release();
  await takenOver(page);
  // the app's navigation: the premium page, without a page load of its own
  await expect(page).toHaveURL(site('vonkje', '/premium'));
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Leden zoeken');
  await context.close();
  await member.close();
});

test("the app hydrates the worker's page: the elements painted first are the app's own, unchanged, with the member's values", async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Hydrated', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await member.context.cookies());
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const trouble = hydrationTrouble(page);
  const release = await holdScript(page, /\/assets\/index-[\w-]{8}\.js$/);
  await page.goto(site('vonkje', '/members'));
  await expect(page.locator('#root')).toHaveAttribute('data-hydrate', '');
  // the worker's render: the member's name, the premium link, the time bonus, the filters chosen by the app's own rule
  await expect(page.getByRole('button', { name: 'Mijn account: Hydrated' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welkomstbonus' })).toBeVisible();
  await expect(page.getByLabel('Geslacht')).toHaveValue('female');
  // each element marked before the app runs
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('#root header, #root h1, #root aside select, #root [role="region"], #root footer'))
      (el as HTMLElement).dataset.painted = '1';
  });
  const marked = await page.locator('#root [data-painted]').count();
  expect(marked).toBeGreaterThan(6);
  release();
  await takenOver(page);
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  // the same nodes after the take-over (hydration attaches to them; a render of its own would have replaced them)
  expect(await page.locator('#root [data-painted]').count()).toBe(marked);
  // and they are the app's: the account menu opens, the filter changes the app's search
  await page.getByRole('button', { name: 'Mijn account: Hydrated' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(trouble).toEqual([]);
  await context.close();
  await member.close();
});

test("the first search starts once the page has painted, before the app has run, and the app's search is that one request", async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Earlysearch', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await member.context.cookies());
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const searches: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/members.php' && searches.push(r.url())));
  const regions: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname === '/api/regions.php' && regions.push(r.url())));
  const release = await holdScript(page, /\/assets\/index-[\w-]{8}\.js$/);
  const response = await page.goto(site('vonkje', '/members'));
  // not in the page itself (its request would share the first paint's connection): start.js adds the hint
  expect(await response!.text()).not.toContain('rel="preload" as="fetch"');
  await expect.poll(() => searches.length).toBe(1);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  expect(searches[0]).toMatch(/\/api\/members\.php\?gender=female&country=NL&min_age=18&max_age=99&page=1$/);
  release();
  await takenOver(page);
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  expect(searches).toHaveLength(1);
  // the form's regions, asked once (before the hydration), shown in the render after it
  const region = page.locator('#root select[name="region"]').first();
  await expect(region).toBeEnabled();
  expect(await region.locator('option').count()).toBeGreaterThan(5);
  expect(regions).toHaveLength(1);
  await context.close();
  await member.close();
});

test("the screen's chunks the page names are hinted by the app, one per task, and its preloads of them add no link of their own", async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Chunkhints', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await member.context.cookies());
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const response = await page.goto(site('vonkje', '/members'));
  const named = /data-preload="([^"]+)"/.exec(await response!.text())![1]!.split(' ');
  expect(named).toContainEqual(expect.stringMatching(/^\/assets\/member-screens-[\w-]+\.js$/));
  await takenOver(page);
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('head link[rel="modulepreload"]')].map((l) => ({
      path: new URL((l as HTMLLinkElement).href).pathname,
      ours: (l as HTMLLinkElement).hasAttribute('data-screen'),
    })),
  );
  // each named chunk hinted once, by the app's hint (marked), not by Vite's helper
  for (const chunk of named)
    expect(
      links.filter((l) => l.path === chunk),
      chunk,
    ).toEqual([{ path: chunk, ours: true }]);
  await context.close();
  await member.close();
});

/**
 * A fresh browser (the entry warning not answered, so no cookie mirror of its dismissal): the worker sends the app's
 * warning dialog with the page (its own render, web/members-ssr.tsx), where the app's portal puts it. Nothing under it can be
 * used before the answer, so the app does not start behind it: web/start.js fetches the entry after the first paint and
 * starts it with the visitor's first input on the copy (a press or a key; a click on its accept is kept and made on the
 * app's dialog), and the app's own dialog takes the copy's place (its focus trap, its answer).
 */
const WARNING = '#static-entry-warning';
const ACCEPT = /Ik ben 18\+ en ga verder/;
/** The member's session alone: a browser that has not answered the warning (freshMember's browser did, on /). */
const sessionOnly = async (member: { context: BrowserContext }) =>
  (await member.context.cookies()).filter((c) => c.name !== 'hide-site-entry-warning');
/**
 * The copy before any input: the entry fetched after the first paint (its modulepreload hint), but not run: the page not
 * hydrated, no call made, not even the first search (start.js adds its hint when it starts the app).
 */
const waitingForTheAnswer = async (page: Page, api: string[]) => {
  await expect(liveWarning(page)).toHaveCount(1);
  await expect(page.locator('head link[rel="modulepreload"][href*="/assets/index-"]')).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/index-[\w-]{8}\.js$/.test(e.name))))
    .toBe(true);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await expect(page.locator('head link[rel="preload"][as="fetch"]')).toHaveCount(0);
  expect(api).toEqual([]);
};
/** The app's own warning dialog, once it has taken the copy's place. */
const appWarning = async (page: Page) => {
  await takenOver(page);
  await expect(page.locator(WARNING)).toHaveCount(0);
  return page.getByRole('dialog', { name: 'Let op: erotische inhoud' });
};

test("a fresh browser's /members has the entry warning in the HTML, and the app's dialog takes its place", async ({ browser }) => {
  const member = await freshMember(browser, 'Freshwarn', 'male');
  const cookies = await sessionOnly(member);
  expect(cookies.some((c) => c.name === 'sid')).toBe(true);
  // the member's own browser answered it on the landing page: the app mirrored that in a cookie
  expect((await member.context.cookies()).find((c) => c.name === 'hide-site-entry-warning')?.value).toMatch(/^\d{13}$/);

  // without JavaScript: the warning over the member's page
  const bare = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await bare.addCookies(cookies);
  const html = await bare.newPage();
  await html.goto(site('vonkje', '/members'));
  await expect(html.locator('#root')).toHaveAttribute('data-prerendered', '');
  const dialog = html.getByRole('dialog', { name: 'Let op: erotische inhoud' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: ACCEPT })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Verlaten' })).toHaveAttribute('href', 'https://www.google.com/');
  // the page behind it is inert: not reachable by Tab, hidden from assistive technology; the focus is in the dialog (autofocus, no script)
  await expect(html.locator('#root')).toHaveAttribute('inert', '');
  await expect
    .poll(() => html.evaluate(() => document.activeElement?.closest('#static-entry-warning [role="dialog"]') !== null))
    .toBe(true);
  // over the page: the dialog is what a tap in the middle of the screen reaches
  const hit = await html.evaluate(
    () => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('#static-entry-warning') !== null,
  );
  expect(hit).toBe(true);
  await screenshots(html, 'members-fresh-warning-no-js');

  // with JavaScript: the same copy, and the app waiting for the visitor; their first input (a key) starts it, and the app's
  // own dialog takes the copy's place (one dialog, the focus in it, the page still inert)
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const trouble = hydrationTrouble(page);
  const api: string[] = [];
  page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/api/') && api.push(r.url())));
  const response = await page.goto(site('vonkje', '/members'));
  expect(await response!.text()).toContain('<div id="static-entry-warning">');
  await waitingForTheAnswer(page, api);
  await page.keyboard.press('Tab');
  const own = await appWarning(page);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(own).toBeVisible();
  await expect.poll(() => own.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await screenshots(page, 'members-fresh-warning-app');

  // accepting it: the dialog goes, the page is no longer inert, and the answer is kept with its cookie mirror: the next
  // page load comes without the warning
  await own.getByRole('button', { name: ACCEPT }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  expect(api.filter((u) => u.includes('/api/members.php'))).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('hide-site-entry-warning'))).toMatch(/^\d{13}$/);
  expect((await context.cookies()).find((c) => c.name === 'hide-site-entry-warning')?.value).toMatch(/^\d{13}$/);
  const again = await page.reload();
  expect(await again!.text()).not.toContain('id="static-entry-warning"');
  await takenOver(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(trouble).toEqual([]);
  await context.close();
  await bare.close();
  await member.close();
});

test("the keyboard on a fresh browser's /members: the app's dialog holds the focus, Enter on its accept answers it", async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Keyswarn', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await sessionOnly(member));
  const page = await context.newPage();
  await page.goto(site('vonkje', '/members'));
  // the copy has the focus (autofocus); the first key starts the app, whose dialog then holds it
  await expect.poll(() => liveWarning(page).evaluate((w) => w.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Tab');
  const dialog = await appWarning(page);
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // Tab and Shift+Tab go round its two controls, never out of it (the page behind is inert); Escape does not close it
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Escape']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus inside after ${key}`).toBe(true);
  }
  const accept = dialog.getByRole('button', { name: ACCEPT });
  while (!(await accept.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await context.close();
  await member.close();
});

test('with storage blocked, the warning is answered all the same: the page usable', async ({ browser }) => {
  const member = await freshMember(browser, 'Nostorage', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await sessionOnly(member));
  // as a browser that refuses this site its storage: every read and write throws
  await context.addInitScript(() => {
    for (const name of ['getItem', 'setItem', 'removeItem'] as const)
      Storage.prototype[name] = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
  });
  const page = await context.newPage();
  await page.goto(site('vonkje', '/members'));
  // the accept on the copy starts the app, and is made on the app's dialog, which answers it (for this page: it cannot be kept)
  await liveWarning(page).getByRole('button', { name: ACCEPT }).click();
  await takenOver(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('link', { name: 'Word premium' }).first().click();
  await expect(page).toHaveURL(site('vonkje', '/premium'));
  await context.close();
  await member.close();
});

test('a click on the static warning before the app has taken over is kept: the accept answered by the app, the leave link followed', async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Earlywarn', 'male');
  const cookies = await sessionOnly(member);
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(cookies);
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Left</title><p>Left the site</p>' }),
  );
  const page = await context.newPage();
  const release = await holdScript(page, /\/assets\/index-[\w-]{8}\.js$/);

  // the leave link: a plain link, followed without the app
  await page.goto(site('vonkje', '/members'));
  await page.locator(WARNING).getByRole('link', { name: 'Verlaten' }).click();
  await expect(page).toHaveURL('https://www.google.com/');
  await expect(page.getByText('Left the site')).toBeVisible();

  // accept while the app is still coming: kept (the copy stays, the page inert) until the app's dialog has taken its place,
  // which then gets the click: answered as the app answers it, with no dialog left
  await page.goto(site('vonkje', '/members'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await liveWarning(page).getByRole('button', { name: ACCEPT }).click();
  await expect(page.locator(WARNING)).toHaveCount(1);
  release();
  await takenOver(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator(WARNING)).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('hide-site-entry-warning'))).toMatch(/^\d{13}$/);
  expect((await context.cookies()).find((c) => c.name === 'hide-site-entry-warning')?.value).toMatch(/^\d{13}$/);
  expect(await (await page.reload())!.text()).not.toContain('id="static-entry-warning"');
  await context.close();
  await member.close();
});

test('a browser that answered the warning before its cookie mirror existed: the first input starts the app, which removes the copy', async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Oldanswer', 'male');
  const context = await browser.newContext({ serviceWorkers: 'block', extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  await context.addCookies(await sessionOnly(member));
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', '1700000000000'));
  const page = await context.newPage();
  const response = await page.goto(site('vonkje', '/members'));
  expect(await response!.text()).toContain('<div id="static-entry-warning">');
  await liveWarning(page).getByRole('button', { name: ACCEPT }).click();
  await takenOver(page);
  await expect(page.locator(WARNING)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('link', { name: 'Word premium' }).first().click();
  await expect(page).toHaveURL(site('vonkje', '/premium'));
  // and the app wrote the mirror: the next page load comes without the copy
  expect(await (await page.goto(site('vonkje', '/members')))!.text()).not.toContain('id="static-entry-warning"');
  await context.close();
  await member.close();
});
