import type { SearchAnswer } from '../../worker/contracts/profiles';
import { e2eAdmin } from '../../scripts/dev-operator';
import { browserJson, consoleLogin, expect, freshMember, screenshots, site, test } from './fixtures';

/** This spec's own admin: a code is good once per operator, and other console specs run beside this one. */
const ADMIN = e2eAdmin('chat-console');
/** Live delivery: without the live connections nothing would show within this. */
const LIVE = { timeout: 5_000 };

test('a member writes to a fictional profile; an operator sees it live, takes it, types and answers; the member gets the answer live with the label', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const member = await freshMember(browser, 'Consolejan', 'male');
  try {
    // a fictional woman of the main site, as the search shows her: one of the demo data's (ids below
    // 900000), not one the console spec of export.spec.ts may be making at the same time
    let fictional: { id: number; name: string } | undefined;
    for (let p = 1; p <= 10 && !fictional; p++) {
      const found = await browserJson<SearchAnswer>(member.page, `/api/members.php?gender=female&page=${p}`);
      fictional = found.results.find((r) => r.fictional && r.id < 900_000);
    }
    expect(fictional, 'a fictional profile in the demo data').toBeDefined();
    const her = fictional!;

    // the console: the chat queue, live
    await consoleLogin(page, ADMIN);
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Chat', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Chatwachtrij' })).toBeVisible();
    await expect(page.locator('[data-live="on"]')).toBeVisible();

    // the member writes to her
    await member.page.goto(site('vonkje', `/members/${her.id}`));
    await member.page.getByRole('link', { name: 'Bericht sturen' }).click();
    const icebreaker = member.page.getByRole('dialog', { name: `Breek het ijs met ${her.name}` });
    await icebreaker.getByRole('button', { name: 'Zelf iets schrijven' }).click();
    const box = member.page.getByRole('textbox', { name: `Bericht aan ${her.name}` });
    await box.fill('Hoi! Ben je vanavond online?');
    await box.press('Enter');
    const log = member.page.getByRole('log', { name: `Berichten met ${her.name}` });
    await expect(log).toContainText('Ben je vanavond online?');

    // it appears in the operator's queue without a reload
    const row = page.getByRole('listitem', { name: `Consolejan aan ${her.name}` });
    await expect(row).toBeVisible(LIVE);
    await expect(row).toContainText('Hoi! Ben je vanavond online?');
    await screenshots(page, 'chat-console-queue');

    // the operator takes it: the answering screen with the member, the persona and the conversation
    await page.setViewportSize({ width: 1280, height: 900 });
    await row.getByRole('button', { name: 'Beantwoorden' }).click();
    await expect(page.getByText(/^Consolejan, \d+ jaar$/)).toBeVisible();
    // released by hand (audited, see below), then taken again
    await page.getByRole('button', { name: 'Vrijgeven' }).click();
    await expect(page.getByRole('heading', { name: 'Chatwachtrij' })).toBeVisible();
    await row.getByRole('button', { name: 'Beantwoorden' }).click();
    await expect(page.getByText(/^Consolejan, \d+ jaar$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Gesprek' })).toContainText('Hoi! Ben je vanavond online?');
    await expect(page.getByRole('group', { name: 'Voorstellen' }).getByRole('button').first()).toBeVisible();
    await page.getByLabel('Nieuwe notitie').fill("Schrijft graag 's avonds.");
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await expect(page.getByText("Schrijft graag 's avonds.")).toBeVisible();

    // typing shows on the member's side as from a member
    const answer = page.getByLabel(`Antwoord als ${her.name}`);
    await answer.pressSequentially('Hoi Jan! Ja hoor, ', { delay: 20 });
    await expect(member.page.getByText(`${her.name} typt…`)).toBeVisible(LIVE);
    await page.getByRole('group', { name: 'Voorstellen' }).getByRole('button').first().click();
    await screenshots(page, 'chat-console-answer');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Chatwachtrij' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: `Consolejan aan ${her.name}` })).toHaveCount(0);

    // the member gets it live, in the conversation that keeps the fictional label
    await expect(log).toContainText('Hoi! Wat leuk dat je me schrijft.', LIVE);
    await expect(member.page.getByRole('note')).toBeVisible();
    await expect(log).toContainText('Gelezen', LIVE);
    await screenshots(member.page, 'chat-console-member');

    // the admin's figures count the answer
    await page.getByRole('link', { name: 'Chatcijfers' }).click();
    await expect(page.getByRole('heading', { name: 'Per medewerker' })).toBeVisible();
    await expect(page.getByRole('cell', { name: ADMIN.name })).toBeVisible();
    await screenshots(page, 'chat-console-figures');

    // the audit log has the release beside the answer
    await page.getByRole('link', { name: 'Auditlog' }).click();
    await page.getByLabel('Handeling').selectOption('chat.release');
    await page.getByRole('button', { name: 'Filteren' }).click();
    await expect(page.getByRole('cell', { name: /chat\.release/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: /chat\.answer/ })).toHaveCount(0);
  } finally {
    await member.close();
  }
});
