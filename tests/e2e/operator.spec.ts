import { devTotpSecret, e2eAdmin, totpNow } from '../../scripts/dev-operator';
import { CONSOLE, expect, freshMember, screenshots, site, test } from './fixtures';

/** This spec's own admin: a code is good once per operator, and other console specs run beside this one. */
const ADMIN = e2eAdmin('operator');

test('an admin logs in with TOTP, approves one photo and removes another with a reason, sets up a moderator by a one-time link; the member sees the statement of reasons', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // a member with two photos under inspection
  const member = await freshMember(browser, 'Moderatie', 'female');
  await member.page.goto(site('vonkje', '/profile'));
  for (const file of ['tests/fixtures/photo.jpg', 'tests/fixtures/photo.png']) {
    const count = await member.page.getByText('Wordt gecontroleerd').count();
    await member.page.locator('input[type=file]').setInputFiles(file);
    await expect(member.page.getByText('Wordt gecontroleerd')).toHaveCount(count + 1);
  }

  // the console on the operator host: password, then the code of the authenticator app
  await page.goto(`${CONSOLE}/`);
  await expect(page.getByRole('heading', { name: 'Inloggen bij het beheer' })).toBeVisible();
  await screenshots(page, 'console-login');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord').fill('not-the-password');
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill('000000');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
  await page.getByLabel('Wachtwoord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill(totpNow(devTotpSecret(undefined, ADMIN.email)));
  await page.getByRole('button', { name: 'Inloggen' }).click();

  // the queue: the member's photos, each with the other one beside it
  await expect(page.getByRole('heading', { name: 'Fotomoderatie' })).toBeVisible();
  const items = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Moderatie, vonkje$/ }) });
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole('img', { name: 'Andere foto van Moderatie' })).toBeVisible();
  await expect
    .poll(() =>
      items
        .first()
        .getByRole('img', { name: 'Foto van Moderatie', exact: true })
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await items.first().scrollIntoViewIfNeeded();
  await screenshots(page, 'console-moderation');

  await items.first().getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(items.first().getByRole('status')).toHaveText('Goedgekeurd');
  await items.nth(1).getByRole('button', { name: 'Verwijderen' }).click();
  await items.nth(1).getByLabel('Reden').selectOption({ label: 'Contactgegevens' });
  await items.nth(1).getByLabel('Toelichting voor het lid (optioneel)').fill('Er staat een telefoonnummer op de foto.');
  await screenshots(page, 'console-remove');
  await items.nth(1).getByRole('button', { name: 'Foto verwijderen' }).click();
  await expect(items.nth(1).getByRole('status')).toHaveText('Verwijderd');

  // the audit log shows both decisions
  await page.getByRole('link', { name: 'Auditlog' }).click();
  await expect(page.getByRole('heading', { name: 'Auditlog' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /photo\.remove/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /photo\.approve/ }).first()).toBeVisible();
  await page.getByLabel('Handeling').selectOption('photo.remove');
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect(page.getByRole('cell', { name: /photo\.approve/ })).toHaveCount(0);
  await screenshots(page, 'console-audit');

  // the operators: create a moderator, who gets a one-time set-up link (no password, no secret for the admin)
  await page.getByRole('link', { name: 'Operators' }).click();
  const name = `Nieuwe Moderator ${Date.now()}`;
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('E-mailadres').fill(`moderator-${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Operator toevoegen' }).click();
  const link = (await page.getByText(/^http:\/\/operator\.localhost:\d+\/setup#[A-Za-z0-9_-]{43}$/).textContent())!;
  await expect(page.getByText(/otpauth:|Wachtwoord/)).toHaveCount(0);
  await screenshots(page, 'console-operators');

  // the moderator opens the link in their own browser: their own authenticator and password, then logged in
  const own = await browser.newContext();
  const mod = await own.newPage();
  await mod.goto(link);
  await expect(mod.getByRole('heading', { name: 'Je account instellen' })).toBeVisible();
  await expect.poll(() => mod.url()).toBe(`${CONSOLE}/setup`);
  const key = (await mod.getByLabel('Of voer deze sleutel handmatig in').textContent())!.replace(/\s/g, '');
  await expect(mod.getByRole('link', { name: 'Openen in de authenticator-app' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.*secret=${key}`),
  );
  await mod.getByLabel('Nieuw wachtwoord', { exact: true }).fill('mijn-eigen-wachtwoord');
  await mod.getByLabel('Nieuw wachtwoord herhalen').fill('mijn-eigen-wachtwoord');
  await mod.getByLabel('3. Code uit je authenticator-app').fill(totpNow(key));
  await screenshots(mod, 'console-setup');
  await mod.getByRole('button', { name: 'Account instellen' }).click();
  await expect(mod.getByRole('heading', { name: 'Fotomoderatie' })).toBeVisible();

  // in the settings they change their own password (current password and the next code)
  await mod.getByRole('link', { name: 'Instellingen' }).click();
  await expect(mod.getByRole('heading', { name: 'Instellingen' })).toBeVisible();
  const passwordForm = mod.getByRole('region', { name: 'Wachtwoord wijzigen' });
  await passwordForm.getByLabel('Huidig wachtwoord').fill('mijn-eigen-wachtwoord');
  await passwordForm.getByLabel('Huidige code uit je authenticator-app').fill(totpNow(key, Date.now() + 30_000));
  await passwordForm.getByLabel('Nieuw wachtwoord').fill('nog-een-eigen-wachtwoord');
  await passwordForm.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(passwordForm.getByRole('status')).toHaveText('Je wachtwoord is gewijzigd.');
  await mod.getByRole('button', { name: 'Nieuwe sleutel maken' }).click();
  await expect(mod.getByRole('button', { name: 'Nieuwe app bevestigen' })).toBeVisible();
  await screenshots(mod, 'console-settings');

  // the admin resets the moderator: a new link for the admin, the moderator's session is over
  await page.reload();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Opnieuw instellen: ${name}` }).click();
  await expect(page.getByText(/\/setup#[A-Za-z0-9_-]{43}$/)).toBeVisible();
  await mod.reload();
  await expect(mod.getByRole('heading', { name: 'Inloggen bij het beheer' })).toBeVisible();
  await own.close();

  // the member sees the outcome on their profile: one approved photo, and the removal with its reasons
  await member.page.goto(site('vonkje', '/profile'));
  await expect(member.page.getByRole('heading', { name: "Verwijderde foto's" })).toBeVisible();
  await expect(member.page.getByText(/Reden: de foto bevat contactgegevens\./)).toBeVisible();
  await expect(member.page.getByText('Toelichting: Er staat een telefoonnummer op de foto.')).toBeVisible();
  await expect(member.page.getByText('Wordt gecontroleerd')).toHaveCount(0);
  await member.page.getByRole('heading', { name: "Verwijderde foto's" }).scrollIntoViewIfNeeded();
  await screenshots(member.page, 'profile-photo-removed');
  await member.close();

  // logging out ends the console session
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen bij het beheer' })).toBeVisible();
});
