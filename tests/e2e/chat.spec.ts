import type { Page } from '@playwright/test';
import { browserJson, expect, freshMember, loginAs, payingMember, screenshots, site, test } from './fixtures';

const PREMIUM_ID = 900002;
const FREE_ID = 900001;
/**
 * Live delivery: what the other does shows within this. Without the live connection the open
 * conversation polls only every 10 s and the list every 60 s, so a broken connection fails here.
 */
const LIVE = { timeout: 4_000 };

type Settings = { message_credits: number; gift_credits: number; photo_credits: number; free_conversations: number };
const credits = async (page: Page) => (await browserJson<{ user: { credits: number } }>(page, '/api/user.php')).user.credits;

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

test('two members chat live: a text costs message_credits, the other reads and answers, typing shows, a gift and a photo arrive', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // a paying member of this test's own (the demo premium member's credits are other specs' to spend too)
  const adam = await payingMember(browser, 'Chatadam', 'male');
  await adam.close();
  await loginAs(page, adam.email, adam.password);
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
    const item = bea.page.getByRole('link', { name: /Chatadam/ });
    await expect(item).toContainText('1 ongelezen bericht');
    await expect(bea.page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: /Berichten/ })).toContainText('1');
    await screenshots(bea.page, 'chat-list');
    await item.click();
    await expect(bea.page.getByRole('log', { name: 'Berichten met Chatadam' })).toContainText('zin in een kop koffie');
    await expect(bea.page.getByRole('link', { name: /Chatadam/ })).not.toContainText('ongelezen');

    // A sees the read ticks at once
    await expect(log).toContainText('Gelezen', LIVE);

    // B types: A sees it; B answers: A's open conversation shows it without a reload
    const beaBox = bea.page.getByRole('textbox', { name: 'Bericht aan Chatadam' });
    await beaBox.pressSequentially('Leuk! Zaterdag', { delay: 20 });
    await expect(page.getByText('Chatbea typt…')).toBeVisible(LIVE);
    await screenshots(page, 'chat-typing');
    await beaBox.pressSequentially('ochtend bij het park?', { delay: 10 });
    await beaBox.press('Enter');
    await expect(bea.page.getByRole('log')).toContainText('Leuk! Zaterdagochtend bij het park?');
    await expect(log).toContainText('Leuk! Zaterdagochtend bij het park?', LIVE);
    await expect(page.getByText('Chatbea typt…')).toHaveCount(0);

    // B goes back to the list; A sends a gift: B's list, badge and title count move without a reload
    await bea.page
      .getByRole('navigation', { name: 'Hoofdnavigatie' })
      .getByRole('link', { name: /Berichten/ })
      .click();
    await expect(bea.page).toHaveURL(/\/chats$/);
    await page.getByRole('button', { name: 'Stuur Chatbea een cadeau' }).click();
    await page.getByRole('dialog', { name: 'Stuur Chatbea een cadeau' }).getByRole('button', { name: /^Roos/ }).click();
    await expect(log.getByRole('figure')).toContainText('Roos');
    expect(await credits(page)).toBe(start - settings.message_credits - settings.gift_credits);
    await expect(bea.page.getByRole('link', { name: /Chatadam/ })).toContainText('1 ongelezen bericht', LIVE);
    await expect(bea.page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: /Berichten/ })).toContainText(
      '1',
      LIVE,
    );
    await expect(bea.page).toHaveTitle(/^\(1\) /, LIVE);

    // A sends a photo (premium): it costs photo_credits and arrives; B opens it large
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `Stuur Chatbea een foto (${settings.photo_credits} credits)` }).click();
    await (await chooser).setFiles('tests/fixtures/photo.jpg');
    const mine = log.getByRole('img', { name: 'Jouw foto' });
    await expect(mine).toBeVisible();
    await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await credits(page)).toBe(start - settings.message_credits - settings.gift_credits - settings.photo_credits);
    await expect(bea.page.getByRole('link', { name: /Chatadam/ })).toContainText('2 ongelezen berichten', LIVE);
    await bea.page.getByRole('link', { name: /Chatadam/ }).click();
    const beaLog = bea.page.getByRole('log', { name: 'Berichten met Chatadam' });
    await expect(beaLog.getByRole('figure')).toContainText('Roos');
    const theirs = beaLog.getByRole('img', { name: 'Foto van Chatadam' });
    await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(bea.page).not.toHaveTitle(/^\(\d+\)/);
    await theirs.click();
    const viewer = bea.page.getByRole('dialog', { name: 'Foto van Chatadam' });
    await expect(viewer).toBeVisible();
    await screenshots(bea.page, 'chat-image-viewer');
    await bea.page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    // nobody else gets the photo: a visitor is refused
    const src = (await theirs.getAttribute('src'))!;
    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(site('vonkje', '/'));
      expect(await visitor.evaluate(async (url) => (await fetch(url)).status, src)).toBe(403);
    } finally {
      await stranger.close();
    }
    await screenshots(page, 'chat-conversation');
    await screenshots(bea.page, 'chat-conversation-received');
  } finally {
    await bea.close();
  }
});

test('a free member who has started the free conversations gets the limit message with the way to credits, and the premium alert for photos', async ({
  browser,
}) => {
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
      // the way out: credits
      await expect(page.getByRole('alert').getByRole('link', { name: 'Credits kopen' })).toHaveAttribute('href', '/credits');
      await screenshots(page, 'chat-free-limit');

      // photos are for premium members: the photo button explains it instead of opening a file
      await page.getByRole('button', { name: /^Stuur Chatdora een foto/ }).click();
      const alert = page.getByRole('dialog', { name: "Foto's sturen is voor premium leden" });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link', { name: 'Word premium' })).toHaveAttribute('href', '/premium');
      await screenshots(page, 'chat-premium-alert');
      await alert.getByRole('button', { name: 'Niet nu' }).click();
      await expect(alert).toHaveCount(0);
    } finally {
      await dora.close();
    }
  } finally {
    await cees.close();
  }
});
