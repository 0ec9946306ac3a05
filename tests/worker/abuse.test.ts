import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { clock } from '../../worker/lib/clock';
import { CLIENT_LIMITS } from '../../worker/lib/limits';
import { tenantForHost } from '../../worker/lib/tenants';
import { cookieFrom, H, signup, uniqueEmail } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
afterEach(() => clock.setNow(null));

/** A call from a client at `ip` (Cloudflare's CF-Connecting-IP), JSON in. */
function from(ip: string, path: string, body?: unknown, opts: { cookie?: string; method?: string; host?: string } = {}) {
  const headers: Record<string, string> = { ...H, 'cf-connecting-ip': ip };
  if (opts.cookie) headers.cookie = `sid=${opts.cookie}`;
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  return call(`${opts.host ?? V}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const signupBody = (email = uniqueEmail('abuse')) => ({
  email,
  password: 'correct-horse',
  name: 'Sam',
  date_of_birth: '1990-06-15',
  gender: 'male',
});

/** A 429 as every limit answers it: Retry-After in seconds within the window, the localized text. */
async function expectSlowDown(res: Response, windowMs: number, locale: 'nl' | 'en' = 'nl') {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowMs / 1000);
  const minutes = Math.max(1, Math.ceil(wait / 60));
  const message = {
    nl: `Te veel pogingen achter elkaar, probeer het over ${minutes} min opnieuw.`,
    en: `Too many attempts in a row, please try again in ${minutes} min.`,
  }[locale];
  expect(await res.json()).toEqual({ error: 'slow_down', message });
}

describe('limits per client', () => {
  it('25 signups from one address in a moment: 5 succeed, the rest are 429 with Retry-After; another address is not affected', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => from('203.0.113.7', '/api/signup.php', signupBody())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CLIENT_LIMITS.signup.ip.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - CLIENT_LIMITS.signup.ip.limit);
    await expectSlowDown(
      results.find((r) => r.status === 429)!,
      CLIENT_LIMITS.signup.ip.windowMs,
    );
    expect((await from('203.0.113.8', '/api/signup.php', signupBody())).status).toBe(201);
    // the English site says it in English
    await expectSlowDown(
      await from('203.0.113.7', '/api/signup.php', signupBody(), { host: 'http://she-eng.localhost' }),
      CLIENT_LIMITS.signup.ip.windowMs,
      'en',
    );
  });

  it('an IPv6 client is its /64: other addresses of the same prefix share its limit', async () => {
    for (let i = 0; i < CLIENT_LIMITS.signup.ip.limit; i++)
      expect((await from(`2001:db8:aa:1::${i + 1}`, '/api/signup.php', signupBody())).status).toBe(201);
    await expectSlowDown(await from('2001:db8:aa:1:ffff::9', '/api/signup.php', signupBody()), CLIENT_LIMITS.signup.ip.windowMs);
    expect((await from('2001:db8:aa:2::1', '/api/signup.php', signupBody())).status).toBe(201);
    // an IPv4 client written as IPv6 is that IPv4 client
    for (let i = 0; i < CLIENT_LIMITS.signup.ip.limit; i++)
      expect((await from('203.0.113.9', '/api/signup.php', signupBody())).status).toBe(201);
    expect((await from('::ffff:203.0.113.9', '/api/signup.php', signupBody())).status).toBe(429);
  });

  it('logins from one address: many accounts tried from it get 429 after the limit', async () => {
    const ip = '203.0.113.20';
    const { limit, windowMs } = CLIENT_LIMITS.login.ip;
    for (let i = 0; i < limit; i++)
      expect((await from(ip, '/api/user.php', { email: uniqueEmail('x'), password: 'guess' })).status).toBe(401);
    await expectSlowDown(await from(ip, '/api/user.php', { email: uniqueEmail('x'), password: 'guess' }), windowMs);
  }, 30_000);

  it('reset requests from one address: addresses cannot be checked in bulk', async () => {
    const ip = '203.0.113.30';
    const { limit, windowMs } = CLIENT_LIMITS.reset.ip;
    for (let i = 0; i < limit; i++) {
      const res = await from(ip, '/api/reset-password.php', { email: uniqueEmail('who') });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'E-mailadres niet gevonden' });
    }
    await expectSlowDown(await from(ip, '/api/reset-password.php', { email: uniqueEmail('who') }), windowMs);
  });

  it('activation mails, per member', async () => {
    const { cookie } = await signup();
    const { limit, windowMs } = CLIENT_LIMITS.activation.member;
    for (let i = 0; i < limit; i++)
      expect((await from(`198.51.100.${i + 1}`, '/api/resend-activation.php', {}, { cookie })).status).toBe(200);
    await expectSlowDown(await from('198.51.100.200', '/api/resend-activation.php', {}, { cookie }), windowMs);
  });

  it('password changes, per member (a right current password, a new one too short)', async () => {
    const { cookie } = await signup();
    const { limit, windowMs } = CLIENT_LIMITS.password.member;
    for (let i = 0; i < limit; i++) {
      const res = await from('198.51.100.7', '/api/password.php', { old_password: 'correct-horse', password: 'short' }, { cookie });
      expect(res.status).toBe(400);
    }
    await expectSlowDown(
      await from('198.51.100.7', '/api/password.php', { old_password: 'correct-horse', password: 'short' }, { cookie }),
      windowMs,
    );
  });

  it("e-mail changes: the day's 3 links, then 429 with Retry-After until the window ends", async () => {
    clock.setNow(new Date('2037-03-03T08:00:00Z'));
    const { cookie } = await signup();
    for (let i = 0; i < 3; i++)
      expect(
        (await from('198.51.100.8', '/api/mail-change.php', { email: uniqueEmail('new'), password: 'correct-horse' }, { cookie })).status,
      ).toBe(200);
    clock.setNow(new Date('2037-03-03T20:00:00Z'));
    const refused = await from(
      '198.51.100.8',
      '/api/mail-change.php',
      { email: uniqueEmail('new'), password: 'correct-horse' },
      { cookie },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(12 * 3600));
  });

  it('geocode lookups, per address', async () => {
    const { limit, windowMs } = CLIENT_LIMITS.geocode.ip;
    for (let i = 0; i < limit; i++) expect((await from('203.0.113.40', '/api/geocode.php?lat=52.37&lon=4.89')).status).toBe(200);
    const refused = await from('203.0.113.40', '/api/geocode.php?lat=52.37&lon=4.89');
    expect(refused.headers.get('cache-control') ?? '').not.toContain('public');
    await expectSlowDown(refused, windowMs);
  }, 30_000);

  it('payment starts, per address', async () => {
    const { cookie } = await signup();
    const { limit, windowMs } = CLIENT_LIMITS.paymentStart.ip;
    for (let i = 0; i < limit; i++)
      expect((await from('203.0.113.50', '/api/payment.php', { package: 'p9', method: 'ideal' }, { cookie })).status).not.toBe(429);
    await expectSlowDown(await from('203.0.113.50', '/api/payment.php', { package: 'p1', method: 'ideal' }, { cookie }), windowMs);
  }, 30_000);

  it('keeps connecting addresses a day at most: the daily job drops old client and lockout counters', async () => {
    const put = (key: string, at: string) =>
      env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)').bind(key, at).run();
    await put('client:signup:ip:203.0.113.250', '2040-01-01T08:00:00.000Z');
    await put('login:0123abcd:203.0.113.250', '2040-01-01T08:00:00.000Z');
    await put('client:signup:ip:203.0.113.251', '2040-01-02T09:00:00.000Z');
    await put('reset:424242', '2040-01-01T08:00:00.000Z');
    clock.setNow(new Date('2040-01-02T10:00:00Z'));
    expect((await call(`${V}/dev/jobs/drop-old-client-counters`, { method: 'POST' })).status).toBe(200);
    const keys = (
      await env.DB.prepare("SELECT key FROM rate_limits WHERE key LIKE '%203.0.113.25%' OR key = 'reset:424242' ORDER BY key").all<{
        key: string;
      }>()
    ).results.map((r) => r.key);
    expect(keys).toEqual(['client:signup:ip:203.0.113.251', 'reset:424242']);
  });

  it('a window that has run out starts again', async () => {
    clock.setNow(new Date('2038-01-01T10:00:00Z'));
    const ip = '203.0.113.60';
    for (let i = 0; i < CLIENT_LIMITS.signup.ip.limit; i++) expect((await from(ip, '/api/signup.php', signupBody())).status).toBe(201);
    const refused = await from(ip, '/api/signup.php', signupBody());
    expect(refused.headers.get('retry-after')).toBe('3600');
    clock.setNow(new Date('2038-01-01T10:45:00Z'));
    expect((await from(ip, '/api/signup.php', signupBody())).headers.get('retry-after')).toBe('900');
    clock.setNow(new Date('2038-01-01T11:00:01Z'));
    expect((await from(ip, '/api/signup.php', signupBody())).status).toBe(201);
  });
});

describe('the lockout', () => {
  const login = (ip: string, email: string, password: string) => from(ip, '/api/user.php', { email, password });
  const answer = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });

  it('answers byte for byte the same for a known and an unknown address, through the lock and after', async () => {
    const { email } = await signup();
    const unknown = uniqueEmail('nobody');
    const t0 = new Date('2039-01-01T10:00:00Z');
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      clock.setNow(new Date(t0.getTime() + i * 30_000));
      const known = await answer(await login('192.0.2.10', email, 'wrong-guess'));
      const other = await answer(await login('192.0.2.10', unknown, 'wrong-guess'));
      expect(other).toEqual(known);
      seen.push(`${known.status} ${known.retryAfter}`);
    }
    expect(seen).toEqual(['401 null', '401 null', '401 null', '401 null', '423 900', '423 870', '423 840', '423 810']);
    clock.setNow(new Date(t0.getTime() + 4 * 30_000));
    const locked = await login('192.0.2.10', unknown, 'x');
    expect(await locked.json()).toEqual({
      error: 'too_many_attempts',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    });
    // the right password during the lock: the same 423 as for an address without an account
    clock.setNow(new Date(t0.getTime() + 10 * 60_000));
    expect(await answer(await login('192.0.2.10', email, 'correct-horse'))).toEqual(
      await answer(await login('192.0.2.10', unknown, 'correct-horse')),
    );
    clock.setNow(new Date(t0.getTime() + 20 * 60_000));
    expect((await login('192.0.2.10', email, 'correct-horse')).status).toBe(200);
  }, 30_000);

  it('a stranger who keeps failing does not keep the owner out', async () => {
    const { email } = await signup();
    clock.setNow(new Date('2039-02-01T10:00:00Z'));
    const stranger = [];
    for (let i = 0; i < 12; i++) stranger.push((await login('192.0.2.66', email, `guess-${i}`)).status);
    expect(stranger).toEqual([401, 401, 401, 401, 423, 423, 423, 423, 423, 423, 423, 423]);
    const owner = await login('198.51.100.99', email, 'correct-horse');
    expect(owner.status).toBe(200);
    expect(cookieFrom(owner)).toBeTruthy();
    // still locked for the stranger, even with the right password
    expect((await login('192.0.2.66', email, 'correct-horse')).status).toBe(423);
  });

  it('has a ceiling per account: 20 failures from many clients lock it for everyone for 15 minutes', async () => {
    const { email } = await signup();
    const t0 = new Date('2039-03-01T10:00:00Z');
    clock.setNow(t0);
    const statuses: number[] = [];
    for (let client = 1; client <= 4; client++)
      for (let i = 0; i < 5; i++) statuses.push((await login(`192.0.2.${100 + client}`, email, 'guess')).status);
    expect(statuses.filter((s) => s === 423)).toHaveLength(4); // each client's 5th, the last one the account's 20th
    expect((await login('198.51.100.5', email, 'correct-horse')).status).toBe(423);
    clock.setNow(new Date(t0.getTime() + 16 * 60_000));
    expect((await login('198.51.100.5', email, 'correct-horse')).status).toBe(200);
  }, 30_000);

  it('strangers at 21 addresses do not keep the owner out of their own browser (its device cookie)', async () => {
    const { email } = await signup();
    const t0 = new Date('2039-03-08T10:00:00Z');
    clock.setNow(t0);
    const first = await login('198.51.100.40', email, 'correct-horse');
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('did='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    const device = cookieFrom(first, 'did')!;
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) statuses.push((await login(`192.0.2.${150 + i}`, email, 'guess')).status);
    expect(statuses).toEqual([...Array<number>(19).fill(401), 423, 423]);
    const withDevice = (ip: string, password: string) =>
      call(`${V}/api/user.php`, {
        method: 'POST',
        body: JSON.stringify({ email, password }),
        headers: { ...H, 'cf-connecting-ip': ip, cookie: `did=${device}` },
      });
    expect((await withDevice('203.0.113.41', 'correct-horse')).status).toBe(200);
    // a browser the account does not know waits for the brake to end
    expect((await login('203.0.113.42', email, 'correct-horse')).status).toBe(423);
    // the device's own failures lock it, as an address's would
    const own: number[] = [];
    for (let i = 0; i < 5; i++) own.push((await withDevice('203.0.113.41', 'typo')).status);
    expect(own).toEqual([401, 401, 401, 401, 423]);
    expect((await withDevice('203.0.113.41', 'correct-horse')).status).toBe(423);
  }, 30_000);

  it('counts failures only: an owner who logs in often (several devices) is never locked by it', async () => {
    const { email } = await signup();
    clock.setNow(new Date('2039-03-15T10:00:00Z'));
    // 25 good logins from 5 devices within the window, and a few typos between them
    for (let i = 0; i < 25; i++) {
      if (i % 6 === 0) expect((await login(`198.51.100.${10 + (i % 5)}`, email, 'typo')).status).toBe(401);
      expect((await login(`198.51.100.${10 + (i % 5)}`, email, 'correct-horse')).status).toBe(200);
    }
  }, 30_000);

  it('counts wrong current passwords on the password change toward the lockout', async () => {
    clock.setNow(new Date('2039-04-01T10:00:00Z'));
    const { email, cookie } = await signup();
    const change = (old: string) => from('192.0.2.77', '/api/password.php', { old_password: old, password: 'new-password-1' }, { cookie });
    for (let i = 0; i < 4; i++) expect(await (await change('wrong-guess')).json()).toMatchObject({ error: 'old_password_wrong' });
    const fifth = await change('wrong-guess');
    expect(fifth.status).toBe(423);
    expect(await fifth.json()).toEqual({ error: 'too_many_attempts', message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.' });
    // even the right one is refused now, on the change and on a login from this client
    expect((await change('correct-horse')).status).toBe(423);
    expect((await login('192.0.2.77', email, 'correct-horse')).status).toBe(423);
    // the owner elsewhere is not kept out
    expect((await login('198.51.100.77', email, 'correct-horse')).status).toBe(200);
  });

  it('counts wrong current passwords on the e-mail change toward the lockout (and the client limit still applies)', async () => {
    clock.setNow(new Date('2039-05-01T10:00:00Z'));
    const { email, cookie } = await signup();
    const change = () => from('192.0.2.88', '/api/mail-change.php', { email: uniqueEmail('new'), password: 'wrong-guess' }, { cookie });
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LIMITS.mailChange.member.limit + 1; i++) statuses.push((await change()).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423, 423, 423, 423, 423, 423, 429]);
    expect((await login('192.0.2.88', email, 'correct-horse')).status).toBe(423);
  }, 30_000);

  it('a reset (the mailbox proven) ends the lock', async () => {
    const { email } = await signup();
    clock.setNow(new Date('2039-06-01T10:00:00Z'));
    for (let i = 0; i < 5; i++) await login('192.0.2.99', email, 'guess');
    expect((await login('192.0.2.99', email, 'correct-horse')).status).toBe(423);
    expect((await from('192.0.2.99', '/api/reset-password.php', { email })).status).toBe(200);
    const row = await env.DB.prepare("SELECT text FROM mail_outbox WHERE to_address = ? AND kind = 'reset' ORDER BY id DESC LIMIT 1")
      .bind(email)
      .first<{ text: string }>();
    const token = /token=([A-Za-z0-9_-]{43})/.exec(row!.text)![1];
    expect(
      (await from('192.0.2.99', '/api/reset-password-do.php', { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' }))
        .status,
    ).toBe(200);
    expect((await login('192.0.2.99', email, 'brand-new-pass')).status).toBe(200);
  });
});

describe('error answers', () => {
  it('a 650 KB body of unknown keys: a small answer that names none of them', async () => {
    const { cookie } = await signup();
    const keys = Array.from({ length: 20_000 }, (_, i) => `"injected_${i}_<b>x</b>":"${'v'.repeat(8)}"`);
    const raw = `{"conversation":1,${keys.join(',')}}`;
    expect(raw.length).toBeGreaterThan(640_000);
    const res = await from('203.0.113.70', '/api/typing.php', raw, { cookie });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
    expect(text).not.toContain('injected');
    expect(JSON.parse(text)).toEqual({
      error: 'invalid_request',
      message: 'Ongeldige aanvraag.',
      issues: [{ path: '', message: 'Dit verzoek bevat velden die hier niet horen.' }],
    });
  }, 30_000);

  it('a huge array of bad items: at most 20 issues, no values echoed, in the member\u2019s language', async () => {
    const { cookie } = await signup('she-eng.localhost');
    const bad = Array.from({ length: 40_000 }, (_, i) => `evil-${i}`);
    const res = await from(
      '203.0.113.71',
      '/api/profile.php',
      { interests: bad },
      { cookie, method: 'PUT', host: 'http://she-eng.localhost' },
    );
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(4000);
    expect(text).not.toContain('evil');
    const answer = JSON.parse(text) as { message: string; issues: { path: string; message: string }[] };
    expect(answer.message).toBe('Invalid request.');
    expect(answer.issues.length).toBeGreaterThan(0);
    expect(answer.issues.length).toBeLessThanOrEqual(20);
  });

  it('a large value of the wrong kind is not echoed', async () => {
    const res = await from('203.0.113.72', '/api/user.php', { email: 'x'.repeat(600_000), password: ['<script>'] });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(1000);
    expect(text).not.toContain('xxxx');
    expect(text).not.toContain('script');
  });
});

describe('development hosts', () => {
  const production = { ...env, ENVIRONMENT: 'production' };
  const viaProduction = (url: string) => worker.fetch(new Request(url), production, createExecutionContext());

  it('resolve to sites only in development', async () => {
    for (const host of ['localhost', '127.0.0.1', 'vonkje.localhost', 'she-eng.localhost']) {
      expect(tenantForHost(host, 'development'), host).not.toBeNull();
      expect(tenantForHost(host, 'production'), host).toBeNull();
    }
    expect(tenantForHost('vonkje.nl', 'production')?.slug).toBe('vonkje');
  });

  it('a deployed worker answers a development host with the unknown-site 404, and its domains as usual', async () => {
    const local = await viaProduction('http://vonkje.localhost/api/settings.php');
    expect(local.status).toBe(404);
    expect(await local.json()).toMatchObject({ error: 'unknown_site' });
    expect((await viaProduction('http://127.0.0.1/api/settings.php')).status).toBe(404);
    expect((await viaProduction('https://vonkje.nl/api/settings.php')).status).toBe(200);
    // nor is operator.localhost the operators' host there
    const operator = await viaProduction('http://operator.localhost/api/operator/photos.php');
    expect(operator.status).toBe(404);
    expect(await operator.json()).toMatchObject({ error: 'unknown_site' });
  });
});
