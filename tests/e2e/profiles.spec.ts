import type { Page } from '@playwright/test';
import { DEV_MODERATOR, devTotpSecret, totpNow } from '../../scripts/dev-operator';
import { acceptEntry, browserPost, expect, freshMember, loginAs, loginFresh, port, screenshots, site, test } from './fixtures';

/** The member ids of the current result list. */
async function resultIds(page: Page) {
  await expect(page.getByRole('heading', { name: /Gevonden leden: \d+/ })).toBeVisible();
  const hrefs = await page
    .locator('section[aria-labelledby="search-results"] a[href^="/members/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return hrefs.map((h) => Number(h.split('/')[2]));
}

test.use({ country: 'NL' });

test('upload a photo, see it under inspection, approve it, see it on the profile', async ({ page, browser }) => {
  // a member of this test's own: it approves the newest of the member's photos
  await loginFresh(page, browser, 'Fotolid', 'female');
  await page.goto(site('vonkje', '/profile'));
  await expect(page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  // a new member has no region yet, which the form requires
  await page.getByLabel('Provincie of regio').selectOption({ label: 'Noord-Holland' });
  await page.getByLabel('Haarkleur').selectOption({ label: 'Rood' });
  await page.getByRole('button', { name: 'Profiel opslaan' }).click();
  await expect(page.getByText('Je profiel is opgeslagen.')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles('tests/fixtures/gps.jpg');
  await expect(page.getByText('Wordt gecontroleerd').first()).toBeVisible();
  await screenshots(page, 'profile-photo-pending');

  // the development moderator approves it through the operators' API on the operator host (tests/e2e/operator.spec.ts uses the console)
  const { photos, user } = (await page.evaluate(async () => (await fetch('/api/photos.php')).json())) as {
    photos: { id: string }[];
    user: { id: number };
  };
  const operator = await page.context().newPage();
  await operator.goto(`http://operator.localhost:${port}/`);
  const approve = async (id: string, origin: Page) =>
    (await browserPost(origin, '/api/operator/photo.php', { id, decision: 'approve' })).status;
  const newest = photos[photos.length - 1]!.id;
  expect(await approve(newest, page)).toBe(404); // never on a member site's host
  expect(await approve(newest, operator)).toBe(403); // not without an operator's session
  const login = (
    await browserPost(operator, '/api/operator/login.php', {
      email: DEV_MODERATOR.email,
      password: DEV_MODERATOR.password,
      code: totpNow(devTotpSecret(undefined, DEV_MODERATOR.email)),
    })
  ).status;
  expect(login).toBe(200);
  const result = await approve(newest, operator);
  await operator.close();
  expect(result).toBe(200);

  await page.goto(site('vonkje', `/members/${user.id}`));
  await expect(page.getByRole('heading', { name: /Fotolid/ })).toBeVisible();
  const image = page.getByRole('img', { name: /Foto 1 van Fotolid/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await screenshots(page, 'member-own-profile');
});

test('search on two niche sites shows two different pools, and filters narrow the list', async ({ page }) => {
  await page.goto(site('vonkje', '/members'));
  await acceptEntry(page);
  const main = await resultIds(page);
  expect(main.length).toBeGreaterThan(0);
  await screenshots(page, 'members-vonkje');

  await page.getByLabel('Land').selectOption('BE');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  // the Dutch list's heading is visible until the new answer replaces it: read until the list is Belgium's
  await expect
    .poll(async () => {
      const belgian = await resultIds(page);
      return belgian.length > 0 && !belgian.every((id) => main.includes(id));
    })
    .toBe(true);

  await page.goto(site('bdsm-nl', '/members'));
  await acceptEntry(page);
  const bdsm = await resultIds(page);
  expect(bdsm.length).toBeGreaterThan(0);
  expect(bdsm.filter((id) => main.includes(id))).toEqual([]);
  await screenshots(page, 'members-bdsm-nl');
});

test('block a member: they vanish from the results and the profile says so', async ({ page, browser }) => {
  // the member blocked is this test's own (newest, so on the first page): the first of the results
  // may be another spec's member, deleted while this test runs
  const blocked = await freshMember(browser, 'Blokkade', 'female');
  await blocked.close();
  const target = blocked.id;
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/members'));
  const before = await resultIds(page);
  expect(before).toContain(target);
  await page.locator(`a[href="/members/${target}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/members/${target}$`));
  await expect(page.getByRole('button', { name: 'Blokkeren' })).toBeVisible();
  await screenshots(page, 'member-profile');
  await page.getByRole('button', { name: 'Blokkeren' }).click();
  await page.getByRole('button', { name: 'Ja, blokkeren' }).click();
  await expect(page).toHaveURL(/\/members$/);
  const after = await resultIds(page);
  expect(after).not.toContain(target);
  await page.goto(site('vonkje', `/members/${target}`));
  await expect(page.getByText(/geblokkeerd/)).toBeVisible();
  await screenshots(page, 'member-blocked');
  await page.getByRole('button', { name: 'Deblokkeren' }).click();
  await page.goto(site('vonkje', '/members'));
  expect(await resultIds(page)).toContain(target);
});
