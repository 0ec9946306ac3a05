import type { Page } from '@playwright/test';
import { DEV_OPERATOR, devTotpSecret, totpNow } from '../../scripts/dev-operator';
import { expect, freshMember, port, screenshots, site, test } from './fixtures';

const CONSOLE = `http://operator.localhost:${port}`;

/** A modal over the page: the viewport as the member sees it (a full-page shot would scroll the fixed layer). */
async function modalShots(page: Page, name: string) {
  for (const [label, width] of [['phone', 375], ['desktop', 1280]] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `tests/e2e/screenshots/${name}-${label}.png` });
  }
}

/** The console's login: the password, then the authenticator's code (sent together). */
async function consoleLogin(page: Page, email: string, password: string, code: string) {
  await page.goto(`${CONSOLE}/`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill(code);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
}

test('a member reports a profile, a moderator restricts it, the member reads the statement of reasons and appeals, another moderator reverses it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const target = await freshMember(browser, 'Gemeld', 'female');
  const reporter = await freshMember(browser, 'Melder', 'male');

  // the report modal on the profile screen: a reason is required, then the confirmation
  await reporter.page.goto(site('vonkje', `/members/${target.id}`));
  await reporter.page.getByRole('button', { name: 'Profiel melden' }).click();
  const dialog = reporter.page.getByRole('dialog', { name: 'Profiel melden' });
  await dialog.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(dialog.getByText('Kies een reden.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Nepprofiel' }).check();
  await dialog.getByLabel('Toelichting (optioneel)').fill('Deze foto’s staan ook op een ander profiel.');
  await modalShots(reporter.page, 'report-modal');
  await dialog.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(reporter.page.getByRole('dialog', { name: 'Bedankt voor je melding' })).toBeVisible();
  await expect(reporter.page.getByText(/je krijgt een bevestiging en later de uitkomst per e-mail/)).toBeVisible();
  await modalShots(reporter.page, 'report-sent');
  await reporter.page.getByRole('dialog').getByText('Sluiten', { exact: true }).click();

  // the admin (a code of the next step: another spec may have used this one) makes a second moderator
  await consoleLogin(page, DEV_OPERATOR.email, DEV_OPERATOR.password, totpNow(devTotpSecret(), Date.now() + 30_000));
  await page.getByRole('link', { name: 'Operators' }).click();
  const secondEmail = `moderator-reports-${Date.now()}@example.org`;
  await page.getByLabel('Naam').fill('Tweede Moderator');
  await page.getByLabel('E-mailadres').fill(secondEmail);
  await page.getByRole('button', { name: 'Operator toevoegen' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Operator aangemaakt' });
  const codes = created.locator('code');
  await expect(codes).toHaveCount(3);
  const secondPassword = (await codes.nth(0).textContent())!;
  const secondSecret = (await codes.nth(1).textContent())!;

  // the reports queue: the profile with the report, decided as a restriction
  await page.getByRole('link', { name: 'Meldingen' }).click();
  await expect(page.getByRole('heading', { name: 'Meldingen', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gemeld, vonkje' }) });
  await expect(item.getByRole('list').getByText('Nepprofiel', { exact: true })).toBeVisible();
  await expect(item.getByText('“Deze foto’s staan ook op een ander profiel.”')).toBeVisible();
  await item.scrollIntoViewIfNeeded();
  await screenshots(page, 'console-reports');
  await item.getByLabel('Beslissing').selectOption({ label: 'Profiel beperken' });
  await item.getByLabel('Grond').selectOption({ label: 'Nepprofiel' });
  await item.getByLabel('Toelichting voor het lid (optioneel)').fill('Je foto’s komen van een ander profiel.');
  await item.getByRole('button', { name: 'Beslissen' }).click();
  await expect(item.getByRole('status')).toHaveText('Besloten: Profiel beperken');

  // the member: a notice on the profile screen, the statement of reasons on /complaints, an appeal
  await target.page.goto(site('vonkje', '/profile'));
  await expect(target.page.getByText('Onze moderatoren hebben een beslissing over je account genomen.')).toBeVisible();
  await target.page.getByRole('link', { name: 'Lees waarom en maak bezwaar' }).click();
  await expect(target.page).toHaveURL(/\/complaints$/);
  const decision = target.page.getByRole('listitem').filter({ hasText: 'Profiel beperkt' });
  await expect(decision.getByText('Grond: nepprofiel')).toBeVisible();
  await expect(decision.getByText('Toelichting: Je foto’s komen van een ander profiel.')).toBeVisible();
  await expect(decision.getByText('Een medewerker heeft dit besloten, niet een computer.')).toBeVisible();
  await decision.getByRole('button', { name: 'Bezwaar maken' }).click();
  await decision.getByRole('button', { name: 'Bezwaar indienen' }).click();
  await expect(decision.getByText('Vul dit veld in.')).toBeVisible();
  await decision.getByLabel('Waarom ben je het niet eens met deze beslissing?').fill('Dit zijn echt mijn eigen foto’s.');
  await screenshots(target.page, 'complaints-appeal');
  await decision.getByRole('button', { name: 'Bezwaar indienen' }).click();
  await expect(target.page.getByText(/Je bezwaar is ingediend/)).toBeVisible();
  await expect(decision.getByText('In behandeling')).toBeVisible();
  await screenshots(target.page, 'complaints');

  // the moderator who decided may not decide the appeal
  await page.reload();
  const appeal = page.getByRole('listitem').filter({ hasText: 'Dit zijn echt mijn eigen foto’s.' });
  await expect(appeal.getByText('Dit is jouw eigen beslissing: een andere moderator behandelt dit bezwaar.')).toBeVisible();
  await expect(appeal.getByRole('button', { name: 'Beslissing terugdraaien' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Uitloggen' }).click();

  // the second moderator reverses it
  await consoleLogin(page, secondEmail, secondPassword, totpNow(secondSecret));
  await page.getByRole('link', { name: 'Meldingen' }).click();
  const theirs = page.getByRole('listitem').filter({ hasText: 'Dit zijn echt mijn eigen foto’s.' });
  await expect(theirs.getByText(/Tegen: Profiel beperken \(Nepprofiel\), besloten door Dev Admin/)).toBeVisible();
  await theirs.getByLabel('Antwoord aan het lid (optioneel)').fill('Je hebt gelijk, excuses.');
  await theirs.scrollIntoViewIfNeeded();
  await screenshots(page, 'console-appeal');
  await theirs.getByRole('button', { name: 'Beslissing terugdraaien' }).click();
  await expect(theirs.getByRole('status')).toHaveText('Teruggedraaid');

  // the member sees the outcome
  await target.page.reload();
  await expect(target.page.getByText('Bezwaar toegekend: de beslissing is teruggedraaid')).toBeVisible();
  await expect(target.page.getByText('Beslissing teruggedraaid').first()).toBeVisible();
  await screenshots(target.page, 'complaints-outcome');
  await expect(target.page.getByText('Antwoord: Je hebt gelijk, excuses.')).toBeVisible();
  await target.page.goto(site('vonkje', '/profile'));
  await expect(target.page.getByRole('heading', { name: 'Mijn profiel' })).toBeVisible();
  await expect(target.page.getByText('Onze moderatoren hebben een beslissing over je account genomen.')).toHaveCount(0);
  await target.close();
  await reporter.close();
});
