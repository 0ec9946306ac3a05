import type { Page } from '@playwright/test';
import { acceptEntry, expect, screenshots, site, test } from './fixtures';

const HOME = site('vonkje');
const email = `e2e-${Date.now()}@example.org`;
const PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

/** The newest mail of a kind to an address, read from the development outbox. */
async function mailLink(page: Page, to: string, kind: string) {
  const { mails } = (await browserGet(page, '/dev/mail.json')).body as { mails: { to: string; kind: string; text: string }[] };
  const mail = mails.find((m) => m.to === to && m.kind === kind);
  expect(mail, `${kind} mail to ${to}`).toBeDefined();
  return /(http:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

/** A same-origin GET from the page (Node cannot resolve *.localhost; the browser can). */
async function browserGet(page: Page, path: string) {
  if (!page.url().startsWith(HOME)) await page.goto(HOME);
  return page.evaluate(async (p) => {
    const res = await fetch(p);
    return { status: res.status, body: (await res.json()) as unknown };
  }, path);
}

async function loginWith(page: Page, password: string) {
  await page.goto(site('vonkje', '/login'));
  await acceptEntry(page);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
}

test.describe.configure({ mode: 'serial' });
test.use({ country: 'NL' });

test('a visitor signs up through every step of the wizard', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: HOME });
  await page.goto(`${HOME}?network=e2e&ref=spec`);
  await acceptEntry(page);
  await page.getByRole('link', { name: 'Gratis aanmelden' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Stap 1 van 7')).toBeVisible();
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Profielnaam').fill('Eddie');
  await dialog.getByLabel('Dag').selectOption('14');
  await dialog.getByLabel('Maand').selectOption('3');
  await dialog.getByLabel('Jaar').selectOption('1988');
  await dialog.getByLabel('Man').check();
  await screenshots(page, 'signup-1-account');
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();

  await expect(dialog.getByText('Stap 2 van 7')).toBeVisible();
  // a signup in progress cannot be closed by Esc or the backdrop
  await page.keyboard.press('Escape');
  await page.mouse.click(3, 3);
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles('tests/fixtures/photo.png');
  await expect(dialog.getByText('Je foto wordt gecontroleerd.')).toBeVisible();
  await screenshots(page, 'signup-2-photo');
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await expect(dialog.getByText('Stap 3 van 7')).toBeVisible();
  await dialog.getByLabel('Provincie of regio').selectOption({ label: 'Noord-Holland' });
  await dialog.getByLabel(/Woonplaats/).fill('Haarlem');
  await screenshots(page, 'signup-3-location');
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await expect(dialog.getByText('Stap 4 van 7')).toBeVisible();
  await dialog.getByLabel('Hetero').check();
  await screenshots(page, 'signup-4-personal');
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await expect(dialog.getByText('Stap 5 van 7')).toBeVisible();
  await dialog.getByLabel('Over mij').fill('Ik hou van fietsen langs de duinen.');
  await screenshots(page, 'signup-5-about');
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await expect(dialog.getByText('Stap 6 van 7')).toBeVisible();
  await screenshots(page, 'signup-6-push');
  await dialog.getByRole('button', { name: 'Meldingen aanzetten' }).click();

  await expect(dialog.getByText('Stap 7 van 7')).toBeVisible();
  await expect(dialog).toContainText(email);
  await screenshots(page, 'signup-7-confirm');
  await dialog.getByRole('button', { name: 'Klaar' }).click();
  await expect(dialog).toBeHidden();

  // the activation reminder shows until the address is confirmed
  await expect(page.getByText(/Bevestig je e-mailadres via de link/)).toBeVisible();
  await screenshots(page, 'signup-activation-banner');
  const me = (await browserGet(page, '/api/user.php')).body as { user: Record<string, unknown> & { profile: Record<string, unknown> } };
  expect(me.user).toMatchObject({ status: 'not_confirmed', signup_step: 'done', push_permission: 'granted', credits: 10 });
  expect(me.user.profile).toMatchObject({
    region: 'NL-NH',
    city: 'Haarlem',
    sexuality: 'hetero',
    about_me: 'Ik hou van fietsen langs de duinen.',
  });
  expect((me.user.profile.main_image as { status: string }).status).toBe('pending');
});

test('the mailed link confirms the address', async ({ page }) => {
  const link = await mailLink(page, email, 'activate');
  await page.goto(link);
  await acceptEntry(page);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { name: 'Je e-mailadres is bevestigd' })).toBeVisible();
  await screenshots(page, 'activate-done');
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole('heading', { name: 'Activeren mislukt' })).toBeVisible();
});

test('log out and log in again', async ({ page }) => {
  await loginWith(page, PASSWORD);
  await expect(page.getByRole('button', { name: 'Mijn account' })).toBeVisible();
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await screenshots(page, 'account-menu');
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
  expect((await browserGet(page, '/api/user.php')).status).toBe(403);
  await loginWith(page, PASSWORD);
  await expect(page.getByRole('button', { name: 'Mijn account' })).toBeVisible();
});

test('five wrong passwords lock the account, then a reset from the mailed link opens it', async ({ page }) => {
  for (let i = 1; i <= 4; i++) {
    await loginWith(page, 'wrong-password');
    await expect(page.getByRole('alert')).toContainText('Login mislukt, probeer opnieuw');
  }
  await loginWith(page, 'wrong-password');
  await expect(page.getByRole('alert')).toContainText('Te veel foute pogingen, account voor 15 min geblokkeerd.');
  await screenshots(page, 'login-locked');
  await loginWith(page, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Te veel foute pogingen');

  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // the login form (with its own E-mailadres) may still show while the screen's code loads
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten?' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Stuur link' }).click();
  await expect(page.getByRole('heading', { name: 'We hebben je een e-mail gestuurd' })).toBeVisible();
  await screenshots(page, 'reset-sent');
  await page.goto(await mailLink(page, email, 'reset'));
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('something-else-3');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeVisible();
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
  await screenshots(page, 'reset-do');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginWith(page, NEW_PASSWORD);
  await expect(page.getByRole('button', { name: 'Mijn account' })).toBeVisible();
});

test('delete the account, then reactivate it from the mailed link', async ({ page }) => {
  await loginWith(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Mijn account' }).click();
  await page.getByRole('menuitem', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole('button', { name: 'Ik wil mijn account verwijderen' }).click();
  await expect(page.getByText('Blijf en krijg 50% korting op je volgende aankoop')).toBeVisible();
  await page.getByLabel('Ik heb iemand gevonden').check();
  await screenshots(page, 'delete-account');
  await page.getByRole('button', { name: 'Ja, verwijder mijn account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Je account is verwijderd' })).toBeVisible();
  await screenshots(page, 'account-deleted');

  await loginWith(page, NEW_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Gebruik de link in de e-mail');

  await page.goto(await mailLink(page, email, 'reactivate'));
  await expect(page).toHaveURL(/\/reactivate\?token=/);
  await screenshots(page, 'reactivate');
  await page.getByRole('button', { name: 'Account heractiveren' }).click();
  // home is people (issue 33): the members page, or the signup where it was left
  await expect(page).toHaveURL(/\/(members|complete-signup)$/);
  await expect(page.getByRole('button', { name: 'Mijn account' })).toBeVisible();
  const me = (await browserGet(page, '/api/user.php')).body as { user: { email: string; status: string } };
  expect(me.user).toMatchObject({ email, status: 'active' });
});
