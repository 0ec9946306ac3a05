import { browserJson, expect, freshMember, loginAs, screenshots, site, test } from './fixtures';

// Issue 33, "First impressions": what a new member meets first, at a phone's width (375 px).
test.use({ country: 'NL', viewport: { width: 375, height: 812 } });

test('a free member’s page loads answer no error: no 404 in the console for the welcome discount', async ({ page }) => {
  // the demo free member joined long ago: no time bonus, no welcome code (its 7 days are over)
  const failed: string[] = [];
  const discounts: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
    if (r.url().includes('/api/discountcode.php?welcome=true')) discounts.push(r.status());
  });
  await loginAs(page, 'free@example.com');
  for (const path of ['/members', '/likes', '/chats']) {
    await page.goto(site('vonkje', path));
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // the app asks for an active discount on a free member's page loads (spec section 8; /members has it in the page):
  // none is a 200 with null
  expect(discounts.length).toBeGreaterThan(0);
  expect(discounts.every((status) => status === 200)).toBe(true);
  expect(await browserJson(page, '/api/discountcode.php?welcome=true')).toEqual({ discountcode: null });
  expect(failed).toEqual([]);
});

test('the fictional label reads the same on a lander and in the app: “Fictief profiel”', async ({ page }) => {
  await page.goto(site('vonkje', '/landers/gallery/autumn'));
  await page.getByRole('button', { name: /Ik ben 18\+ en ga verder/ }).click();
  await expect(page.locator('[data-lander="gallery"][data-state="ok"]')).toBeVisible();
  await expect(page.getByText('Fictief profiel', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('fictief profiel', { exact: true })).toHaveCount(0);
  await screenshots(page, 'first-impressions-lander-label');
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/members'));
  await expect(page.getByRole('main').getByText('Fictief profiel', { exact: true }).first()).toBeVisible();
});

test('the Dutch 404 page speaks Dutch', async ({ page }) => {
  const res = await page.goto(site('vonkje', '/deze-pagina-bestaat-niet'));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina kon niet worden gevonden');
  await expect(page.getByRole('link', { name: 'Terug naar de homepage' })).toBeVisible();
});

test('signup: an error goes once its field is valid; the password hint and error do not repeat; a man is offered no “Lesbisch”', async ({
  page,
}) => {
  await page.goto(site('vonkje', '/'));
  await page.getByRole('button', { name: /Ik ben 18\+ en ga verder/ }).click();
  await page.getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Stap 1 van 7')).toBeVisible();
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(3);
  await expect(dialog.getByText('Ongeldige geboortedatum')).toBeVisible();
  await expect(dialog.getByText('Minimaal 8 tekens.')).toHaveCount(0);
  await screenshots(page, 'first-impressions-signup-errors');
  await dialog.getByLabel('E-mailadres').fill(`first-${Date.now()}@example.org`);
  await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(2);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('first-password-1');
  await expect(dialog.getByText('Minimaal 8 tekens.')).toBeVisible();
  await dialog.getByLabel('Profielnaam').fill('Bram');
  await dialog.getByLabel('Dag').selectOption('14');
  await dialog.getByLabel('Maand').selectOption('3');
  await expect(dialog.getByText('Ongeldige geboortedatum')).toBeVisible();
  await dialog.getByLabel('Jaar').selectOption('1988');
  await expect(dialog.getByText('Ongeldige geboortedatum')).toHaveCount(0);
  await dialog.getByLabel('Man').check();
  await expect(dialog.getByText('Dit veld is verplicht.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(dialog.getByText('Stap 2 van 7')).toBeVisible();
  await dialog.getByRole('button', { name: 'Overslaan' }).click();
  await expect(dialog.getByText('Stap 3 van 7')).toBeVisible();
  await dialog.getByLabel('Provincie of regio').selectOption({ label: 'Noord-Holland' });
  await dialog.getByRole('button', { name: 'Volgende' }).click();
  await expect(dialog.getByText('Stap 4 van 7')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByLabel('Homo')).toBeVisible();
  await expect(dialog.getByLabel('Lesbisch')).toHaveCount(0);
  // the option cards in one grid: every card of a row as wide as the others, the rows' columns lined up
  const boxes = await dialog
    .getByRole('radio')
    .evaluateAll((inputs) =>
      inputs.map((i) => i.closest('label')!.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), w: Math.round(r.width) })),
    );
  expect(new Set(boxes.map((b) => b.w)).size).toBe(1);
  await screenshots(page, 'first-impressions-signup-step-4');
});

test('a new member’s welcome bonus shows on the credits page: discounted prices beside the old ones, and on the receipt', async ({
  browser,
}) => {
  const member = await freshMember(browser, 'Bonus', 'male');
  const { page } = member;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(site('vonkje', '/credits'));
  // the first 4 hours: the time bonus, 25 %
  await expect(page.getByText('Je welkomstbonus van 25% is toegepast.')).toBeVisible();
  const p0 = page.getByRole('article').first();
  await expect(p0.locator('del')).toBeVisible();
  await screenshots(page, 'first-impressions-credits-discount');
  await p0.getByRole('link').click();
  await page.getByRole('button', { name: /^PayPal/ }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
  await page.goto(site('vonkje', '/transactions'));
  await page.getByRole('link', { name: /Creditpakket gekocht/ }).click();
  const receipt = page.getByRole('table');
  await expect(receipt.getByText('Prijs', { exact: true })).toBeVisible();
  await expect(receipt.getByText('Korting TIMEBONUS25 (25%)')).toBeVisible();
  await screenshots(page, 'first-impressions-receipt-discount');
  await member.close();
});

for (const [slug, accept, login] of [
  ['vonkje', /Ik ben 18\+ en ga verder/, 'Inloggen'],
  ['she-de', /Ich bin 18\+/, 'Anmelden'],
] as const) {
  test(`the phone header of ${slug}: the logo, a visible “${login}”, nothing running into anything`, async ({ page }) => {
    await page.goto(site(slug));
    await page.getByRole('button', { name: accept }).click();
    const header = page.getByRole('banner');
    const box = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!;
    const logo = await box(header.locator('a[href="/"] svg'));
    expect(logo.width).toBeGreaterThanOrEqual(24);
    const loginLink = header.getByRole('link', { name: login });
    const text = await box(loginLink.getByText(login, { exact: true }));
    expect(text.width).toBeGreaterThan(30); // shown as a word, not an icon with a hidden text
    // left to right, no box over the next: the name, the language choice (where there is one), the login, the signup
    const name = await box(header.locator('a[href="/"] span'));
    const boxes = [
      name,
      ...(slug === 'she-de' ? [await box(header.locator('select'))] : []),
      await box(loginLink),
      await box(header.getByRole('link').last()),
    ];
    for (let i = 1; i < boxes.length; i++)
      expect(boxes[i]!.x, `item ${i} starts after item ${i - 1} ends`).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width - 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(page, `first-impressions-header-${slug}`);
  });
}

test('the profile’s main photo opens the photo viewer: swipe and the arrow keys move between the photos, a tap zooms, Esc closes', async ({
  page,
}) => {
  await loginAs(page, 'premium@example.com');
  const { results } = await browserJson<{ results: { id: number; photo_count: number }[] }>(page, '/api/members.php?gender=female');
  const many = results.find((r) => r.photo_count >= 2)!;
  await page.goto(site('vonkje', `/members/${many.id}`));
  const open = page.getByRole('button', { name: /groot bekijken$/ });
  await open.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText(`1 van ${many.photo_count}`)).toBeVisible();
  await screenshots(page, 'first-impressions-photo-viewer');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(`2 van ${many.photo_count}`)).toBeVisible();
  // a swipe to the right goes back
  const image = viewer.getByRole('img');
  // measured once the photo is in: before that the element has no size of its own, and a press beside it closes the viewer
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const box = (await image.boundingBox())!;
  // the photo fits the screen at either width (the bar below it too)
  const height = page.viewportSize()!.height;
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(viewer.getByText(`1 van ${many.photo_count}`)).toBeVisible();
  // a tap zooms in at that point, another zooms out
  await image.click();
  await expect(image).toHaveAttribute('data-zoomed', '');
  await image.click();
  await expect(image).not.toHaveAttribute('data-zoomed', '');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(open).toBeFocused();
});
