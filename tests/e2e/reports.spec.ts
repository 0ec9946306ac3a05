import type { Page } from '@playwright/test';
import { e2eAdmin, totpNow } from '../../scripts/dev-operator';
import type { SearchAnswer } from '../../worker/contracts/profiles';
import { acceptEntry, browserJson, browserPost, consoleLogin, expect, freshMember, screenshots, site, test } from './fixtures';

/** This spec's own admin: a code is good once per operator, and other console specs run beside this one. */
const ADMIN = e2eAdmin('reports');

/** A modal over the page: the viewport as the member sees it (a full-page shot would scroll the fixed layer). */
async function modalShots(page: Page, name: string) {
  for (const [label, width] of [
    ['phone', 375],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `tests/e2e/screenshots/${name}-${label}.png` });
  }
}

test('a member reports a profile, a moderator restricts it, the member reads the statement of reasons and appeals, another moderator reverses it', async ({
  page,
  browser,
}) => {
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

  // the admin makes a second moderator
  await consoleLogin(page, ADMIN);
  await page.getByRole('link', { name: 'Operators' }).click();
  const secondEmail = `moderator-reports-${Date.now()}@example.org`;
  await page.getByLabel('Naam').fill('Tweede Moderator');
  await page.getByLabel('E-mailadres').fill(secondEmail);
  await page.getByRole('button', { name: 'Operator toevoegen' }).click();
  // the admin hands over a one-time set-up link; the second moderator sets up their own password and authenticator
  const link = (await page.getByText(/^http:\/\/operator\.localhost:\d+\/setup#[A-Za-z0-9_-]{43}$/).textContent())!;
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'Je account instellen' })).toBeVisible();
  const secondSecret = (await second.getByLabel('Of voer deze sleutel handmatig in').textContent())!.replace(/\s/g, '');
  await second.getByLabel('Nieuw wachtwoord', { exact: true }).fill('tweede-moderator-wachtwoord');
  await second.getByLabel('Nieuw wachtwoord herhalen').fill('tweede-moderator-wachtwoord');
  await second.getByLabel('3. Code uit je authenticator-app').fill(totpNow(secondSecret));
  await second.getByRole('button', { name: 'Account instellen' }).click();
  await expect(second.getByRole('button', { name: 'Uitloggen' })).toBeVisible();

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
  await second.getByRole('link', { name: 'Meldingen' }).click();
  const theirs = second.getByRole('listitem').filter({ hasText: 'Dit zijn echt mijn eigen foto’s.' });
  await expect(theirs.getByText(`Tegen: Profiel beperken (Nepprofiel), besloten door ${ADMIN.name}`)).toBeVisible();
  await theirs.getByLabel('Antwoord aan het lid (optioneel)').fill('Je hebt gelijk, excuses.');
  await theirs.scrollIntoViewIfNeeded();
  await screenshots(second, 'console-appeal');
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
  await secondContext.close();
});

/** An operator API call from the console's page (its session cookie), as the console makes it. */
const consoleCall = (page: Page, path: string, body: unknown) => browserPost(page, `/api/operator/${path}`, body);
/** A member's API call from their page. */
const memberCall = (page: Page, path: string, body: unknown) => browserPost(page, `/api/${path}`, body);

test('a removed message shows as removed on both sides; a ban sends the member’s open tab to /pages/ban, and the banned member appeals through the link without logging in', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const sender = await freshMember(browser, 'Verspreider', 'male');
  const recipient = await freshMember(browser, 'Ontvanger', 'female');
  const sent = await memberCall(sender.page, 'message.php', {
    to: recipient.id,
    kind: 'text',
    text: 'Koop nu crypto bij mij',
    client_id: `e2e-removed-${Date.now()}`,
  });
  expect(sent.status).toBe(201);
  const { message, conversation } = sent.body as { message: { id: number }; conversation: number };
  expect((await memberCall(recipient.page, 'report.php', { kind: 'message', id: message.id, reason: 'spam' })).status).toBe(201);
  expect((await memberCall(recipient.page, 'report.php', { kind: 'profile', id: sender.id, reason: 'spam' })).status).toBe(201);
  for (const side of [sender, recipient]) {
    await side.page.goto(site('vonkje', `/chats/${conversation}`));
    await expect(side.page.getByRole('log').getByText('Koop nu crypto bij mij')).toBeVisible();
  }

  await consoleLogin(page, ADMIN);
  expect(
    (await consoleCall(page, 'report-decision.php', { kind: 'message', object_id: String(message.id), action: 'remove', reason: 'spam' }))
      .status,
  ).toBe(200);
  // both open chats hear it on the live connection
  for (const side of [sender, recipient]) {
    await expect(side.page.getByRole('log').getByText('Dit bericht is verwijderd door een moderator.')).toBeVisible();
    await expect(side.page.getByText('Koop nu crypto bij mij')).toHaveCount(0);
  }
  await screenshots(recipient.page, 'message-removed');
  await recipient.page.reload();
  await expect(recipient.page.getByRole('log').getByText('Dit bericht is verwijderd door een moderator.')).toBeVisible();

  // the ban closes the sender's live connection: the open tab goes to /pages/ban with the appeal button
  expect(
    (
      await consoleCall(page, 'report-decision.php', {
        kind: 'profile',
        object_id: String(sender.id),
        action: 'ban',
        reason: 'spam',
        note: 'Reclame voor crypto aan veel leden.',
      })
    ).status,
  ).toBe(200);
  await expect(sender.page).toHaveURL(/\/pages\/ban#appeal=/);
  await expect(sender.page.getByRole('heading', { name: 'Blokkeringsbeleid', level: 1 })).toBeVisible();
  await expect(sender.page.getByRole('link', { name: 'Bezwaar maken tegen deze beslissing' })).toBeVisible();
  await sender.close();

  // logging in again: refused, and /pages/ban offers the appeal
  const context = await browser.newContext();
  const banned = await context.newPage();
  await banned.goto(site('vonkje', '/login'));
  await acceptEntry(banned);
  await banned.getByLabel('E-mailadres').fill(sender.email);
  await banned.getByLabel('Wachtwoord', { exact: true }).fill('e2e-password-1');
  await banned.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
  await expect(banned).toHaveURL(/\/pages\/ban#appeal=/);
  const appealButton = banned.getByRole('link', { name: 'Bezwaar maken tegen deze beslissing' });
  await expect(appealButton).toBeVisible();
  await expect(banned.getByText('Ben je het niet eens met de blokkering van je account?')).toBeVisible();
  await screenshots(banned, 'ban-appeal');

  // the appeal form, logged out: that decision's statement of reasons, filed once
  await appealButton.click();
  await expect(banned).toHaveURL(/\/appeal\/[A-Za-z0-9_-]+\.\d+\.[0-9a-f]{32}$/);
  await expect(banned.getByRole('heading', { name: 'Bezwaar tegen een beslissing', level: 1 })).toBeVisible();
  await expect(banned.getByText('Account geblokkeerd')).toBeVisible();
  await expect(banned.getByText('Toelichting: Reclame voor crypto aan veel leden.')).toBeVisible();
  await banned.getByRole('button', { name: 'Bezwaar indienen' }).click();
  await expect(banned.getByText('Vul dit veld in.')).toBeVisible();
  await banned.getByLabel('Waarom ben je het niet eens met deze beslissing?').fill('Ik heb alleen één bericht gestuurd, geen reclame.');
  await screenshots(banned, 'appeal-form');
  await banned.getByRole('button', { name: 'Bezwaar indienen' }).click();
  await expect(banned.getByText(/Je bezwaar is ingediend/)).toBeVisible();
  await banned.reload();
  await expect(banned.getByText('In behandeling')).toBeVisible();
  await expect(banned.getByRole('button', { name: 'Bezwaar indienen' })).toHaveCount(0);

  // an altered link: a clear message, nothing else
  await banned.goto(banned.url().replace(/.$/, (c) => (c === '0' ? '1' : '0')));
  await expect(banned.getByText('Deze bezwaarlink is ongeldig. Gebruik de link uit de e-mail met de beslissing.')).toBeVisible();
  await context.close();
  await recipient.close();
});

test('one visitor’s under-18 report hides nothing: the profile leads the console’s queue, flagged, with its waiting time', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const target = await freshMember(browser, 'Jong', 'female');
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const v = await visitor.newPage();
  await v.goto(site('vonkje'));
  await acceptEntry(v);
  expect((await memberCall(v, 'report.php', { kind: 'profile', id: target.id, reason: 'underage' })).status).toBe(201);
  // still visible: one anonymous request hides nobody
  expect(await v.evaluate(async (id) => (await fetch(`/api/member.php?id=${id}`)).status, target.id)).toBe(200);
  await visitor.close();

  await consoleLogin(page, ADMIN);
  await page.getByRole('link', { name: 'Meldingen' }).click();
  await expect(page.getByRole('status').getByText(/^Jonger dan 18: \d+$/)).toBeVisible();
  // reported objects carry a level-2 heading: the flagged one comes first
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .first();
  await expect(first.getByRole('heading', { name: 'Jong, vonkje' })).toBeVisible();
  await expect(first.getByText('Gemeld als jonger dan 18: eerst beoordelen')).toBeVisible();
  await expect(first.getByText(/^Wacht al \d+ min$/)).toBeVisible();
  await expect(first.getByText(/het profiel is nog zichtbaar/)).toBeVisible();
  await screenshots(page, 'console-reports-underage');
  await first.getByLabel('Beslissing').selectOption({ label: 'Geen maatregel' });
  await first.getByRole('button', { name: 'Beslissen' }).click();
  await expect(first.getByRole('status')).toHaveText('Besloten: Geen maatregel');
  await target.close();
});

test('a fictional profile’s message removed by a moderator shows as removed on the operator’s answering screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await freshMember(browser, 'Meldjan', 'male');
  // a fictional woman of the demo data (ids below 900000) on the main site
  let her: { id: number; name: string } | undefined;
  for (let p = 1; p <= 10 && !her; p++)
    her = (await browserJson<SearchAnswer>(member.page, `/api/members.php?gender=female&page=${p}`)).results.find(
      (r) => r.fictional && r.id < 900_000,
    );
  expect(her, 'a fictional profile in the demo data').toBeDefined();
  const write = async (text: string) => {
    const sent = await memberCall(member.page, 'message.php', {
      to: her!.id,
      kind: 'text',
      text,
      client_id: `e2e-console-removed-${Date.now()}`,
    });
    expect(sent.status).toBe(201);
    return (sent.body as { conversation: number }).conversation;
  };
  const conversation = await write('Hoi, ben je er?');

  await consoleLogin(page, ADMIN);
  expect((await consoleCall(page, 'chat-lock.php', { conversation, action: 'take' })).status).toBe(200);
  const answered = await consoleCall(page, 'chat-answer.php', {
    conversation,
    client_id: `e2e-answer-${Date.now()}`,
    kind: 'text',
    text: 'Stuur me je bankgegevens',
  });
  expect(answered.status).toBe(201);
  const message = (answered.body as { message: { id: number } }).message.id;
  expect((await memberCall(member.page, 'report.php', { kind: 'message', id: message, reason: 'spam' })).status).toBe(201);
  expect(
    (await consoleCall(page, 'report-decision.php', { kind: 'message', object_id: String(message), action: 'remove', reason: 'spam' }))
      .status,
  ).toBe(200);

  // the member writes again; the operator opens the conversation from the queue
  await write('Ben je er nog?');
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Chat', exact: true }).click();
  const row = page.getByRole('listitem', { name: `Meldjan aan ${her!.name}` });
  await row.getByRole('button', { name: 'Beantwoorden' }).click();
  const thread = page.getByRole('list', { name: 'Gesprek' });
  await expect(thread).toContainText('Ben je er nog?');
  await expect(thread.getByText('Dit bericht is verwijderd door een moderator.')).toBeVisible();
  await expect(thread).not.toContainText('bankgegevens');
  await screenshots(page, 'chat-console-removed');
  await consoleCall(page, 'chat-lock.php', { conversation, action: 'release' });
  await member.close();
});

test('the console pages the open complaints: 50 at first, the rest on demand', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // eleven new members file five general complaints each (a member may file five an hour)
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const filer = await context.newPage();
  await filer.goto(site('vonkje'));
  await acceptEntry(filer);
  for (let m = 0; m < 11; m++) {
    const signup = await memberCall(filer, 'signup.php', {
      email: `e2e-complainer-${m}-${Date.now()}@example.org`,
      password: 'e2e-password-1',
      name: `Klager${m}`,
      date_of_birth: '1990-04-12',
      gender: 'male',
    });
    expect(signup.status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await memberCall(filer, 'complaint.php', { text: `Klacht ${m}-${i}` })).status).toBe(201);
  }
  await context.close();

  await consoleLogin(page, ADMIN);
  await page.getByRole('link', { name: 'Meldingen' }).click();
  const section = page.getByRole('region', { name: 'Bezwaren en klachten' });
  const entries = section.getByRole('listitem');
  await expect(entries).toHaveCount(50);
  await section.getByRole('button', { name: 'Meer bezwaren en klachten laden' }).click();
  await expect(entries.filter({ hasText: 'Klacht 10-4' })).toHaveCount(1);
  expect(await entries.count()).toBeGreaterThanOrEqual(55);
  await expect(section.getByRole('button', { name: 'Meer bezwaren en klachten laden' })).toHaveCount(0);
});

test('the console pages the reports: an object with 305 reports comes whole after “Meer meldingen laden”', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const target = await freshMember(browser, 'Veelgemeld', 'female');
  // a visitor reports the profile 305 times (this machine's address is not counted in development)
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const visitor = await context.newPage();
  await visitor.goto(site('vonkje'));
  await acceptEntry(visitor);
  const statuses = await visitor.evaluate(async (id) => {
    const out: number[] = [];
    for (let i = 0; i < 305; i++) {
      const res = await fetch('/api/report.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'profile', id, reason: 'spam', text: `Melding ${i}` }),
      });
      out.push(res.status);
    }
    return out;
  }, target.id);
  expect(statuses.every((s) => s === 201)).toBe(true);
  await context.close();

  await consoleLogin(page, ADMIN);
  await page.getByRole('link', { name: 'Meldingen' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Veelgemeld, vonkje' }) });
  await expect(item).toBeVisible();
  await expect(item.getByText('“Melding 304”')).toHaveCount(0);
  await page.getByRole('button', { name: 'Meer meldingen laden' }).click();
  await expect(item.getByRole('list', { name: 'Meldingen: 305' })).toBeVisible();
  await expect(item.getByText('“Melding 304”')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Meer meldingen laden' })).toHaveCount(0);
  await target.close();
});
