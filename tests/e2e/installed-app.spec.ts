import type { BrowserContext, Page } from '@playwright/test';
import { expect, loginAs, screenshots, site, test } from './fixtures';

/**
 * Issue 17, the installed app: the manifest, the service worker that keeps the shell and the
 * build files (the shell loads offline; without a shell, the offline page), the install prompt
 * where the browser offers one, and the back button of the installed app.
 */

const skipEntryWarning = (context: BrowserContext) =>
  context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));

/** Waits until the service worker (registered after the page's load) controls the page and has kept the shell. */
async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    for (;;) {
      const shell = await caches.open('shell-1');
      if ((await shell.match('/__shell')) && (await shell.match('/offline.html'))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

test("the manifest is linked, valid for Chromium, and the site's own", async ({ page, context }) => {
  await skipEntryWarning(context);
  const response = await page.goto(site('bdsm-nl', '/'));
  // linked by the app once the page has loaded (not fetched beside the first paint's fonts), with the icon for iOS
  expect(await response!.text()).not.toContain('rel="manifest"');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.json');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/b3123e-192.png');
  const cdp = await context.newCDPSession(page);
  const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
  expect(url).toBe(site('bdsm-nl', '/manifest.json'));
  expect(errors).toEqual([]);
  const manifest = JSON.parse(data!) as { name: string; theme_color: string; icons: { src: string }[] };
  expect(manifest).toMatchObject({ name: 'Strenge Dates', theme_color: '#b3123e' });
  // every icon loads as an image of its size
  for (const icon of manifest.icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return img.naturalWidth;
    }, icon.src);
    expect([192, 512]).toContain(size);
  }
});

test('the service worker installs, keeps the shell, and the site loads offline', async ({ browser }) => {
  // its own context: offline, the browser reports the requests it cannot make (the app's API calls) as console errors
  const context = await browser.newContext();
  const page = await context.newPage();
  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(e.message));
  await skipEntryWarning(context);
  await page.goto(site('vonkje', '/'));
  await serviceWorkerReady(page);
  const version = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (e) => resolve((e.data as { version: number }).version), { once: true });
        navigator.serviceWorker.controller!.postMessage('version');
      }),
  );
  expect(version).toBe(2);
  // the API and photos are never kept
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(kept.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(kept.filter((u) => /^\/(api|media)\//.test(u))).toEqual([]);

  await context.setOffline(true);
  // a navigation without network: the kept shell, and the app renders the screen itself
  await page.goto(site('vonkje', '/'));
  await expect(page.getByRole('banner').getByRole('link', { name: /Vonkje/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Vonkje');
  await screenshots(page, 'offline-shell');

  // without a kept shell: the offline page, in the site's language
  await page.evaluate(async () => (await caches.open('shell-1')).delete('/__shell'));
  await page.goto(site('vonkje', '/members'));
  await expect(page.getByRole('heading', { name: 'Je bent offline' })).toBeVisible();
  await screenshots(page, 'offline-page');
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByRole('heading', { name: /Leden zoeken|Log in om leden te zoeken/ })).toBeVisible();
  expect(crashes).toEqual([]);
  await context.close();
});

test("a lander registers the service worker too, and the kept shell stays the member site's app", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipEntryWarning(context);
  await page.goto(site('vonkje', '/landers/gallery'));
  await expect(page.locator('[data-state="ok"]')).toBeVisible();
  await serviceWorkerReady(page);
  // a lander's page (the landers' own build) loaded through the service worker is never kept as the shell
  await page.goto(site('vonkje', '/landers/video/summer'));
  await expect(page.locator('[data-state="ok"]')).toBeVisible();
  const shell = await page.evaluate(async () => (await (await caches.open('shell-1')).match('/__shell'))!.text());
  expect(shell).toMatch(/src="\/assets\/index-[\w-]{8}\.js"/);
  expect(shell).not.toMatch(/src="\/assets\/lander-/);
  // the lander's app done loading first: a lazy chunk refused offline reloads the page once (web/lib/chunk-reload.ts),
  // which would cut the navigation below short (the likely cause of an ERR_ABORTED here, once in CI)
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.goto(site('vonkje', '/'));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('logging out deletes the kept shell (it carries the member)', async ({ page }) => {
  await loginAs(page, 'free@example.com');
  await serviceWorkerReady(page);
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible();
  const kept = await page.evaluate(async () => (await (await caches.open('shell-1')).match('/__shell'))?.text() ?? null);
  // gone, or (after a later navigation) a visitor's page: never the member's
  if (kept !== null) expect(kept).toContain('"user":null');
});

/** Chromium fires beforeinstallprompt only for a real install; the test hands the app the same event. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('the install prompt shows when the browser offers one, after the first tap, and a dismissal is remembered', async ({
  page,
  context,
}) => {
  await skipEntryWarning(context);
  // Offered by the page itself, not by page.evaluate (Playwright evaluates with a user gesture, which
  // is the visitor's activation the card waits for): the app listens from its lazy module, after the
  // page's load, so the page offers until the app takes the offer, and says so on the console.
  await context.addInitScript(() => {
    const offer = () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
      if (event.defaultPrevented) console.log('install offer taken');
      else setTimeout(offer, 100);
    };
    window.addEventListener('load', () => setTimeout(offer, 100), { once: true });
  });
  const taken = page.waitForEvent('console', (m) => m.text() === 'install offer taken');
  await page.goto(site('vonkje', '/'));
  await taken;
  const prompt = page.getByRole('dialog', { name: 'Vonkje als app' });
  // not over a first screen nobody has touched yet: it comes with the visitor's first tap or key
  await expect(prompt).toHaveCount(0);
  await page.getByRole('heading', { level: 1 }).click();
  await expect(prompt).toBeVisible();
  await screenshots(page, 'install-prompt');
  await prompt.getByRole('button', { name: 'Niet nu' }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => Number(localStorage.getItem('hide-install-prompt')))).toBeGreaterThan(0);
  await page.reload();
  // the app's listener takes the browser's offer (keeping the browser's own banner away) but shows nothing
  await expect.poll(() => offerInstall(page)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Vonkje als app' })).toHaveCount(0);
});

test("the installed app has a back button on a member's profile when there is history; the browser has none", async ({ page, context }) => {
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/members'));
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0);

  // as the installed app: Chromium's emulation has no display-mode, so the browser's matchMedia
  // answers that one query as an installed app's would (everything else is the browser's own)
  await context.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === '(display-mode: standalone)' ? ({ ...real(query), matches: true, media: query } as MediaQueryList) : real(query);
  });
  await page.goto(site('vonkje', '/members'));
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  // the first screen has no history in the app: no back button, and search is not a screen with one
  await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0);
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  const back = page.getByRole('button', { name: 'Terug' });
  await expect(back).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await screenshots(page, 'installed-back-button');
  await back.click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('button', { name: 'Terug' })).toHaveCount(0);
});
