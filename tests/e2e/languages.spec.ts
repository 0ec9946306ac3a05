import type { Browser, Page } from '@playwright/test';
import { browserPost, expect, site, test } from './fixtures';

/**
 * Issue 18: every language's site at 375 px, as a visitor and as a new member: the landing page,
 * the signup and the members page in the site's own language, with no horizontal overflow and
 * no text clipped (Finnish and German are the longest). Three of them are photographed.
 */
const SITES = [
  { slug: 'she-da', lang: 'da', country: 'DK' },
  { slug: 'she-es', lang: 'es', country: 'ES' },
  { slug: 'she-fi', lang: 'fi', country: 'FI' },
  { slug: 'she-fr', lang: 'fr', country: 'FR' },
  { slug: 'she-it', lang: 'it', country: 'IT' },
  { slug: 'she-nb', lang: 'nb', country: 'NO' },
  { slug: 'she-pl', lang: 'pl', country: 'PL' },
  { slug: 'she-sv', lang: 'sv', country: 'SE' },
  { slug: 'bdsm-de', lang: 'de', country: 'DE' },
] as const;
const PHOTOGRAPHED = ['she-fi', 'she-pl', 'bdsm-de'];
const PHONE = { width: 375, height: 812 };

/** What sticks out: the page wider than the screen, or an element whose text is cut off by its own box. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.scrollingElement!;
    if (doc.scrollWidth > window.innerWidth + 1) out.push(`page ${doc.scrollWidth} px wide on a ${window.innerWidth} px screen`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      // visually hidden texts (for screen readers: a 1 px box by design) are not shown, so never clipped
      if (!el.offsetParent || !el.textContent?.trim() || el.children.length > 0 || el.clientWidth <= 1) continue;
      const style = getComputedStyle(el);
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      // a deliberate one-line ellipsis (names in tiles) is allowed only on names: data-clip="name"
      if (clips && el.scrollWidth > el.clientWidth + 1 && !el.closest('[data-clip]'))
        out.push(`clipped: "${el.textContent.trim().slice(0, 60)}" (${el.scrollWidth} > ${el.clientWidth})`);
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 && style.position !== 'fixed')
        out.push(`off screen: "${el.textContent.trim().slice(0, 60)}" ends at ${Math.round(box.right)} px`);
    }
    return out.filter((v, i, a) => a.indexOf(v) === i).slice(0, 10);
  });
}

/** A visitor's page on the site, the entry warning dismissed beforehand (its own test covers it). */
async function visitor(browser: Browser, slug: string, country: string) {
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'CF-IPCountry': country } });
  await context.addInitScript(() => localStorage.setItem('hide-site-entry-warning', String(Date.now())));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site(slug));
  return { context, page, errors };
}

for (const s of SITES)
  test(`${s.slug}: landing, signup and members page in ${s.lang} at 375 px, nothing overflowing or clipped`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page, errors } = await visitor(browser, s.slug, s.country);
    await expect(page.locator('html')).toHaveAttribute('lang', s.lang);
    await page.getByRole('main').waitFor();
    expect(await overflow(page), 'landing page').toEqual([]);
    const shoot = async (name: string) =>
      PHOTOGRAPHED.includes(s.slug) && page.screenshot({ path: `tests/e2e/screenshots/lang-${s.slug}-${name}-phone.png`, fullPage: true });
    await shoot('landing');

    // signup: through the site's own form (the modal), in its language
    await page.goto(site(s.slug, '/signup'));
    const email = page.locator('input[type=email]').first();
    await expect(email).toBeVisible();
    expect(await overflow(page), 'signup page').toEqual([]);
    await shoot('signup');

    // a member: signed up through the API as the form does, then the members page
    const { status } = await browserPost(page, '/api/signup.php', {
      email: `e2e-lang-${s.slug}-${Date.now()}@example.org`,
      password: 'e2e-password-1',
      name: 'Alex',
      date_of_birth: '1990-04-12',
      gender: 'male',
    });
    expect(status).toBe(201);
    await page.goto(site(s.slug, '/members'));
    await expect(page.locator('html')).toHaveAttribute('lang', s.lang);
    // the first page of the site's members: profile tiles linking to /members/{id}
    await expect(page.getByRole('main').locator('a[href^="/members/"]').first()).toBeVisible({ timeout: 15_000 });
    expect(await overflow(page), 'members page').toEqual([]);
    await shoot('members');
    expect(errors, 'console errors').toEqual([]);
    await context.close();
  });

test('she-pl: the pricing text names the methods and the currency of Poland, not euros and iDEAL', async ({ browser }) => {
  const { context, page, errors } = await visitor(browser, 'she-pl', 'PL');
  try {
    await page.goto(site('she-pl', '/pricing'));
    await expect(page.getByText(/^Wszystkie ceny są podane w walucie złoty polski i zawierają VAT\./)).toBeVisible();
    const methods = page.getByText(/^Metody płatności w Twoim kraju \(Polska\): /);
    await expect(methods).toBeVisible();
    expect(await methods.textContent()).not.toMatch(/iDEAL|euro/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
