import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, freshMember, holdScript, imagesLoaded, screenshots, site, test } from './fixtures';

/**
 * Issue 33, "each niche its own look": each niche site paints its landing page and its app in its
 * own colours with its own hero art (from its tenant file, else its niche's default), every text at
 * WCAG AA; and the German header fits its name beside the language choice on a phone.
 */
test.use({ country: 'NL' });

const SITES = [
  { slug: 'vonkje', accept: /Ik ben 18\+ en ga verder/ },
  { slug: 'bdsm-nl', accept: /Ik ben 18\+ en ga verder/ },
  { slug: 'gay-nl', accept: /Ik ben 18\+ en ga verder/ },
  { slug: 'silver-nl', accept: /Ik ben 18\+ en ga verder/ },
] as const;

/** Opens a page of the site as a visitor and answers the entry warning once the app has taken over. */
async function open(page: Page, slug: string, path: string, accept: RegExp) {
  await page.goto(site(slug, path));
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  const button = page.getByRole('button', { name: accept });
  if (await button.isVisible().catch(() => false)) await button.click();
  await page.getByRole('main').waitFor();
}

/** The colours the page really paints: the palette's variable and the signup button's fill and text. */
const painted = (page: Page) =>
  page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const signup = document.querySelector('header a[href="/signup"]')!;
    return {
      primary: root.getPropertyValue('--color-primary').trim(),
      scheme: root.colorScheme,
      body: getComputedStyle(document.body).backgroundColor,
      button: getComputedStyle(signup).backgroundColor,
    };
  });

test('each niche paints its landing page and its members page in its own colours, with its own hero art', async ({ page }) => {
  // four sites' landing and members pages, each at two widths
  test.slow();
  const seen: Record<string, { primary: string; art: string | null; button: string; body: string }> = {};
  for (const { slug, accept } of SITES) {
    await page.setViewportSize({ width: 375, height: 812 });
    await open(page, slug, '/', accept);
    const art = await page.locator('main svg[data-art]').getAttribute('data-art');
    const landing = await painted(page);
    // the variable is what the buttons are filled with: the app's components take the site's look
    expect(landing.button).not.toBe('rgba(0, 0, 0, 0)');
    await screenshots(page, `niche-look-${slug}-landing`);
    await open(page, slug, '/members', accept);
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    await imagesLoaded(page);
    const members = await painted(page);
    expect(members).toEqual(landing);
    await screenshots(page, `niche-look-${slug}-members`);
    seen[slug] = { primary: landing.primary, art, button: landing.button, body: landing.body };
  }
  expect(seen.vonkje!.primary).toBe('#ff9900'); // spec section 9
  expect(seen['bdsm-nl']!.body).toBe('rgb(18, 16, 20)'); // the dark site
  expect(new Set(Object.values(seen).map((s) => s.primary)).size).toBe(SITES.length);
  expect(new Set(Object.values(seen).map((s) => s.button)).size).toBe(SITES.length);
  expect(new Set(Object.values(seen).map((s) => s.art)).size).toBe(SITES.length);
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's serious and critical violations of the page as it stands, at a phone's and a desktop's width. */
async function axeFindings(page: Page, label: string) {
  const found: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
      found.push(`${label} ${width}px ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  }
  return found;
}

/**
 * One site of every niche the site files name (a Dutch one where there is one: one entry warning's
 * label): each niche's palette is checked where it paints, not only in the contrast table.
 */
const NICHE_SITES = (() => {
  const files = readdirSync('tenants')
    .filter((f) => f.endsWith('.json') && f !== 'companies.json')
    .map((f) => JSON.parse(readFileSync(`tenants/${f}`, 'utf8')) as { slug: string; niche: number; default_locale: string });
  const niches = [...new Set(files.map((f) => f.niche))].sort((a, b) => a - b);
  return niches.map((niche) => {
    const of = files.filter((f) => f.niche === niche).sort((a, b) => a.slug.localeCompare(b.slug));
    return (of.find((f) => f.default_locale === 'nl') ?? of[0])!;
  });
})();

test('the site files name the seven niches, and each has a site to check', () => {
  expect(NICHE_SITES.map((s) => s.niche)).toEqual([1, 2, 3, 4, 5, 6, 7]);
});

for (const { slug, niche } of NICHE_SITES) {
  test(`niche ${niche} (${slug}): axe finds no serious or critical violation on its landing page and a member's members page, phone and desktop`, async ({
    page,
    browser,
  }) => {
    // a busy machine: a signup and four axe runs (about 30 s alone)
    test.slow();
    const found: string[] = [];
    // the visitor's landing page
    await open(page, slug, '/', /18\+/);
    found.push(...(await axeFindings(page, '/')));
    // a member's members page (their bar, the banners a new member meets, the tiles): one member for both widths
    const member = await freshMember(browser, niche === 6 || niche === 7 ? 'Bas' : 'Ruud', 'male', slug);
    await open(member.page, slug, '/members', /18\+/);
    await expect(member.page.getByRole('main').getByRole('link').first()).toBeVisible();
    await imagesLoaded(member.page);
    found.push(...(await axeFindings(member.page, 'member /members')));
    await member.close();
    expect(found).toEqual([]);
  });
}

/** `#rrggbb` as computed styles answer it: `rgb(r, g, b)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('the landers take their site’s look: the gay and BDSM sites’ landers paint their own colours, and stay accessible', async ({
  page,
}) => {
  // a busy machine: six pages, four axe runs
  test.slow();
  const seen: Record<string, { primary: string; button: string; band: string }> = {};
  const found: string[] = [];
  for (const slug of ['vonkje', 'gay-nl', 'bdsm-nl']) {
    await page.setViewportSize({ width: 375, height: 812 });
    // the gallery: its signup button in the site's primary colour
    await open(page, slug, '/landers/gallery', /18\+/);
    await imagesLoaded(page);
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    const cta = page.getByRole('main').getByRole('link', { name: 'Meld je gratis aan' }).last();
    const button = await cta.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(button, `${slug}: the gallery's signup button`).toBe(rgb(primary));
    if (slug !== 'vonkje') {
      await screenshots(page, `niche-look-${slug}-lander-gallery`);
      found.push(...(await axeFindings(page, `${slug} /landers/gallery`)));
    }
    // a lander's dark band (the night of "alone tonight"): the site's dark, lit by its primary and accent
    await open(page, slug, '/landers/alonetonight/niche', /18\+/);
    await page.setViewportSize({ width: 375, height: 812 });
    await imagesLoaded(page);
    const band = await page
      .locator('main section')
      .first()
      .evaluate((e) => getComputedStyle(e).backgroundImage);
    if (slug !== 'vonkje') {
      await screenshots(page, `niche-look-${slug}-lander-alonetonight`);
      found.push(...(await axeFindings(page, `${slug} /landers/alonetonight`)));
    }
    seen[slug] = { primary, button, band };
  }
  expect(seen.vonkje!.primary).toBe('#ff9900');
  for (const slug of ['gay-nl', 'bdsm-nl']) {
    expect(seen[slug]!.button, `${slug}: its own button`).not.toBe(seen.vonkje!.button);
    expect(seen[slug]!.band, `${slug}: its own dark band`).not.toBe(seen.vonkje!.band);
  }
  expect(found).toEqual([]);
});

test('the web font swaps in without moving anything: no layout shift on a fresh landing page, phone and desktop', async ({ browser }) => {
  // the stand-in font is Arial or Liberation Sans adjusted to Montserrat (docs/decisions/197-font-fallback-metrics.md):
  // this machine's Chromium has Liberation Sans (Chromium's own font package)
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, extraHTTPHeaders: { 'CF-IPCountry': 'NL' } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[])
          w.shifts.push(`${e.value.toFixed(5)} ${e.sources.map((s) => s.node?.textContent?.slice(0, 40)).join(' | ')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(site('vonkje', '/'));
    // Montserrat in and laid out (the page under the entry warning's copy: the app starts with the first input, the font does not wait for it)
    await page.waitForFunction(() => document.fonts.check('700 16px Montserrat') && document.fonts.status === 'loaded');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${width}px`).toEqual([]);
    await context.close();
  }
});

/** The site's name ends before the next item of the bar, nothing runs past the screen's edge, and the name is not cut. */
async function headerFits(page: Page, width: number, nameText: string, logoOnly = false) {
  const header = page.getByRole('banner');
  // the narrowest member's bar shows the logo alone: the link keeps the name for screen readers
  const name = logoOnly ? header.getByRole('link', { name: nameText }) : header.getByText(nameText, { exact: true });
  await expect(async () => {
    const items = await header.locator('nav > *').evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    // visually hidden items (the language choice's label, a live region: 1 px, out of the row) are not in it
    const row = items.filter((i) => i.right - i.left > 1);
    const brand = (await name.boundingBox())!;
    const next = row.find((i) => i.left > brand.x + 1)!;
    expect(brand.x + brand.width, `${width}px: the name ends before the next item`).toBeLessThanOrEqual(next.left - 2);
    for (const [i, item] of row.entries()) {
      expect(item.right, `${width}px: item ${i} inside the screen`).toBeLessThanOrEqual(width);
      if (i > 0) expect(item.left, `${width}px: item ${i} after the one before`).toBeGreaterThanOrEqual(row[i - 1]!.right - 1);
    }
    if (!logoOnly) expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  }).toPass();
}

test('the German header: “Flirtfunke” stands whole beside the language choice, before and after the app’s take-over, at 375 and 320 px', async ({
  page,
  browser,
}) => {
  // the prerendered page as it paints, the app held back: its language pill is the phone's code, not "Deutsch"
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdScript(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto(site('she-de', '/'));
  await expect(page.locator('#root[data-prerendered]')).toBeAttached();
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveText(/^DE/);
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await headerFits(page, width, 'Flirtfunke');
  }
  await page.screenshot({ path: 'tests/e2e/screenshots/niche-look-she-de-header-prerendered-320.png' });
  release();
  await open(page, 'she-de', '/', /Ich bin 18\+ und möchte fortfahren/);
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await headerFits(page, width, 'Flirtfunke');
    await page.screenshot({ path: `tests/e2e/screenshots/niche-look-she-de-header-${width}.png` });
  }
  // a member's bar: four links, the menu and the language pill beside the name
  const member = await freshMember(browser, 'Lukas', 'male', 'she-de', 'DE');
  await member.page.setViewportSize({ width: 375, height: 812 });
  await member.page.goto(site('she-de', '/members'));
  await member.page.getByRole('main').waitFor();
  for (const width of [375, 320]) {
    await member.page.setViewportSize({ width, height: 700 });
    await headerFits(member.page, width, 'Flirtfunke', width < 360);
    await member.page.screenshot({ path: `tests/e2e/screenshots/niche-look-she-de-member-header-${width}.png` });
  }
  await member.close();
});
