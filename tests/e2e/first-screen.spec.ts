import { acceptEntry, expect, holdScript, loginFresh, screenshots, site, test } from './fixtures';

/**
 * Issue 11's first screen: the visitor's landing page comes prerendered in the HTML (it shows
 * before, and without, any JavaScript), the app takes it over without a visible change, and a
 * click made before the take-over is not lost: the app does it once it has taken over.
 */
const HERO = 'Vrouwen bij jou in de buurt willen je leren kennen';

test('the landing page is in the HTML itself: it shows without JavaScript, and its links work', async ({ browser }) => {
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const page = await bare.newPage();
  await page.goto(site('vonkje', '/'));
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).first()).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Algemene voorwaarden' })).toBeVisible();
  for (const [label, width] of [
    ['phone', 375],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `tests/e2e/screenshots/landing-no-js-${label}.png`, fullPage: true });
  }
  await bare.close();
});

test("the app takes the prerendered page over: the same page, no second copy, and its links are the app's", async ({ page }) => {
  await page.goto(site('vonkje', '/'));
  await acceptEntry(page);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  for (const [label, width] of [
    ['phone', 375],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `tests/e2e/screenshots/landing-taken-over-${label}.png`, fullPage: true });
  }
  // the app's own link now: the signup modal, no page load
  await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  await expect(page.getByRole('dialog').getByText('Stap 1 van 7')).toBeVisible();
  await expect(page).toHaveURL(site('vonkje', '/'));
});

test('a click on the prerendered page before the app has taken over is done by the app', async ({ page }) => {
  // a site without the entry warning, and the entry chunk held back until the click has been made
  const release = await holdScript(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto(site('gay-nl', '/'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await page.getByRole('main').getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  // still the landing page: the click waits for the app
  await expect(page).toHaveURL(site('gay-nl', '/'));
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('dialog').getByText('Stap 1 van 7')).toBeVisible();
  await expect(page).toHaveURL(site('gay-nl', '/'));
});

test("the members page searches at once: the first screen's photos load eagerly at high priority, the rest lazily", async ({
  page,
  browser,
}) => {
  // a Belgian member: their search (Belgian women) is the demo data's, with photos; the Dutch one of
  // the demo members opens with the new members, without photos, that specs beside this one make
  await loginFresh(page, browser, 'Brusselaar', 'male', 'BE');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(site('vonkje', '/members'));
  const results = page.getByRole('region', { name: /^Gevonden leden/ });
  await expect(results.getByRole('link').first()).toBeVisible();
  // by card (a member without a photo shows an initial instead)
  const cards = results.getByRole('listitem');
  expect(await cards.count()).toBeGreaterThan(4);
  const first = results.getByRole('listitem').filter({ has: page.locator('img') });
  const loading = await cards.evaluateAll((items) => items.map((li) => li.querySelector('img')?.getAttribute('loading') ?? null));
  const priority = await cards.evaluateAll((items) => items.map((li) => li.querySelector('img')?.getAttribute('fetchpriority') ?? null));
  expect(await first.count()).toBeGreaterThan(0);
  loading.forEach((value, i) => value !== null && expect(value).toBe(i < 4 ? 'eager' : 'lazy'));
  priority.forEach((value, i) => value !== null && expect(value).toBe(i < 4 ? 'high' : 'auto'));
  expect(loading.slice(0, 4).some((v) => v === 'eager')).toBe(true);
  await screenshots(page, 'members-first-screen');
});
