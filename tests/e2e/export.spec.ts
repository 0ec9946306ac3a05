import { readFileSync } from 'node:fs';
import { e2eAdmin } from '../../scripts/dev-operator';
import { readZip } from '../worker/zip-reader';
import { acceptEntry, consoleLogin, expect, freshMember, screenshots, site, test } from './fixtures';

/** This spec's own admin: a code is good once per operator, and other console specs run beside this one. */
const ADMIN = e2eAdmin('export');

test('a member downloads their data from the settings: a ZIP with their JSON and their photos', async ({ browser }) => {
  test.setTimeout(90_000);
  const member = await freshMember(browser, 'Export', 'male');
  const page = member.page;
  await page.goto(site('vonkje', '/profile'));
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/photo.jpg');
  await expect(page.getByText('Wordt gecontroleerd')).toHaveCount(1);

  await page.goto(site('vonkje', '/notifications'));
  const section = page.getByRole('region', { name: 'Je gegevens downloaden' });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'settings-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download mijn gegevens' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vonkje-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(section.getByRole('status')).toHaveText('Je download is gestart.');
  const files = readZip(new Uint8Array(readFileSync((await download.path())!)));
  const account = JSON.parse(new TextDecoder().decode(files.get('account.json'))) as { id: number };
  expect(account.id).toBe(member.id);
  const photos = [...files.keys()].filter((k) => k.startsWith('photos/'));
  expect(photos).toHaveLength(1);
  // the display version as stored: a WebP made by the image service
  expect(new TextDecoder().decode(files.get(photos[0]!)!.subarray(8, 12))).toBe('WEBP');

  // a second one within the hour: the server's reason, in Dutch
  await section.getByRole('button', { name: 'Download mijn gegevens' }).click();
  await expect(section.getByRole('alert')).toContainText('Je kunt je gegevens één keer per uur downloaden.');
  await member.close();
});

test('an admin creates a fictional profile with a photo in the console; a member sees it with the fictional label', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page, ADMIN);
  await page.getByRole('link', { name: 'Fictieve profielen' }).click();
  await expect(page.getByRole('heading', { name: 'Fictieve profielen' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuw profiel' }).click();
  const editor = page.getByRole('form', { name: 'Nieuw profiel' });
  const name = `Fenna${Date.now() % 100000}`;
  await editor.getByLabel('Site').selectOption({ label: 'Vonkje' });
  await editor.getByLabel('Naam').fill(name);
  await editor.getByLabel('Geslacht').selectOption('female');
  await editor.getByLabel('Geboortedatum').fill('1993-05-17');
  await editor.getByLabel('Land').selectOption('NL');
  await editor.getByLabel('Woonplaats').fill('Haarlem');
  await editor.getByLabel('Over mij').fill('Zonnig, nieuwsgierig en dol op fietsen langs de duinen.');
  await editor.getByLabel('Haarkleur').selectOption('brown');
  await editor.getByLabel('travelling').check();
  await editor.getByLabel('Persona-notitie').fill('Fenna, 33, fotografe. Schrijft vrolijk en kort, stelt vragen terug.');
  await editor.getByRole('button', { name: 'Profiel aanmaken' }).click();

  // created: the editor shows the saved profile, now with a place for photos
  const saved = page.getByRole('form', { name });
  await expect(saved.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await saved.locator('input[type=file]').setInputFiles('tests/fixtures/photo.jpg');
  await expect(saved.getByRole('img', { name: `Foto van ${name}` })).toBeVisible();
  await expect(saved.getByText('Hoofdfoto')).toBeVisible();
  await expect
    .poll(() =>
      saved.getByRole('img', { name: `Foto van ${name}` }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await screenshots(page, 'console-fictional');
  const id = await page.evaluate(async (n) => {
    const list = (await (await fetch('/api/operator/fictional.php?site=vonkje')).json()) as { profiles: { id: number; name: string }[] };
    return list.profiles.find((p) => p.name === n)!.id;
  }, name);

  // a member opens the profile: the photo (approved at once) and the site's fictional warning
  const member = await freshMember(browser, 'Kijker', 'male');
  await member.page.goto(site('vonkje', `/members/${id}`));
  await acceptEntry(member.page).catch(() => undefined);
  await expect(member.page.getByRole('heading', { name: new RegExp(name) }).first()).toBeVisible();
  await expect(member.page.getByRole('note').filter({ hasText: 'Dit is een fictief profiel' })).toBeVisible();
  await expect(member.page.locator(`img[src*="photos/${id}/"]`).first()).toBeVisible();
  await screenshots(member.page, 'fictional-profile-member');
  await member.close();
});
