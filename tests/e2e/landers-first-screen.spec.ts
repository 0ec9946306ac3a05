import type { Locator, Page } from '@playwright/test';
import { expect, holdScript, screenshots, site, test } from './fixtures';

/**
 * Issue 17's first screen: the gallery and video landers come prerendered with this request's
 * profiles (web/lander-prerender.tsx, the shell fills the templates), so they show without any
 * JavaScript; the landers' app takes the page over after its photos are in, with the same page
 * (no flash, no second copy) and without asking for the profiles again; a click made before the
 * take-over is done by the app.
 */

// from the US: the lander layout shows the entry warning only in NL and DE (spec section 2)
test.use({ country: 'US' });

const PAGES = [
  ['gallery', 'she-eng', '/landers/gallery', 'New on Sparkly'],
  ['video', 'vonkje', '/landers/video/summer', 'Zie het zelf'],
] as const;

/** What a visitor sees of the page: each heading, text, link and image of #root, in order. */
const visible = (root: Locator) =>
  root.evaluate((el) =>
    [...el.querySelectorAll('h1, p, a, img, video, li')].map(
      (n) =>
        `${n.tagName} ${n.getAttribute('href') ?? n.getAttribute('src') ?? ''} ${n.tagName === 'LI' ? '' : (n.textContent ?? '').trim()}`,
    ),
  );

const takenOver = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');

test('the gallery and video landers are in the HTML itself, with their profiles, and the app takes them over unchanged', async ({
  browser,
  page,
}) => {
  const bare = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'CF-IPCountry': 'US' } });
  const html = await bare.newPage();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/lander.php') && calls.push(r.url()));
  for (const [name, slug, path, heading] of PAGES) {
    await html.goto(site(slug, path));
    await expect(html.getByRole('heading', { level: 1 })).toHaveText(heading);
    const tiles = html.locator('main li a[href^="/members/"] img');
    expect(await tiles.count()).toBeGreaterThan(3);
    await expect(tiles.first()).toHaveAttribute('src', /-t\.webp$/);
    await expect(tiles.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(
      html
        .getByRole('main')
        .getByRole('link', { name: slug === 'vonkje' ? 'Meld je gratis aan' : 'Sign up for free' })
        .first(),
    ).toHaveAttribute('href', '/signup');
    if (name === 'video')
      expect(await html.locator('video').evaluate((v: HTMLVideoElement) => ({ muted: v.muted, poster: v.getAttribute('poster') }))).toEqual(
        { muted: true, poster: '/lander/reel-poster.webp' },
      );
    if (slug === 'she-eng') await expect(html.locator('a[data-kind]')).toHaveCount(2);
    await screenshots(html, `lander-${name}-no-js`);
    const before = await visible(html.locator('#root'));

    await page.goto(site(slug, path));
    await takenOver(page);
    await expect(page.locator(`[data-lander="${name}"][data-state="ok"]`)).toHaveCount(1);
    expect(await visible(page.locator('#root'))).toEqual(before);
    // the video plays (muted) once the app has taken over
    if (name === 'video')
      await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.muted && v.autoplay && !v.paused)).toBe(true);
    await screenshots(page, `lander-${name}-taken-over`);
  }
  // the profiles came with the page: the app asked for none
  expect(calls).toEqual([]);
  await bare.close();
});

test('a click on a prerendered lander before the app has taken over is done by the app', async ({ page }) => {
  const release = await holdScript(page, /\/assets\/lander-[\w-]{8}\.js$/);
  await page.goto(site('vonkje', '/landers/gallery?network=x&sub1=y'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await page.getByRole('main').getByRole('link', { name: 'Meld je gratis aan' }).first().click();
  await expect(page).toHaveURL(site('vonkje', '/landers/gallery?network=x&sub1=y'));
  release();
  await takenOver(page);
  await expect(page.getByRole('dialog').getByText('Stap 1 van 7')).toBeVisible();
  await expect(page).toHaveURL(site('vonkje', '/landers/gallery?network=x&sub1=y'));
});

test('the app hydrates a prerendered lander: the page it was sent stays, element for element', async ({ page }) => {
  const release = await holdScript(page, /\/assets\/lander-[\w-]{8}\.js$/);
  await page.goto(site('she-eng', '/landers/gallery'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  // a mark on the markup's own elements (a property, not an attribute): a page rendered anew would lose them
  const marked = () =>
    page.evaluate(() => {
      const els = [
        document.querySelector('#root h1'),
        ...document.querySelectorAll('main li a[href^="/members/"] img'),
        document.querySelector('footer'),
      ];
      return els.map((el) => !!el && (el as Element & { kept?: boolean }).kept === true);
    });
  await page.evaluate(() => {
    for (const el of [
      document.querySelector('#root h1'),
      ...document.querySelectorAll('main li a[href^="/members/"] img'),
      document.querySelector('footer'),
    ])
      if (el) (el as Element & { kept?: boolean }).kept = true;
  });
  const before = await marked();
  expect(before.length).toBeGreaterThan(5);
  release();
  await takenOver(page);
  await expect(page.locator('[data-lander="gallery"][data-state="ok"]')).toHaveCount(1);
  // hydrated: the same elements, now the app's (a tile's link is the app's: it opens the signup, no page load)
  expect(await marked()).toEqual(before.map(() => true));
});
