import type { Browser } from '@playwright/test';
import { expect, loginAs, screenshots, site, test } from './fixtures';

const FREE_ID = 900001;
const PREMIUM_ID = 900002;

async function secondMember(browser: Browser, email: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
  const page = await context.newPage();
  await loginAs(page, email);
  return { page, close: () => context.close() };
}

test.describe.configure({ mode: 'serial' });
test.use({ country: 'NL' });

test('two members like each other and both see the match', async ({ page, browser }) => {
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', `/members/${PREMIUM_ID}`));
  const like = page.getByRole('button', { name: 'Liken' });
  await expect(like).toBeVisible();
  await like.click();
  await expect(page.getByRole('button', { name: 'Geliket' })).toHaveAttribute('aria-pressed', 'true');

  const premium = await secondMember(browser, 'premium@example.com');
  try {
    await premium.page.goto(site('vonkje', '/likes'));
    await expect(premium.page.getByRole('link', { name: /Ontvangen/ })).toHaveAttribute('aria-current', 'page');
    const card = premium.page.locator(`a[href="/likes/m/${FREE_ID}"]`);
    await expect(card).toContainText('Nieuw');
    await screenshots(premium.page, 'likes-received');
    await card.click();
    await premium.page.getByRole('button', { name: 'Liken' }).click();
    await expect(premium.page.getByRole('dialog', { name: 'Het is een match!' })).toBeVisible();
    await screenshots(premium.page, 'match-overlay');
    await premium.page.getByRole('button', { name: 'Verder kijken' }).click();
    await premium.page.goto(site('vonkje', '/likes/matches'));
    await expect(premium.page.locator(`a[href="/likes/m/${FREE_ID}"]`)).toBeVisible();
  } finally {
    await premium.close();
  }
  await page.goto(site('vonkje', '/likes/matches'));
  await expect(page.locator(`a[href="/likes/m/${PREMIUM_ID}"]`)).toBeVisible();
  await screenshots(page, 'likes-matches');
});

test('?t=2 opens the like overlay after two seconds and leaves the URL without t', async ({ page }) => {
  await loginAs(page, 'free@example.com');
  // when the overlay appears, by the page's own clock (time since its navigation): not a time the test waited
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const titled = (d: Element) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === 'New like!';
      if (![...document.querySelectorAll('[role="dialog"]')].some(titled)) return;
      (window as unknown as { overlayAt: number }).overlayAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(site('vonkje', '/?t=2&ref=mail'));
  const overlay = page.getByRole('dialog', { name: 'New like!' });
  await expect(overlay).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { overlayAt: number }).overlayAt)).toBeGreaterThanOrEqual(2000);
  expect(new URL(page.url()).searchParams.has('t')).toBe(false);
  expect(new URL(page.url()).searchParams.get('ref')).toBe('mail');
  await expect(overlay).toContainText('Demo Premium');
  await screenshots(page, 'like-overlay');
  await overlay.getByText('Demo Premium vindt jou leuk!').click(); // clicking the overlay closes it
  await expect(overlay).toHaveCount(0);
});

test('the swipe game allows four likes a day; at 0 left it ends: no next card, no Like button (375 px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await loginAs(page, 'free@example.com');
  await page.goto(site('vonkje', '/swipe-game'));
  await expect(page.getByText('Likes over vandaag: 4')).toBeVisible();
  await screenshots(page, 'swipe-game');
  for (let left = 3; left >= 1; left--) {
    await page.getByRole('button', { name: 'Liken' }).click();
    await expect(page.getByText(`Likes over vandaag: ${left}`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Liken' }).click();
  await expect(page.getByText('Likes over vandaag: 0')).toBeVisible();
  const out = page.getByRole('alert');
  await expect(out.getByRole('heading', { name: 'Je likes voor vandaag zijn op' })).toBeVisible();
  await expect(out).toContainText('Je hebt vandaag al je 4 likes gegeven. Morgen kun je weer swipen.');
  await expect(page.getByRole('button', { name: 'Liken' })).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(0);
  await screenshots(page, 'swipe-limit');
  // and so on the next visit, at once
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Je likes voor vandaag zijn op' })).toBeVisible();
  await out.getByRole('link', { name: 'Leden zoeken' }).click();
  await expect(page).toHaveURL(/\/members$/);
});
