import type { Locator } from '@playwright/test';
import { expect, loginAs, screenshots, site, test } from './fixtures';

// Issue 33: the payment badges are the methods' real logos, and each bank its own logo where iDEAL lists banks
// (local files and the sim's local stand-ins: no request leaves the machine), at a phone's width.
test.use({ country: 'NL', viewport: { width: 375, height: 812 } });

/** The image has loaded (decoded with a size), so what is measured or seen is the logo itself. */
const loaded = (img: Locator) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);

test('the checkout shows the methods’ logos with their names, and the banks’ logos, all from this site', async ({ page }) => {
  const elsewhere: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (!/(^|\.)localhost$|^127\.0\.0\.1$/.test(host) && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/credits/p2'));
  const methods = [
    [/^iDEAL \| Wero/, ['iDEAL']],
    [/^Creditcard/, ['Visa', 'Mastercard']],
    [/^PayPal/, ['PayPal']],
    [/^Automatische incasso/, ['SEPA']],
  ] as const;
  for (const [name, logos] of methods) {
    const option = page.getByRole('button', { name });
    await expect(option).toBeVisible();
    for (const logo of logos) {
      const img = option.getByRole('img', { name: logo, exact: true });
      await expect(img).toHaveAttribute('src', /\.svg$/);
      await loaded(img);
    }
  }
  await screenshots(page, 'payment-logos-methods');
  await page.setViewportSize({ width: 375, height: 812 });

  await page.getByRole('button', { name: /^iDEAL \| Wero/ }).click();
  await expect(page.getByRole('heading', { name: 'Kies je bank' })).toBeVisible();
  const banks = page.getByRole('list', { name: 'Kies je bank' }).getByRole('button');
  expect(await banks.count()).toBeGreaterThan(5);
  for (const bank of await banks.all()) {
    const img = bank.locator('img');
    await expect(img).toHaveAttribute('src', /^\/dev\/psp\/issuers\/ideal_[A-Z0-9]+\.svg$/);
    await loaded(img);
  }
  await expect(page.getByRole('button', { name: 'Rabobank' })).toBeVisible();
  await screenshots(page, 'payment-logos-banks');
  expect(elsewhere).toEqual([]);
});
