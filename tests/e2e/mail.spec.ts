import type { BrowserContext, Page } from '@playwright/test';
import { browserJson, browserPost, expect, freshMember, screenshots, site, test } from './fixtures';

/**
 * The mails as a member's mail client shows them: real mails from /dev/mail.json, opened as a
 * page at a phone's width and a desktop's. Each site's mail is in its own colours, reads in one
 * column without sideways scrolling, and its button is the mail's link.
 */

type Mail = { to: string; kind: string; text: string; html: string; subject: string };
const stamp = Date.now();

/** A signup through the API on a site (as the signup modal does), and its activation mail; in a tab of its own (the site's CSP must not follow the mail into the page that shows it). */
async function activationMail(context: BrowserContext, slug: string, name: string) {
  const page = await context.newPage();
  await page.goto(site(slug, '/api/settings.php'));
  const email = `e2e-mail-${slug}-${stamp}@example.org`;
  const status = (
    await browserPost(page, '/api/signup.php', { email, password: 'e2e-password-1', name, date_of_birth: '1988-03-09', gender: 'male' })
  ).status;
  expect(status).toBe(201);
  const { mails } = await browserJson<{ mails: Mail[] }>(page, '/dev/mail.json');
  const mail = mails.find((m) => m.to === email && m.kind === 'activate');
  expect(mail, `activation mail to ${email}`).toBeDefined();
  await page.close();
  return mail!;
}

/** At 375 and 1280 px: no sideways scroll, the site's name and the button (with the mail's link) on screen. */
async function readsAtBothWidths(page: Page, html: string, siteName: string, button: string, link: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `scroll width at ${width}`).toBeLessThanOrEqual(width);
    await expect(page.getByText(siteName, { exact: true }).first()).toBeVisible();
    const cta = page.getByRole('link', { name: button, exact: true });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', link);
    // the button sits inside the screen, whole
    const box = (await cta.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

for (const [slug, name, colour] of [
  ['bdsm-nl', 'Strenge Dates', 'rgb(179, 18, 62)'],
  ['gay-nl', 'Mannenvonk', 'rgb(107, 63, 214)'],
  ['vonkje', 'Vonkje', 'rgb(255, 153, 0)'],
] as const) {
  test(`the activation mail of a signup on ${slug} reads on a phone and a desktop, in the site's colour`, async ({ context, page }) => {
    const mail = await activationMail(context, slug, 'Jasper');
    const link = /(http:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(link).toContain(`${slug}.localhost`);
    await readsAtBothWidths(page, mail.html, name, 'E-mailadres bevestigen', link);
    await expect(page.getByRole('link', { name: 'E-mailadres bevestigen', exact: true })).toHaveCSS('background-color', colour);
    await expect(page.locator('p', { hasText: 'Hoi Jasper,' })).toBeVisible();
    await screenshots(page, `mail-activate-${slug}`);
  });
}

test('a like mail of the gay site carries the liker, the button to their profile and the unsubscribe link', async ({ browser, page }) => {
  const liker = await freshMember(browser, 'Bram', 'male', 'gay-nl');
  const liked = await freshMember(browser, 'Daan', 'male', 'gay-nl');
  const status = (await browserPost(liker.page, '/api/like.php', { id: liked.id })).status;
  expect(status).toBe(200);
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const { mails } = await browserJson<{ mails: Mail[] }>(liked.page, '/dev/mail.json');
      mail = mails.find((m) => m.to === liked.email && m.kind === 'like');
      return !!mail;
    })
    .toBe(true);
  const profile = /(http:\/\/\S+\/likes\/m\/\d+)/.exec(mail!.text)![1]!;
  const unsubscribe = /(http:\/\/\S+\/unsubscribe\/\S+)/.exec(mail!.text)![1]!;
  await readsAtBothWidths(page, mail!.html, 'Mannenvonk', 'Profiel bekijken', profile);
  await expect(page.locator('p', { hasText: 'Bram heeft je een like gegeven.' })).toBeVisible();
  const off = page.getByRole('link', { name: 'Geen e-mails meer hierover? Afmelden' });
  await expect(off).toBeVisible();
  await expect(off).toHaveAttribute('href', unsubscribe);
  await screenshots(page, 'mail-like-gay-nl');
  await liker.close();
  await liked.close();
});
