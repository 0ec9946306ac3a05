import type { BrowserContext, Page } from '@playwright/test';
import { acceptEntry, expect, loginAs, screenshots, site, test } from './fixtures';

/**
 * Issue 17, the remaining routes: the match finder ends in search results, the suggestions after
 * signup (3 tiles on a phone), the language by country, static pages by token, and every footer
 * link, logged out and logged in, answering with a real page.
 */

const skipEntryWarning = (context: BrowserContext) =>
  context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));

/** The footer's links as [name, path]. */
const footerLinks = async (page: Page) => {
  // the footer is a chunk of its own that arrives after the screen
  await page.getByRole('contentinfo').getByRole('navigation').getByRole('link').first().waitFor();
  return page
    .getByRole('contentinfo')
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname] as const));
};

/** Follows every footer link from the page and checks each is a real page: its own heading, never the 404 screen. */
async function everyFooterLinkIsAPage(page: Page, links: (readonly [string, string])[]) {
  for (const [name, path] of links) {
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page, name).toHaveURL(new RegExp(`${path.replace(/[-/]/g, '\\$&')}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first(), `${name}: a page of its own`).toBeVisible();
    await expect(page.getByText('Deze pagina kon niet worden gevonden'), name).toHaveCount(0);
  }
}

test('the match finder asks three questions and ends in the search results', async ({ page, context }) => {
  await skipEntryWarning(context);
  await page.goto(site('vonkje', '/match-finder'));
  await expect(page.getByRole('heading', { name: 'Matchvinder', level: 1 })).toBeVisible();
  await expect(page.getByText('Vraag 1 van 3')).toBeVisible();
  await page.getByRole('button', { name: 'Vrouw', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Vrouw', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await screenshots(page, 'match-finder-1');
  await page.getByRole('button', { name: 'Volgende' }).click();

  await expect(page.getByRole('heading', { name: 'Welke leeftijd?' })).toBeVisible();
  await page.getByRole('button', { name: '30–44 jaar' }).click();
  await expect(page.getByLabel('Leeftijd vanaf')).toHaveValue('30');
  await expect(page.getByLabel('Leeftijd tot')).toHaveValue('44');
  await page.getByRole('button', { name: 'Volgende' }).click();

  await expect(page.getByRole('heading', { name: 'Waar?' })).toBeVisible();
  await page.getByLabel('Land').selectOption('NL');
  await screenshots(page, 'match-finder-3');
  await page.getByRole('button', { name: 'Toon mijn matches' }).click();

  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { name: /^Gevonden leden: \d+$/ })).toBeVisible();
  // the search form shows the finder's answers, and the results are of that search
  await expect(page.getByLabel('Geslacht')).toHaveValue('female');
  await expect(page.getByLabel('Leeftijd vanaf')).toHaveValue('30');
  await expect(page.getByLabel('Leeftijd tot')).toHaveValue('44');
  const ages = await page.locator('section[aria-labelledby="search-results"] > ul').first().getByRole('listitem').allTextContents();
  expect(ages.length).toBeGreaterThan(0);
  for (const text of ages) {
    // two digits before "jaar": a tile's text runs on without spaces, and a name may end in digits ("Fenna14906" + "33 jaar")
    const age = Number(/(\d{2}) jaar/.exec(text)?.[1]);
    expect(age, text).toBeGreaterThanOrEqual(30);
    expect(age, text).toBeLessThanOrEqual(44);
  }
});

test('after signup the suggestions show 3 member tiles on a phone, more on a desktop', async ({ page }) => {
  await loginAs(page, 'free@example.com');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(site('vonkje', '/signup-matches'));
  await expect(page.getByRole('heading', { name: 'Voorgesteld voor jou' })).toBeVisible();
  // every tile, shown or not (a role query would skip the hidden ones)
  const tiles = page.getByRole('region', { name: 'Voorgesteld voor jou' }).locator('li');
  await expect(tiles.first()).toBeVisible();
  const visible = async () => await tiles.evaluateAll((items) => items.filter((li) => (li as HTMLElement).offsetParent !== null).length);
  expect(await tiles.count()).toBeGreaterThan(3);
  expect(await visible()).toBe(3);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await visible()).toBeGreaterThan(3);
  await screenshots(page, 'signup-matches');
  await page.getByRole('link', { name: 'Alle leden bekijken' }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('the language by country: Switzerland offers German and English on the German site, and English sticks', async ({ page, context }) => {
  await skipEntryWarning(context);
  await page.goto(site('she-de', '/lang-config'));
  await expect(page.getByRole('heading', { name: 'Land und Sprache', level: 1 })).toBeVisible();
  await page.getByLabel('Land', { exact: true }).selectOption('CH');
  const group = page.getByRole('group', { name: 'Sprache' });
  await expect(group.getByRole('button')).toHaveText([/^Deutsch/, /^English/]);
  await expect(group.getByRole('button', { name: /Deutsch/ })).toHaveAttribute('aria-current', 'true');
  await screenshots(page, 'lang-config');
  await group.getByRole('button', { name: /English/ }).click();
  await expect(page.getByRole('heading', { name: 'Country and language', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
  await page.goto(site('she-de', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a static page by its token, and an unknown one', async ({ page, context }) => {
  await skipEntryWarning(context);
  await page.goto(site('vonkje', '/faq'));
  await expect(page.getByRole('heading', { name: 'Veelgestelde vragen', level: 1 })).toBeVisible();
  const res = await page.goto(site('vonkje', '/geen-pagina'));
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Deze pagina kon niet worden gevonden')).toBeVisible();
});

test('the logged-out footer: every link is a real page, with the match finder and the language choice', async ({ page, context }) => {
  await skipEntryWarning(context);
  await page.goto(site('vonkje', '/'));
  await acceptEntry(page);
  const links = await footerLinks(page);
  expect(links.map(([, path]) => path)).toEqual([
    '/pages/terms',
    '/pages/privacy',
    '/pages/cookies',
    '/pages/ban',
    '/pricing',
    '/complaints',
    '/pages/return-policy',
    '/pages/faq',
    '/pages/service',
    '/match-finder',
    '/lang-config',
  ]);
  await everyFooterLinkIsAPage(page, links);
  // no US footer outside the English locale
  await expect(page.getByTestId('us-footer')).toHaveCount(0);
});

test('the logged-in footer: every link is a real page, with the settings instead of the visitor links', async ({ page }) => {
  await loginAs(page, 'free@example.com');
  const links = await footerLinks(page);
  expect(links.map(([, path]) => path)).toEqual([
    '/pages/terms',
    '/pages/privacy',
    '/pages/cookies',
    '/pages/ban',
    '/pricing',
    '/complaints',
    '/pages/return-policy',
    '/pages/faq',
    '/pages/service',
    '/notifications',
  ]);
  await everyFooterLinkIsAPage(page, links);
});

test('the English site carries the US footer', async ({ page, context }) => {
  await skipEntryWarning(context);
  await page.goto(site('she-eng', '/'));
  const us = page.getByTestId('us-footer');
  await expect(us).toContainText('18 U.S.C. § 2257');
  await us.getByRole('link', { name: 'US privacy rights' }).click();
  await expect(page).toHaveURL(/\/pages\/privacy$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
});

test('the legal pages and /complaints fit a 375 px phone in the languages with the longest words', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await skipEntryWarning(context);
  const page = await context.newPage();
  try {
    for (const slug of ['vonkje', 'bdsm-de', 'she-fi'])
      for (const path of [
        '/complaints',
        '/pages/terms',
        '/pages/privacy',
        '/pages/cookies',
        '/pages/ban',
        '/pages/return-policy',
        '/pages/faq',
        '/pages/service',
        '/pricing',
      ]) {
        await page.goto(site(slug, path));
        await page.locator('article h1').first().waitFor();
        // "Klachtenprocedure" once made the Dutch page 406 px wide: long words break, never widen the page
        expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${slug}${path}`).toBeLessThanOrEqual(375);
      }
  } finally {
    await context.close();
  }
});
