import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { devTotpSecret, totpNow } from '../../scripts/dev-operator';
import { DEV_TOTP_AT_HEADER } from '../../worker/lib/totp';

export const port = process.env.E2E_PORT ?? '8788';
export const site = (slug: string, path = '/') => `http://${slug}.localhost:${port}${path}`;
/** The operator console's host. */
export const CONSOLE = `http://operator.localhost:${port}`;

/** Fails the test on any console error or CSP violation the page reports. */
export const test = base.extend<{ country: string | undefined; errors: string[] }>({
  country: [undefined, { option: true }],
  errors: async ({}, use) => use([]),
  context: async ({ browser, country }, use) => {
    const context = await browser.newContext({ extraHTTPHeaders: country ? { 'CF-IPCountry': country } : {} });
    await use(context);
    await context.close();
  },
  page: async ({ context, errors }, use) => {
    const page = await context.newPage();
    // 4xx answers a test provokes (a wrong password, a visitor's 403, a 404 page) are expected, and
    // Chromium's own notice that its incognito contexts (Playwright's) have no Push API (the app
    // catches the refused subscription)
    page.on(
      'console',
      (m) =>
        m.type() === 'error' && !/status of 4\d\d|does not support the Push API in incognito mode/.test(m.text()) && errors.push(m.text()),
    );
    page.on('pageerror', (e) => errors.push(e.message));
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
});
export { expect };

/**
 * The screen at a phone's and a desktop's width, saved as full-page PNGs to look at
 * (tests/e2e/screenshots, not committed). In CI nobody looks at them and each capture costs a
 * second or two (~100 of them): there the page still goes through both widths (a console error
 * at either fails the test) but is not captured, unless E2E_SCREENSHOTS=1. Nothing is run in the
 * page for it: some pages have JavaScript turned off.
 */
const capture = process.env.E2E_SCREENSHOTS === '1' || (!process.env.CI && process.env.E2E_SCREENSHOTS !== '0');
export async function screenshots(page: Page, name: string) {
  for (const [label, width] of [
    ['phone', 375],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (capture) await page.screenshot({ path: `tests/e2e/screenshots/${name}-${label}.png`, fullPage: true });
  }
}

/**
 * Holds back the page's requests for a script (the entry chunk of a prerendered page) until the
 * returned `release` is called: the markup is on screen, the app not yet (a click before the take-over).
 */
export async function holdScript(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The entry warning's static copy once web/start.js listens to it (a click on its accept before that does nothing). */
export const liveWarning = (page: Page) => page.locator('#static-entry-warning[data-live]');

export const acceptEntryWarning = (page: Page, label: RegExp) => page.getByRole('button', { name: label }).click();

/** Accepts the site-entry warning when it shows (the main site's Dutch button). */
export async function acceptEntry(page: Page) {
  // the warning is the app's: a prerendered page (the visitor's landing page, a member's /members with the worker's copy of
  // the warning) shows before the app has taken it over, and the app's dialog then takes the copy's place. Under the copy
  // the app starts with the visitor's first input on it (web/start.js): its accept, once start.js listens (data-live), is
  // kept and made on the app's dialog
  const copy = page.locator('#static-entry-warning');
  await page.locator('#root:not([data-prerendered]), #static-entry-warning').first().waitFor({ state: 'attached' });
  if (await copy.count())
    await liveWarning(page)
      .getByRole('button', { name: /Ik ben 18\+ en ga verder/ })
      .click();
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await page.getByRole('main').waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const button = page.getByRole('button', { name: /Ik ben 18\+ en ga verder/ });
  if (await button.isVisible().catch(() => false)) await button.click();
}

/** Logs a demo member (or another member, with their password) in on the main site through the login page. */
export async function loginAs(page: Page, email: string, password = 'demo-password') {
  await page.goto(site('vonkje', '/login'));
  await acceptEntry(page);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Mijn account' })).toBeVisible();
}

/** A same-origin GET from the page, with its session (Node cannot resolve *.localhost; the browser can). */
export const browserJson = <T>(page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;

/**
 * A same-origin POST of JSON from the page, as the apps send it (the client header, the page's cookies): its status
 * and its JSON answer (null when the answer is not JSON).
 */
export const browserPost = <T = Record<string, unknown>>(page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: json };
    },
    { path, body },
  ) as Promise<{ status: number; body: T }>;

/**
 * A fresh member in a browser of their own: signed up through the API (as the signup modal does)
 * and confirmed with the mailed link, since only confirmed members chat and are seen; on the main
 * site unless another site (`slug`) is named, from the Netherlands unless another `country` is
 * named (the signup's country, and so the member's own search).
 */
const stamp = Date.now();
export async function freshMember(browser: Browser, name: string, gender: 'female' | 'male', slug = 'vonkje', country = 'NL') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'CF-IPCountry': country } });
  const page = await context.newPage();
  await page.goto(site(slug));
  await acceptEntry(page);
  const email = `e2e-${name.toLowerCase()}-${slug}-${stamp}@example.org`;
  const password = 'e2e-password-1';
  const signup = await page.evaluate(
    async (body) => {
      const res = await fetch('/api/signup.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { user: { id: number } } };
    },
    { email, password, name, date_of_birth: '1990-04-12', gender },
  );
  expect(signup.status).toBe(201);
  const { mails } = await browserJson<{ mails: { to: string; kind: string; text: string }[] }>(page, '/dev/mail.json');
  const mail = mails.find((m) => m.to === email && m.kind === 'activate');
  expect(mail, `activation mail to ${email}`).toBeDefined();
  await page.goto(/(http:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!);
  await expect(page).toHaveURL(/\/activate\/done$/);
  return { page, context, id: signup.body.user.id, email, password, close: () => context.close() };
}

/**
 * A fresh member who has bought the smallest package (PayPal on the sim provider): premium, with
 * its credits. For a spec that counts a paying member's credits or photos, which a shared demo
 * member cannot promise while other specs run beside it.
 */
export async function payingMember(browser: Browser, name: string, gender: 'female' | 'male') {
  const member = await freshMember(browser, name, gender);
  await member.page.goto(site('vonkje', '/credits/p0'));
  await member.page.getByRole('button', { name: /^PayPal/ }).click();
  await member.page.getByRole('button', { name: 'Pay' }).click();
  await expect(member.page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible();
  return member;
}

/** A fresh member (freshMember) logged in on the test's own page, which fails on console errors. */
export async function loginFresh(page: Page, browser: Browser, name: string, gender: 'female' | 'male', country = 'NL') {
  const member = await freshMember(browser, name, gender, 'vonkje', country);
  await member.close();
  await loginAs(page, member.email, member.password);
  return { id: member.id, email: member.email };
}

/** The last TOTP step devTotpCode handed out in this worker process (a console spec's admin is its own, its tests run in turn). */
let totpStepTaken = 0;

/**
 * A code for an admin's next console login on this page, of a step later than any handed out before
 * (a code is good once per operator): the development worker checks it at that step's moment, which
 * the login's request names (worker/lib/totp.ts totpMoment). No test waits for the next 30 seconds.
 */
export async function devTotpCode(page: Page, secret: string) {
  totpStepTaken = Math.max(totpStepTaken + 1, Math.floor(Date.now() / 30_000) + 1);
  const at = totpStepTaken * 30_000;
  await page.route(
    '**/api/operator/login.php',
    (route) => route.continue({ headers: { ...route.request().headers(), [DEV_TOTP_AT_HEADER]: String(at) } }),
    { times: 1 },
  );
  return totpNow(secret, at);
}

/**
 * An operator's console login: the password, then the authenticator's code (sent together): by
 * default a code of a step of its own (devTotpCode, for a spec's own admin: e2eAdmin). Done when
 * the console shows its logout button.
 */
export async function consoleLogin(page: Page, operator: { email: string; password: string }, code?: string) {
  await page.goto(`${CONSOLE}/`);
  await page.getByLabel('E-mailadres').fill(operator.email);
  await page.getByLabel('Wachtwoord').fill(operator.password);
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill(code ?? (await devTotpCode(page, devTotpSecret(undefined, operator.email))));
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
}

/**
 * Dismisses member banners in this page's browser as the app does (localStorage, and the cookie the
 * worker's first paint reads): one banner shows at a time (issue 33), so a spec about a later one
 * dismisses those before it. The page must be on the site.
 */
export async function dismissBanners(page: Page, keys: ('hide-welcome-bonus-alert' | 'hide-enrich-alert' | 'hide-activation-alert')[]) {
  await page.evaluate((names) => {
    const now = String(Date.now());
    for (const name of names) {
      localStorage.setItem(name, now);
      document.cookie = `${name}=${now}; Max-Age=86400; Path=/; SameSite=Lax`;
    }
  }, keys);
}

/** Every image on the page loaded (the lazy ones too), before boxes are measured or a full page captured. */
export async function imagesLoaded(page: Page) {
  // the lazy ones asked for at once, then each one loaded or failed (a state: no time waited, no cap)
  await page.evaluate(async () => {
    const settled = (img: HTMLImageElement) =>
      img.complete ||
      new Promise((done) => {
        img.addEventListener('load', done, { once: true });
        img.addEventListener('error', done, { once: true });
      });
    for (const img of document.images) img.loading = 'eager';
    await Promise.all([...document.images].map(settled));
  });
}

/** The account step of the signup wizard in the open dialog (Dutch labels). */
export async function createAccount(page: Page, email: string, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Stap 1 van 7')).toBeVisible();
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('e2e-password-1');
  await dialog.getByLabel('Profielnaam').fill(name);
  await dialog.getByLabel('Dag').selectOption('9');
  await dialog.getByLabel('Maand').selectOption('6');
  await dialog.getByLabel('Jaar').selectOption('1985');
  await dialog.getByLabel('Man').check();
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(dialog.getByText('Stap 2 van 7')).toBeVisible();
}

/** The optional steps skipped, the wizard finished (Dutch labels). */
export async function finishWizard(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Overslaan' }).click();
  await expect(dialog.getByText('Stap 3 van 7')).toBeVisible();
  await dialog.getByLabel('Provincie of regio').selectOption({ label: 'Noord-Holland' });
  await dialog.getByLabel(/Woonplaats/).fill('Haarlem');
  await dialog.getByRole('button', { name: 'Volgende' }).click();
  for (const step of [4, 5, 6]) {
    await expect(dialog.getByText(`Stap ${step} van 7`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Overslaan' }).click();
  }
  await expect(dialog.getByText('Stap 7 van 7')).toBeVisible();
  await dialog.getByRole('button', { name: 'Klaar' }).click();
  await expect(dialog).toBeHidden();
}
