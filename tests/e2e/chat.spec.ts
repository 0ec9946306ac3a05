import type { Browser, Page } from '@playwright/test';
import { acceptEntry, expect, loginAs, screenshots, site, test } from './fixtures';

const PREMIUM_ID = 900002;
const FREE_ID = 900001;
const stamp = Date.now();
/** The open conversation loads its newest page every 10 s: what the other sent shows within that. */
const REFRESH = { timeout: 15_000 };



/** A same-origin GET from the page, with its session (Node cannot resolve *.localhost; the browser can). */
const browserJson = <T>(page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;

type Settings = { message_credits: number; gift_credits: number; free_conversations: number };
const credits = async (page: Page) => (await browserJson<{ user: { credits: number } }>(page, '/api/user.php')).user.credits;

/**
 * A fresh member in a browser of their own: signed up through the API (as the signup modal does)
 * and confirmed with the mailed link, since only confirmed members chat and are seen.
 */
async function freshMember(browser: Browser, name: string, gender: 'female' | 'male') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const page = await context.newPage();
  await page.goto(site('vonkje'));
  await acceptEntry(page);
  const email = `chat-${name.toLowerCase()}-${stamp}@example.org`;
  const signup = await page.evaluate(async (body) => {
    const res = await fetch('/api/signup.php', {
      method: 'POST',
      headers: { 'request-type': 'client', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { user: { id: number } } };
  }, { email, password: 'chat-password-1', name, date_of_birth: '1990-04-12', gender });
  expect(signup.status).toBe(201);
  const { mails } = await browserJson<{ mails: { to: string; kind: string; text: string }[] }>(page, '/dev/mail.json');
  const mail = mails.find((m) => m.to === email && m.kind === 'activate');
  expect(mail, `activation mail to ${email}`).toBeDefined();
  await page.goto(/(http:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!);
  await expect(page).toHaveURL(/\/activate\/done$/);
  return { page, id: signup.body.user.id, close: () => context.close() };
}

/** From a profile, "Bericht sturen" opens the (empty) conversation; the icebreaker offers opening lines. */
async function openChatFromProfile(page: Page, id: number, name: string) {
  await page.goto(site('vonkje', `/members/${id}`));
  await page.getByRole('link', { name: 'Bericht sturen' }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${id}/chat$`));
  return page.getByRole('dialog', { name: `Breek het ijs met ${name}` });
}

async function send(page: Page, name: string, text: string) {
  const box = page.getByRole('textbox', { name: `Bericht aan ${name}` });
  await box.fill(text);
  await box.press('Enter');
}

test.describe.configure({ mode: 'serial' });
test.use({ country: 'NL' });

test('two members chat: a text costs message_credits, the other sees it unread, reads it and answers; a gift shows', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'premium@example.com');
  const settings = await browserJson<Settings>(page, '/api/settings.php');
  const start = await credits(page);
  const bea = await freshMember(browser, 'Chatbea', 'female');
  try {
    // A writes to B from B's profile
    const icebreaker = await openChatFromProfile(page, bea.id, 'Chatbea');
    await expect(icebreaker).toBeVisible();
    await expect(icebreaker.getByRole('button', { name: new RegExp(`${settings.message_credits} credits$`) }).first()).toBeVisible();
    await icebreaker.getByRole('button', { name: 'Zelf iets schrijven' }).click();
    await send(page, 'Chatbea', 'Hoi Bea, zin in een kop koffie deze week?');
    const log = page.getByRole('log', { name: 'Berichten met Chatbea' });
    await expect(log).toContainText('Hoi Bea, zin in een kop koffie deze week?');
    await expect(page.getByText(`Saldo: ${start - settings.message_credits} credits`)).toBeVisible();
    expect(await credits(page)).toBe(start - settings.message_credits);

    // B sees the conversation with an unread badge, opens it and reads it
    await bea.page.goto(site('vonkje', '/chats'));
    const item = bea.page.getByRole('link', { name: /Demo Premium/ });
    await expect(item).toContainText('1 ongelezen bericht');
    await expect(bea.page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: /Berichten/ })).toContainText('1');
    await screenshots(bea.page, 'chat-list');
    await item.click();
    await expect(bea.page.getByRole('log', { name: 'Berichten met Demo Premium' })).toContainText('zin in een kop koffie');
    await expect(bea.page.getByRole('link', { name: /Demo Premium/ })).not.toContainText('ongelezen');

    // B answers; A's open conversation shows it after its refresh, and A's message as read
    await send(bea.page, 'Demo Premium', 'Leuk! Zaterdagochtend bij het park?');
    await expect(bea.page.getByRole('log')).toContainText('Zaterdagochtend bij het park?');
    await expect(log).toContainText('Zaterdagochtend bij het park?', REFRESH);
    await expect(log).toContainText('Gelezen');

    // A sends a gift: it shows for both, and costs gift_credits
    await page.getByRole('button', { name: 'Stuur Chatbea een cadeau' }).click();
    await page.getByRole('dialog', { name: 'Stuur Chatbea een cadeau' }).getByRole('button', { name: /^Roos/ }).click();
    await expect(log.getByRole('figure')).toContainText('Roos');
    expect(await credits(page)).toBe(start - settings.message_credits - settings.gift_credits);
    await expect(bea.page.getByRole('log').getByRole('figure')).toContainText('Roos', REFRESH);
    await screenshots(page, 'chat-conversation');
    await screenshots(bea.page, 'chat-conversation-received');
  } finally {
    await bea.close();
  }
});

test('a free member who has started the free conversations gets the free_conversation_limit message and keeps the text', async ({ browser }) => {
  test.setTimeout(90_000);
  const cees = await freshMember(browser, 'Chatcees', 'male');
  const page = cees.page;
  try {
    const settings = await browserJson<Settings>(page, '/api/settings.php');
    expect(settings.free_conversations).toBe(2);

    // first conversation: an opening line in one click, free
    const first = await openChatFromProfile(page, PREMIUM_ID, 'Demo Premium');
    const line = first.getByRole('button', { name: /Gratis$/ }).first();
    const text = (await line.textContent())!.replace(/Gratis$/, '').trim();
    await line.click();
    await expect(page.getByRole('log', { name: 'Berichten met Demo Premium' })).toContainText(text);

    // second conversation: typed
    await (await openChatFromProfile(page, FREE_ID, 'Demo Vrij')).getByRole('button', { name: 'Zelf iets schrijven' }).click();
    await send(page, 'Demo Vrij', 'Hoi! Ook nieuw hier?');
    await expect(page.getByRole('log', { name: 'Berichten met Demo Vrij' })).toContainText('Hoi! Ook nieuw hier?');

    // a third is refused with the server's message; the text stays in the box
    const dora = await freshMember(browser, 'Chatdora', 'female');
    try {
      await (await openChatFromProfile(page, dora.id, 'Chatdora')).getByRole('button', { name: 'Zelf iets schrijven' }).click();
      await send(page, 'Chatdora', 'Hoi Dora!');
      await expect(page.getByRole('alert')).toContainText(
        `Als gratis lid kun je maximaal ${settings.free_conversations} gesprekken beginnen. Koop credits om met meer leden te chatten.`,
      );
      await expect(page.getByRole('textbox', { name: 'Bericht aan Chatdora' })).toHaveValue('Hoi Dora!');
      await expect(page.getByRole('log')).toHaveCount(0);
      await screenshots(page, 'chat-free-limit');
    } finally {
      await dora.close();
    }
  } finally {
    await cees.close();
  }
});
