import { acceptEntry, browserJson, browserPost, expect, freshMember, screenshots, site, test } from './fixtures';

type Mail = { to: string; kind: string; text: string };
const checkbox = (page: import('@playwright/test').Page, type: string, channel: 'E-mail' | 'Push') =>
  page.getByRole('checkbox', { name: `${type}: ${channel}` });

test('notification settings are saved and come back after a reload; invisible mode is offered to free members with a link to premium', async ({
  browser,
}) => {
  const m = await freshMember(browser, 'Meldingen', 'male');
  const { page } = m;
  await page.goto(site('vonkje', '/notifications'));
  await expect(page.getByRole('heading', { name: 'Meldingen en e-mail' })).toBeVisible();
  await expect(checkbox(page, 'Like ontvangen', 'E-mail')).toBeChecked();
  await expect(checkbox(page, 'Aanbiedingen', 'E-mail')).not.toBeChecked();
  await checkbox(page, 'Like ontvangen', 'E-mail').uncheck();
  await checkbox(page, 'Aanbiedingen', 'E-mail').check();
  await checkbox(page, 'Nieuwe berichten', 'Push').uncheck();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Je meldingen zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(checkbox(page, 'Like ontvangen', 'E-mail')).not.toBeChecked();
  await expect(checkbox(page, 'Aanbiedingen', 'E-mail')).toBeChecked();
  await expect(checkbox(page, 'Nieuwe berichten', 'Push')).not.toBeChecked();
  await expect(checkbox(page, 'Nieuwe berichten', 'E-mail')).toBeChecked();
  // invisible mode: premium only, the way there offered
  await expect(page.getByRole('checkbox', { name: 'Onzichtbaar zijn' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Word premium' }).last()).toHaveAttribute('href', '/premium');
  await screenshots(page, 'notifications-settings');
  await m.close();
});

test('the unsubscribe link of a mail in /dev/mail works logged out and switches that mail off', async ({ browser }) => {
  const liker = await freshMember(browser, 'Liker', 'male');
  const liked = await freshMember(browser, 'Geliked', 'female');
  const like = (await browserPost(liker.page, '/api/like.php', { id: liked.id })).status;
  expect(like).toBe(200);
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const { mails } = await browserJson<{ mails: Mail[] }>(liked.page, '/dev/mail.json');
      mail = mails.find((x) => x.kind === 'like' && x.text.includes('/unsubscribe/') && x.text.includes(`/likes/m/${liker.id}`));
      return !!mail;
    })
    .toBe(true);
  const link = /(http:\/\/\S+\/unsubscribe\/\S+)/.exec(mail!.text)![1]!;

  // a browser without a session
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const page = await context.newPage();
  await page.goto(link);
  await acceptEntry(page);
  await expect(page.getByText('Geen e-mails meer ontvangen over: Like ontvangen?')).toBeVisible();
  await screenshots(page, 'notifications-unsubscribe');
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByText('Je ontvangt geen e-mails meer over: Like ontvangen.')).toBeVisible();
  const prefs = await browserJson<{ preferences: { email: { like: boolean }; push: { like: boolean } } }>(
    liked.page,
    '/api/notifications.php',
  );
  expect(prefs.preferences.email.like).toBe(false);
  expect(prefs.preferences.push.like).toBe(true);
  await context.close();
  await liker.close();
  await liked.close();
});

test('mail switched off by a bounce: the alert shows (not on the settings screen) with the fix, and stays dismissed', async ({
  browser,
}) => {
  const m = await freshMember(browser, 'Bounce', 'male');
  const { page } = m;
  const email = await page.evaluate(async () => ((await (await fetch('/api/user.php')).json()) as { user: { email: string } }).user.email);
  // the member's activation mail, once the deliveries queue has sent it through Email Service
  type DevMail = { id: number; to: string; message_id: string | null };
  await expect
    .poll(
      async () => (await browserJson<{ mails: DevMail[] }>(page, '/dev/mail.json')).mails.find((x) => x.to === email)?.message_id ?? null,
      { timeout: 15_000 },
    )
    .not.toBeNull();
  const mail = (await browserJson<{ mails: DevMail[] }>(page, '/dev/mail.json')).mails.find((x) => x.to === email)!;
  // Email Service's hard bounce of it, on the local mail-events queue as Cloudflare would publish it
  const status = await page.evaluate(
    async (id) =>
      (
        await fetch(`/dev/mail/${id}/event`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'bounced', bounce: 'hard' }),
        })
      ).status,
    mail.id,
  );
  expect(status).toBe(202);
  await expect
    .poll(
      async () => (await browserJson<{ user: { notifications_disabled: string[] } }>(page, '/api/user.php')).user.notifications_disabled,
      { timeout: 15_000 },
    )
    .toEqual(['bounce']);

  await page.goto(site('vonkje', '/members'));
  // exact: the notifications screen's own section is named "Je e-mails staan uit", which a substring match finds too
  const banner = () => page.getByRole('region', { name: 'E-mails staan uit', exact: true });
  const alert = banner();
  await expect(alert).toBeVisible();
  await screenshots(page, 'notifications-disabled-alert');
  await alert.getByRole('link', { name: 'Oplossen' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  // the screen first, then no banner beside it (checked before the screen drew, no banner would say nothing)
  await expect(page.getByRole('heading', { name: 'Je e-mails staan uit' })).toBeVisible();
  await expect(banner()).toHaveCount(0);
  await expect(page.getByText('e-mail kwam niet aan')).toBeVisible();
  await page.getByRole('button', { name: 'Adres opnieuw bevestigen' }).click();
  await expect(page.getByText(`We hebben een bevestigingslink naar ${email} gestuurd.`)).toBeVisible();
  await screenshots(page, 'notifications-mail-off');

  await page.goto(site('vonkje', '/members'));
  await banner().getByRole('button', { name: 'Melding sluiten' }).click();
  await expect(banner()).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(banner()).toHaveCount(0);
  await m.close();
});
