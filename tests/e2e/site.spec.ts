import { acceptEntryWarning, expect, screenshots, site, test } from './fixtures';

test.describe('landing page per site', () => {
  test.use({ country: 'NL' });

  test('main Dutch site: Dutch landing, entry warning shown once, dismissed for good', async ({ page }) => {
    await page.goto(site('vonkje'));
    await expect(page).toHaveTitle('Vonkje – Spannende vrouwen bij jou in de buurt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    const dialog = page.getByRole('dialog', { name: 'Let op: erotische inhoud' });
    await expect(dialog).toBeVisible();
    // must be answered: Esc and a backdrop click do not close it
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await screenshots(page, 'entry-warning-vonkje');
    await acceptEntryWarning(page, /Ik ben 18\+ en ga verder/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vrouwen bij jou in de buurt willen je leren kennen');
    await expect(page.getByRole('link', { name: 'Inloggen' })).toBeVisible();
    expect(await page.evaluate(() => Number(localStorage.getItem('hide-site-entry-warning')))).toBeGreaterThan(Date.now() - 60_000);
    await screenshots(page, 'landing-vonkje');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.goto(site('vonkje', '/pages/faq'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('BDSM site: its own niche texts in Dutch', async ({ page }) => {
    await page.goto(site('bdsm-nl'));
    await acceptEntryWarning(page, /Ik ben 18\+ en ga verder/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dominant of onderdanig? Hier vind je je match');
    await expect(page.getByRole('link', { name: 'Strenge Dates' })).toBeVisible();
    await screenshots(page, 'landing-bdsm-nl');
  });

  test('English site: English landing and footer company', async ({ page }) => {
    await page.goto(site('she-eng'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await acceptEntryWarning(page, /I am 18\+/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Sparkfield Media Ltd');
    await screenshots(page, 'landing-she-eng');
  });

  test('German site: German landing, switching to English keeps the choice', async ({ page, context }) => {
    await page.goto(site('she-de'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await acceptEntryWarning(page, /Ich bin 18\+/);
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await page.getByLabel('Wähle deine Sprache').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);
    await page.goto(site('she-de', '/pages/terms'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await screenshots(page, 'landing-she-de-en');
  });

  test('a site with enable_site_entry_popup = no never shows the warning', async ({ page }) => {
    await page.goto(site('gay-nl'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mannen bij jou in de buurt zoeken contact');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('entry warning in the lander layout', () => {
  test.describe('from the US', () => {
    test.use({ country: 'US' });
    test('is not shown outside NL and DE', async ({ page }) => {
      await page.goto(site('vonkje', '/landers/alonetonight'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vanavond alleen thuis?');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await screenshots(page, 'lander-vonkje');
      // the default layout shows it for any country
      await page.goto(site('vonkje'));
      await expect(page.getByRole('dialog', { name: 'Let op: erotische inhoud' })).toBeVisible();
    });
  });
  test.describe('from Germany', () => {
    test.use({ country: 'DE' });
    test('is shown in NL and DE', async ({ page }) => {
      await page.goto(site('she-de', '/landers/video/summer'));
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
});

test.describe('legal pages and errors', () => {
  test.use({ country: 'NL' });

  test('a footer link opens the terms with the company filled in', async ({ page }) => {
    await page.goto(site('vonkje'));
    await acceptEntryWarning(page, /Ik ben 18\+/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Algemene voorwaarden' }).click();
    await expect(page).toHaveURL(/\/pages\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Algemene voorwaarden');
    const main = page.getByRole('main');
    await expect(main).toContainText('Vonk Media B.V.');
    await expect(main).toContainText('81234567');
    await expect(main).toContainText('Versie van 1 december 2023');
    await expect(main).not.toContainText('{{');
    await screenshots(page, 'terms-vonkje');
    for (const [link, heading] of [
      ['Prijzen', /tarieven|prijzen|credits/i],
      ['Klachten', /klacht/i],
      ['Retourbeleid', /retour|restitutie|terugbetal/i],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).not.toContainText('{{');
    }
    await expect(page.getByRole('main')).toContainText('14');
  });

  test('the English terms carry the later company date', async ({ page }) => {
    await page.goto(site('she-eng', '/pages/terms'));
    await expect(page.getByRole('main')).toContainText('Version of 3 February 2025');
    await expect(page.getByRole('main')).toContainText('Sparkfield Media Ltd');
  });

  test('an unknown route shows the 404 page with a link home', async ({ page }) => {
    await page.goto(site('vonkje', '/no/such/page'));
    await acceptEntryWarning(page, /Ik ben 18\+/);
    await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
    await screenshots(page, 'not-found-vonkje');
    await page.getByRole('link', { name: 'Terug naar de homepage' }).click();
    await expect(page).toHaveURL(site('vonkje'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vrouwen bij jou in de buurt willen je leren kennen');
    await page.goto(site('vonkje', '/pages/nonsense'));
    await expect(page.getByRole('heading', { name: 'Deze pagina kon niet worden gevonden' })).toBeVisible();
  });

  test('an unknown host gets its own 404, not a site', async ({ page }) => {
    const res = await page.goto(site('nobody'));
    expect(res?.status()).toBe(404);
    await expect(page.locator('body')).toContainText('Deze site bestaat niet.');
  });
});
