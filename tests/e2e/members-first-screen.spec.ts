import type { Locator, Page } from '@playwright/test';
import { expect, freshMember, screenshots, site, test } from './fixtures';

/**
 * Issue 11's first screen: a member's /members comes with the page's first screen in the HTML (the
 * build's template, filled by the worker with the member's navigation and first filters), so the
 * title, the navigation and the filters paint before any script has run; the app then takes the
 * page over with the same elements in the same places (no shift), and a click made before that is
 * done by the app.
 */

/** What a member sees of the navigation and the page above the results: each link, button, heading, label and chosen option. */
const visible = (root: Locator) =>
  root.evaluate((el) =>
    [...el.querySelectorAll('header a, header button, h1, aside h2, aside label, aside select, aside button')].map((n) => {
      const text = n instanceof HTMLSelectElement ? (n.selectedOptions[0]?.textContent ?? '') : (n.textContent ?? '').trim();
      return `${n.tagName} ${n.getAttribute('href') ?? ''} ${n.getAttribute('aria-label') ?? ''} ${text}`;
    }),
  );
/**
 * Where the header, and the page's title and filters in the page's main, sit (a take-over that moved
 * them is a layout shift). The member banners above main (a new member's photo alert…) come with
 * the app, as before: the title and filters are measured from main's top.
 */
const boxes = (page: Page) =>
  page.locator('#root').evaluate((root) => {
    const main = root.querySelector('main')!.getBoundingClientRect();
    return [root.querySelector('header')!, root.querySelector('h1')!, root.querySelector('aside')!].map((el, i) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: i === 0 ? r.y : r.y - main.y, width: r.width, height: r.height };
    });
  });
const takenOver = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');

test("a member's /members is in the HTML itself, with the member's navigation, and the app takes it over unchanged", async ({ browser }) => {
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
  const before = await visible(html.locator('#root'));
  const at = await boxes(html);
  await screenshots(html, 'members-first-screen-no-js');

  const page = member.page;
  await page.setViewportSize({ width: 1280, height: 720 });
  await html.setViewportSize({ width: 1280, height: 720 });
  const atDesktop = await boxes(html);
  // the member's browser has the installed app's service worker (every page registers it): the page it passes on comes prerendered too
  const response = await page.goto(site('vonkje', '/members'));
  expect(response!.fromServiceWorker()).toBe(true);
  expect(await response!.text()).toContain('<div id="root" data-prerendered="">');
  await takenOver(page);
  expect(await visible(page.locator('#root'))).toEqual(before);
  expect(await boxes(page)).toEqual(atDesktop);
  expect(at[1]!.height).toBeGreaterThan(0);
  // the app's own page: its search answers and the cards show
  await expect(page.locator('#root section[aria-busy="false"]')).toHaveCount(1);
  await screenshots(page, 'members-first-screen-taken-over');
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
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
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
