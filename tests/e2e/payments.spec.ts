import type { Page } from '@playwright/test';
import { acceptEntry, browserJson, expect, freshMember, screenshots, site, test } from './fixtures';

type User = { credits: number; paid_user: boolean };
const me = async (page: Page) => (await browserJson<{ user: User }>(page, '/api/user.php')).user;
const status = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);

type Photo = { match: string | null; main: boolean; locked: boolean };
const photosOf = async (page: Page, id: number) =>
  (await browserJson<{ profile: { photos: Photo[] } }>(page, `/api/member.php?id=${id}`)).profile.photos;

/** A generated member with more photos than the main one: the others are locked for free members. */
async function memberWithLockedPhoto(page: Page): Promise<number> {
  for (let p = 1; p <= 5; p++) {
    const found = await browserJson<{ results: { id: number; photo_count: number }[] }>(page, `/api/members.php?page=${p}`);
    for (const card of found.results.filter((c) => c.photo_count >= 2))
      if ((await photosOf(page, card.id)).some((ph) => !ph.main && ph.locked)) return card.id;
  }
  throw new Error('no member with a locked photo');
}

test.describe.configure({ mode: 'serial' });
test.use({ country: 'NL' });

test('a new free member buys p2 with iDEAL on the sim provider with the time bonus: the bank choice, the checkout, complete; credits added, premium, photos open, a receipt', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const koos = await freshMember(browser, 'Koos', 'male');
  const page = koos.page;
  try {
    const before = await me(page);
    expect(before.paid_user).toBe(false);
    const memberId = await memberWithLockedPhoto(page);

    // the navigation offers premium; /premium shows the benefits and the packages
    await page.goto(site('vonkje', '/members'));
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Word premium' }).click();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole('heading', { name: 'Word premium', level: 1 })).toBeVisible();
    await expect(page.getByText('14 dagen gratis annuleren')).toBeVisible();
    await screenshots(page, 'payments-premium');

    // the credits page: four packages, p2 popular with the red ribbon
    await page.goto(site('vonkje', '/credits'));
    const p2 = page.getByRole('article', { name: /^250 credits voor/ });
    await expect(p2).toContainText('Populair');
    await expect(p2).toContainText('20% voordeliger');
    await expect(page.getByRole('article', { name: / credits voor / })).toHaveCount(4);
    await screenshots(page, 'payments-credits');
    await p2.getByRole('link').click();
    await expect(page).toHaveURL(/\/credits\/p2$/);
    // a new member's time bonus (the first 4 hours) is applied
    await expect(page.getByText('Je welkomstbonus van 25% is toegepast.')).toBeVisible();
    await expect(page.getByText('Te betalen')).toContainText('44,96');
    await screenshots(page, 'payments-method');

    // iDEAL: the sim lists banks, so the bank choice shows
    await page.getByRole('button', { name: /^iDEAL \| Wero/ }).click();
    await expect(page).toHaveURL(/\/credits\/p2\/ideal$/);
    await expect(page.getByRole('heading', { name: 'Kies je bank' })).toBeVisible();
    await page.getByRole('button', { name: 'Rabobank' }).click();
    await screenshots(page, 'payments-bank');
    await page.getByRole('button', { name: 'Betalen met iDEAL | Wero' }).click();

    // the provider's page (the sim, development only): pay
    await expect(page).toHaveURL(/\/dev\/psp\//);
    await page.getByRole('button', { name: 'Pay' }).click();

    // back: complete, with the credits and premium
    await expect(page).toHaveURL(/\/credits\/p2\/ideal\?payment=/);
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
    await expect(
      page.getByText(`Er zijn 250 credits aan je saldo toegevoegd. Je saldo is nu ${before.credits + 250} credits.`),
    ).toBeVisible();
    await expect(page.getByText('Je bent nu premium lid')).toBeVisible();
    await screenshots(page, 'payments-complete');
    const after = await me(page);
    expect(after).toMatchObject({ credits: before.credits + 250, paid_user: true });
    // the navigation now shows the credits
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: /^Credits/ })).toBeVisible();

    // locked photos open for premium members
    const second = (await photosOf(page, memberId)).find((ph) => !ph.main)!;
    expect(second.locked).toBe(false);
    const { cdn_prefix } = await browserJson<{ cdn_prefix: string }>(page, '/api/settings.php');
    expect(await status(page, `${cdn_prefix}${second.match}`)).toBe(200);

    // the purchase in the transactions, with its receipt
    await page.getByRole('link', { name: 'Bekijk je betaalbewijs' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await screenshots(page, 'payments-transactions');
    await page.getByRole('link', { name: /^Creditpakket gekocht.*\+250/ }).click();
    await expect(page.getByRole('heading', { name: /^Betaalbewijs / })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Btw 21%');
    await expect(page.getByRole('table')).toContainText('44,96');
    await screenshots(page, 'payments-receipt');
  } finally {
    await koos.close();
  }
});

test('a failed card payment offers PayPal, which succeeds; a payment left pending completes later', async ({ browser }) => {
  test.setTimeout(90_000);
  const lies = await freshMember(browser, 'Lies', 'female');
  const page = lies.page;
  try {
    const start = (await me(page)).credits;
    await page.goto(site('vonkje', '/credits/p0'));
    await page.getByRole('button', { name: /^Creditcard/ }).click();
    await expect(page).toHaveURL(/\/dev\/psp\//);
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByRole('heading', { name: 'Creditcard betaling mislukt' })).toBeVisible();
    expect((await me(page)).credits).toBe(start);
    await screenshots(page, 'payments-card-failed');

    await page.getByRole('button', { name: 'Betalen met PayPal' }).click();
    await expect(page).toHaveURL(/\/dev\/psp\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
    expect(await me(page)).toMatchObject({ credits: start + 50, paid_user: true });

    // pending: "being processed" until the provider decides
    await page.goto(site('vonkje', '/credits/p1'));
    await page.getByRole('button', { name: /^PayPal/ }).click();
    await expect(page).toHaveURL(/\/dev\/psp\//);
    const checkout = page.url();
    await page.getByRole('button', { name: 'Leave pending' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling wordt verwerkt' })).toBeVisible();
    await screenshots(page, 'payments-pending');
    const waiting = page.url();
    await page.goto(checkout);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.goto(waiting);
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
    expect((await me(page)).credits).toBe(start + 50 + 120);
  } finally {
    await lies.close();
  }
});

test('pricing shows the packages to visitors and leads them to the signup', async ({ page }) => {
  await page.goto(site('vonkje', '/pricing'));
  await acceptEntry(page);
  await expect(page.getByRole('heading', { name: 'Creditpakketten' })).toBeVisible();
  await expect(page.getByRole('article', { name: / credits voor / })).toHaveCount(4);
  await expect(page.getByRole('article', { name: /^250 credits voor/ }).getByRole('link')).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('heading', { name: 'Tarieven en credits' })).toBeVisible();
  // the text names what this visitor's country really offers, in its currency
  await expect(page.getByText(/^Betaalmethoden voor uw land \(Nederland\): iDEAL \| Wero, .+ of .+\. Betalingen/)).toBeVisible();
  await expect(page.getByText(/^Alle prijzen zijn in euro en inclusief btw\./)).toBeVisible();
  await screenshots(page, 'payments-pricing');
});

test('a new free member with 0 credits gets the time-bonus modal after 40 s and buys with 25% off', async ({ browser }) => {
  test.setTimeout(90_000);
  const mia = await freshMember(browser, 'Mia', 'female');
  const page = mia.page;
  try {
    // the signup credits go on a gift: 0 credits left
    const spent = await page.evaluate(async () => {
      const res = await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify({ to: 900002, kind: 'gift', gift: 'rose', client_id: `e2e-gift-${Date.now()}` }),
      });
      return { status: res.status, credits: ((await res.json()) as { credits: number }).credits };
    });
    expect(spent).toEqual({ status: 201, credits: 0 });

    // the members area: the banner counts down; 40 s later (the page's clock) the modal
    await page.clock.install();
    await page.goto(site('vonkje', '/members'));
    const banner = page.getByRole('region', { name: 'Welkomstbonus' });
    await expect(banner).toContainText('25% korting op je eerste creditpakket');
    await expect(banner.getByRole('timer')).toHaveText(/^0[34]:[0-5]\d:[0-5]\d$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // the banner comes with the page (the worker's): the 40 s run from the app's take-over
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await page.clock.fastForward(41_000);
    const modal = page.getByRole('dialog', { name: '25% welkomstbonus' });
    await expect(modal).toBeVisible();
    await screenshots(page, 'payments-time-bonus');
    await modal.getByRole('button', { name: 'Credits kopen' }).click();
    await expect(page).toHaveURL(/\/credits$/);

    // the time bonus is applied at the checkout and by the server
    await page
      .getByRole('article', { name: /^250 credits voor/ })
      .getByRole('link')
      .click();
    await expect(page.getByText('Je welkomstbonus van 25% is toegepast.')).toBeVisible();
    await expect(page.getByText('Te betalen')).toContainText('44,96');
    await page.getByRole('button', { name: /^PayPal/ }).click();
    await expect(page).toHaveURL(/\/dev\/psp\//);
    await expect(page.getByText(/44\.96/)).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
    expect(await me(page)).toMatchObject({ credits: 250, paid_user: true });
    // premium now: the bonus is gone
    await page.goto(site('vonkje', '/members'));
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: /^Credits/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Welkomstbonus' })).toHaveCount(0);
  } finally {
    await mia.close();
  }
});

test('direct debit with the SMS code from the outbox, a blocked account refused, then a repeat order with the saved mandate', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const noor = await freshMember(browser, 'Noor', 'female');
  const page = noor.page;
  try {
    const start = (await me(page)).credits;
    await page.goto(site('vonkje', '/credits/p1'));
    await page.getByRole('button', { name: /^Automatische incasso/ }).click();
    await expect(page).toHaveURL(/\/directdebit\?package=p1$/);
    await expect(page.getByRole('heading', { name: 'Betalen met automatische incasso' })).toBeVisible();
    const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
    await fill('Naam rekeninghouder', 'Noor de Vries');
    await fill('IBAN', 'NL02 ABNA 0123 4567 89');
    await fill('Straat', 'Dorpsstraat');
    await fill('Huisnummer', '12');
    await fill('Postcode', '3512 AB');
    await fill('Plaats', 'Utrecht');
    await fill('Mobiel nummer', '06 12345678');
    // the demo block list refuses this account
    await page.getByRole('button', { name: 'Stuur mij de code' }).click();
    await expect(page.getByRole('alert')).toContainText('Je account is geblokkeerd voor automatische incasso.');
    await fill('IBAN', 'NL91 ABNA 0417 1643 00');
    await screenshots(page, 'payments-directdebit');
    await page.getByRole('button', { name: 'Stuur mij de code' }).click();
    await expect(page.getByRole('heading', { name: 'Vul je sms-code in' })).toBeVisible();

    // the code from the development SMS outbox; a wrong one first
    const { sms } = await browserJson<{ sms: { to: string; text: string }[] }>(page, '/dev/sms.json');
    const code = /\b(\d{6})\b/.exec(sms.find((m) => m.to === '+31612345678')!.text)![1]!;
    await page.getByLabel('Sms-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Bevestigen en betalen' }).click();
    await expect(page.getByText('Code ongeldig')).toBeVisible();
    await page.getByLabel('Sms-code').fill(code);
    await screenshots(page, 'payments-sms-code');
    await page.getByRole('button', { name: 'Bevestigen en betalen' }).click();
    await expect(page).toHaveURL(/\/credits\/p1\/directdebit\?payment=/);
    await expect(page.getByText(/Je incasso is aangevraagd/)).toBeVisible();
    const waiting = page.url();

    // the bank collects: the sim's page of this payment
    const paymentId = new URL(waiting).searchParams.get('payment');
    const { payments } = await browserJson<{ payments: { id: string; reference: string; status: string }[] }>(page, '/dev/psp.json');
    const debit = payments.find((p) => p.reference === paymentId)!;
    expect(debit.status).toBe('pending');
    await page.goto(site('vonkje', `/dev/psp/${debit.id}`));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.goto(waiting);
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
    expect(await me(page)).toMatchObject({ credits: start + 120, paid_user: true });

    // a repeat order in one step with the saved mandate
    await page.goto(site('vonkje', '/credits'));
    await page.getByRole('link', { name: 'Opnieuw bestellen met je opgeslagen betaalmethode' }).click();
    await expect(page.getByText(/Je betaalt met automatische incasso van NL/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Je vorige pakket/ })).toHaveAttribute('aria-pressed', 'true');
    await screenshots(page, 'payments-repeat-order');
    await page.getByRole('button', { name: /^Bestel 120 credits voor/ }).click();
    await expect(page).toHaveURL(/\/credits\/p1\/directdebit\?payment=/);
    await expect(page.getByText(/Je incasso is aangevraagd/)).toBeVisible();
  } finally {
    await noor.close();
  }
});
