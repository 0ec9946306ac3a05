import type { Page } from '@playwright/test';
import { acceptEntry, browserJson, browserPost, createAccount, expect, finishWizard, loginAs, screenshots, site, test } from './fixtures';

// Issue 33, "People first": a member's home is the members page, whose first screen on a phone is
// people (the filters in a sheet), under one banner at a time.
test.use({ country: 'NL', viewport: { width: 375, height: 667 } });

/** The member banners (spec section 2) by their names. */
const BANNERS = /^(Bevestig je e-mailadres|E-mails staan uit|Welkomstbonus|Profielfoto toevoegen|Meldingen)$/;
const banners = (page: Page) => page.getByRole('region', { name: BANNERS });
const results = (page: Page) => page.getByRole('region', { name: /^Gevonden leden/ });

/** The result tiles once their photos are in (boxes measured after the images have loaded). */
async function loadedTiles(page: Page) {
  const tiles = results(page).getByRole('listitem');
  await expect(tiles.first()).toBeVisible();
  // the photos on screen (the others load lazily, when scrolled to)
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main img')]
      .filter((i) => i.getBoundingClientRect().top < innerHeight)
      .every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
  );
  return tiles;
}

/** A member signed up through the API (as the modal does) and NOT confirmed: mail confirmation, time bonus, no photo. */
async function unconfirmedMember(page: Page, name: string) {
  await page.goto(site('vonkje', '/'));
  await acceptEntry(page);
  const email = `e2e-people-${name.toLowerCase()}-${Date.now()}@example.org`;
  const { status } = await browserPost(page, '/api/signup.php', {
    email,
    password: 'e2e-password-1',
    name,
    date_of_birth: '1990-04-12',
    gender: 'male',
  });
  expect(status).toBe(201);
}

test('login lands on /members, and / with a session goes to /members (a visitor keeps the landing page)', async ({ page }) => {
  await page.goto(site('vonkje', '/'));
  await acceptEntry(page);
  await expect(page.getByRole('link', { name: 'Gratis aanmelden' }).first()).toBeVisible();
  await loginAs(page, 'free@example.com');
  await expect(page).toHaveURL(site('vonkje', '/members'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leden zoeken');
  await expect(page.getByText('Welkom terug')).toHaveCount(0);
  await screenshots(page, 'people-first-after-login');
  const res = await page.goto(site('vonkje', '/'));
  expect(res?.request().redirectedFrom()?.url()).toBe(site('vonkje', '/'));
  await expect(page).toHaveURL(site('vonkje', '/members'));
  // in the app too: the logo leads a member home
  await page
    .getByRole('link', { name: /Vonkje/ })
    .first()
    .click();
  await expect(page).toHaveURL(site('vonkje', '/members'));
});

test('on a phone the filters are one button with a sheet; four profiles on the first screen; the count and the results follow', async ({
  page,
}) => {
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/members'));
  // a member who dismissed nothing may see one banner: it counts in the first screen
  const tiles = await loadedTiles(page);
  const first = await tiles.evaluateAll((items) =>
    items.map((i) => i.getBoundingClientRect()).filter((r) => r.top < 667 && Math.min(r.bottom, 667) - r.top >= r.height / 2),
  );
  expect(first.length, 'tiles at least half within the first 375 × 667 screen').toBeGreaterThanOrEqual(4);
  const button = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(button).toBeVisible();
  await expect(page.getByRole('form', { name: 'Zoekfilters' })).toBeHidden();
  await screenshots(page, 'people-first-members-phone');
  await page.setViewportSize({ width: 375, height: 667 });

  // the sheet: a dialog with the filters; Escape closes it and the focus is back on the button
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Zoekfilters' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await sheet.getByLabel('Leeftijd vanaf').selectOption('40');
  await page.screenshot({ path: 'test-results/people-first-filter-sheet-phone.png' });
  await sheet.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(sheet).toBeHidden();
  const counted = page.getByRole('button', { name: 'Filters, 1 aangepast' });
  await expect(counted).toBeVisible();
  await expect(counted).toContainText('1');
  // the results follow: every card is 40 or older
  await expect
    .poll(async () => {
      // the matches' list (similar profiles, when few match, come in a list of their own)
      const texts = await results(page).getByRole('list').first().getByRole('listitem').allInnerTexts();
      const ages = texts.map((l) => Number(/(\d+) jaar/.exec(l)?.[1])).filter((n) => n > 0);
      return ages.length > 0 && ages.every((a) => a >= 40);
    })
    .toBe(true);
  await loadedTiles(page);
  await screenshots(page, 'people-first-members-filtered');
  await page.setViewportSize({ width: 375, height: 667 });

  // reset: back to the first search, no count
  await counted.click();
  await sheet.getByRole('button', { name: 'Herstellen' }).click();
  await expect(sheet.getByLabel('Leeftijd vanaf')).toHaveValue('18');
  await sheet.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

  // from 768 px the filters stay in the page, and no button
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('form', { name: 'Zoekfilters' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
});

test('a fresh member with every banner due sees one at a time on a phone; dismissing it shows the next', async ({ page }) => {
  await unconfirmedMember(page, 'Banners');
  await page.goto(site('vonkje', '/members'));
  await expect(page).toHaveURL(site('vonkje', '/members'));
  await loadedTiles(page);
  await screenshots(page, 'people-first-one-banner');
  await page.setViewportSize({ width: 375, height: 667 });
  for (const name of ['Bevestig je e-mailadres', 'Welkomstbonus', 'Profielfoto toevoegen']) {
    const banner = page.getByRole('region', { name });
    await expect(banner).toBeVisible();
    await expect(banners(page)).toHaveCount(1);
    await banner.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect(banner).toHaveCount(0);
  }
  // last the push alert (this browser can turn notifications on), "Niet nu" dismisses it
  const push = page.getByRole('region', { name: 'Meldingen' });
  await expect(push).toBeVisible();
  await expect(banners(page)).toHaveCount(1);
  await push.getByRole('button', { name: 'Niet nu' }).click();
  await expect(banners(page)).toHaveCount(0);
  // remembered: the next page load (the worker's first paint and the app) has none
  await page.reload();
  await loadedTiles(page);
  await expect(banners(page)).toHaveCount(0);
});

test('no push alert right after the signup’s push step (skipped), while the other banners still come one at a time', async ({ page }) => {
  await page.goto(site('vonkje', '/'));
  await acceptEntry(page);
  await page.getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  await createAccount(page, `e2e-people-push-${Date.now()}@example.org`, 'Pushstap');
  await finishWizard(page);
  expect(Number(await page.evaluate(() => localStorage.getItem('hide-push-notification-alert')))).toBeGreaterThan(Date.now() - 600_000);
  await page.goto(site('vonkje', '/members'));
  await loadedTiles(page);
  await screenshots(page, 'people-first-after-signup');
  await page.setViewportSize({ width: 375, height: 667 });
  for (const name of ['Bevestig je e-mailadres', 'Welkomstbonus', 'Profielfoto toevoegen']) {
    const banner = page.getByRole('region', { name });
    await expect(banner).toBeVisible();
    await expect(banners(page)).toHaveCount(1);
    await banner.getByRole('button', { name: 'Melding sluiten' }).click();
  }
  await expect(banners(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Meldingen' })).toHaveCount(0);
  expect(await browserJson<{ user: { signup_step: string } }>(page, '/api/user.php')).toMatchObject({ user: { signup_step: 'done' } });
});
