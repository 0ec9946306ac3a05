import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../worker/lib/clock';
import { tokenHash } from '../../worker/lib/crypto';
import { registry } from '../../worker/lib/tenants';
import { cookieFrom, count, get, H, lastMail, login, post, signup, uniqueEmail } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
afterEach(() => clock.setNow(null));

describe('login and sessions', () => {
  it('logs in, sets a 30-day HttpOnly SameSite cookie, stores only the token hash', async () => {
    const { email } = await signup();
    const { res, body, cookie } = await login(email);
    expect(res.status).toBe(200);
    expect((body.user as { email: string }).email).toBe(email);
    const header = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).not.toMatch(/Secure/);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(await count('SELECT count(*) n FROM sessions WHERE token_hash = ?', cookie)).toBe(0);
    expect(await count('SELECT count(*) n FROM sessions WHERE token_hash = ?', await tokenHash(cookie!))).toBe(1);
    const secure = await call('https://vonkje.localhost/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'correct-horse' }),
      headers: H,
    });
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/Secure/);
  });

  it('gives a new token at every login', async () => {
    const { email } = await signup();
    const a = await login(email);
    const b = await login(email);
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('GET user.php answers the member, and 403 authentication_required to a visitor', async () => {
    const { cookie } = await signup();
    const me = await get(`${V}/api/user.php`, cookie);
    expect(me.status).toBe(200);
    const user = ((await me.json()) as { user: Record<string, unknown> }).user;
    for (const field of [
      'status',
      'credits',
      'paid_user',
      'signup_date',
      'notifications_disabled',
      'language',
      'fictional_icon',
      'profile',
    ])
      expect(user).toHaveProperty(field);
    const visitor = await get(`${V}/api/user.php`);
    expect(visitor.status).toBe(403);
    expect(await visitor.json()).toMatchObject({ error: 'authentication_required' });
    for (const junk of ['garbage', 'x'.repeat(43), '%%%']) expect((await get(`${V}/api/user.php`, junk)).status).toBe(403);
  });

  it('logout ends the session on the server: the old cookie gets 403', async () => {
    const { cookie } = await signup();
    const out = await get(`${V}/api/logout.php`, cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/sid=;/);
    expect((await get(`${V}/api/user.php`, cookie)).status).toBe(403);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await signup();
    for (const [e, p] of [
      [email, 'wrong-password'],
      [uniqueEmail('nobody'), 'correct-horse'],
    ]) {
      const { res, body } = await login(e!, p);
      expect(res.status).toBe(401);
      expect(body).toEqual({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' });
    }
  });

  it('locks the account for 15 minutes after 5 failures in 15 minutes, also for the right password', async () => {
    const { email } = await signup();
    const t0 = new Date('2030-01-01T10:00:00Z');
    for (let i = 1; i <= 4; i++) {
      clock.setNow(new Date(t0.getTime() + i * 60_000));
      expect((await login(email, 'nope')).res.status).toBe(401);
    }
    clock.setNow(new Date(t0.getTime() + 5 * 60_000));
    const fifth = await login(email, 'nope');
    expect(fifth.res.status).toBe(423);
    expect(fifth.body.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    clock.setNow(new Date(t0.getTime() + 10 * 60_000));
    const during = await login(email);
    expect(during.res.status).toBe(423);
    expect(during.body.message).toBe('Te veel foute pogingen, account voor 10 min geblokkeerd.');
    clock.setNow(new Date(t0.getTime() + 21 * 60_000));
    expect((await login(email)).res.status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const { email } = await signup();
    const t0 = new Date('2031-01-01T10:00:00Z');
    for (let i = 0; i < 4; i++) {
      clock.setNow(new Date(t0.getTime() + i * 1000));
      await login(email, 'nope');
    }
    clock.setNow(new Date(t0.getTime() + 16 * 60_000));
    expect((await login(email, 'nope')).res.status).toBe(401); // a new window: 1 failure
    expect((await login(email)).res.status).toBe(200);
  });

  it('counts concurrent failures exactly and locks', async () => {
    const { email } = await signup();
    clock.setNow(new Date('2032-01-01T10:00:00Z'));
    const results = await Promise.all(Array.from({ length: 5 }, () => login(email, 'nope')));
    expect(results.map((r) => r.res.status).sort()).toEqual([401, 401, 401, 401, 423]);
    expect((await login(email)).res.status).toBe(423);
  });

  it("keeps companies apart: a member cannot log into another company's site, nor use its cookie there", async () => {
    const { email, cookie } = await signup('vonkje.localhost');
    expect((await login(email, 'correct-horse', 'she-eng.localhost')).res.status).toBe(401);
    expect((await get('http://she-eng.localhost/api/user.php', cookie)).status).toBe(403);
    // a sister site of the same company shares the pool
    expect((await login(email, 'correct-horse', 'bdsm-nl.localhost')).res.status).toBe(200);
  });

  it('saves the language with PUT and sets the locale cookie; rejects one the site does not offer', async () => {
    const { cookie } = await signup('she-de.localhost');
    const res = await post('http://she-de.localhost/api/user.php', { language: 'en' }, cookie, 'PUT');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { language: string } }).user.language).toBe('en');
    expect(cookieFrom(res, 'locale')).toBe('en');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('locale='))).toMatch(/Max-Age=31536000/);
    expect((await post('http://she-de.localhost/api/user.php', { language: 'nl' }, cookie, 'PUT')).status).toBe(400);
    expect((await post('http://she-de.localhost/api/user.php', { language: 'xx' }, cookie, 'PUT')).status).toBe(400);
    expect((await post('http://she-de.localhost/api/user.php', { language: 'en' }, undefined, 'PUT')).status).toBe(403);
  });

  it('guards user.php against CSRF', async () => {
    const res = await call(`${V}/api/user.php`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
    const foreign = await call(`${V}/api/user.php`, { method: 'POST', body: '{}', headers: { ...H, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it.each([
    ['not JSON', '{email:'],
    ['no fields', {}],
    ['numbers', { email: 1, password: 2 }],
    ['a huge password', { email: 'a@b.nl', password: 'x'.repeat(5000) }],
  ])('answers bad login input (%s) with 4xx', async (_, body) => {
    const res = await post(`${V}/api/user.php`, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('signup', () => {
  it('creates a not-confirmed member, logged in, with signup credits through the ledger and an activation mail', async () => {
    const { res, body, email, cookie } = await signup('vonkje.localhost', { tracking: { network: 'tj', ref: 'abc', sub1: 's1' } });
    expect(res.status).toBe(201);
    expect(body.user).toMatchObject({ status: 'not_confirmed', signup_step: 'photo', credits: 10 });
    expect((body.user as unknown as { profile: { status: string } }).profile.status).toBe('disabled');
    expect((await get(`${V}/api/user.php`, cookie)).status).toBe(200);
    const ledger = await env.DB.prepare('SELECT delta, balance_after, reason FROM credit_ledger WHERE member_id = ?')
      .bind(body.user.id)
      .all();
    expect(ledger.results).toEqual([{ delta: 10, balance_after: 10, reason: 'signup_bonus' }]);
    const row = await env.DB.prepare(
      'SELECT tracking_network, tracking_ref, tracking_sub1, home_site, password_hash FROM members WHERE id = ?',
    )
      .bind(body.user.id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ tracking_network: 'tj', tracking_ref: 'abc', tracking_sub1: 's1', home_site: 'vonkje' });
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const { mail } = await lastMail(email);
    expect(mail).toMatchObject({ kind: 'activate', subject: 'Bevestig je e-mailadres voor Vonkje', site: 'vonkje' });
  });

  it('brands the mail with the member site and language', async () => {
    const { email } = await signup('she-eng.localhost');
    const { mail } = await lastMail(email);
    expect(mail!.subject).toBe('Confirm your e-mail address for Sparkly');
    expect(mail!.text).toContain('http://she-eng.localhost/api/activate.php?token=');
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'email', 'Ongeldige e-mail'],
    ['a name that is the e-mail', { email: 'same@example.org', name: 'same@example.org' }, 'name', null],
    ['a name starting with @', { name: '@sam' }, 'name', 'Kies een naam die niet je e-mailadres is en niet met @ begint.'],
    ['a one-letter name', { name: 'S' }, 'name', 'Kies een profielnaam van 2 tot 30 tekens.'],
    ['a name with control characters', { name: 'Sam\u0000x' }, 'name', null],
    ['an under-age birth date', { date_of_birth: `${new Date().getUTCFullYear() - 17}-01-01` }, 'date_of_birth', 'Ongeldige geboortedatum'],
    ['an impossible date', { date_of_birth: '1990-02-31' }, 'date_of_birth', 'Ongeldige geboortedatum'],
    ['a malformed date', { date_of_birth: '31-12-1990' }, 'date_of_birth', 'Ongeldige geboortedatum'],
    ['a short password', { password: 'short' }, 'password', null],
    ['an unknown gender', { gender: 'robot' }, 'gender', null],
    ['a missing field', { name: undefined }, 'name', null],
    ['an unknown tracking key', { tracking: { evil: 'x' } }, 'tracking', null],
    ['a non-object tracking', { tracking: 'x' }, 'tracking', null],
  ])('rejects %s with 400 and nothing written', async (_, overrides, path, message) => {
    const before = await count('SELECT count(*) n FROM members');
    const { res, body } = await signup('vonkje.localhost', overrides);
    expect(res.status).toBe(400);
    const issue = body.issues?.find((i) => i.path.startsWith(path));
    expect(issue, JSON.stringify(body)).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
    expect(await count('SELECT count(*) n FROM members')).toBe(before);
  });

  it('names the field and gives the exact Dutch message', async () => {
    const res = await post(`${V}/api/signup.php`, {
      email: 'x',
      password: 'correct-horse',
      name: 'Sam',
      date_of_birth: '2020-01-01',
      gender: 'male',
    });
    const body = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Ongeldige e-mail' },
        { path: 'date_of_birth', message: 'Ongeldige geboortedatum' },
      ]),
    );
  });

  it('refuses a duplicate address in the same company, also under concurrency, and allows it in another company', async () => {
    const email = uniqueEmail('dup');
    const results = await Promise.all([signup('vonkje.localhost', { email }), signup('bbw-nl.localhost', { email })]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 400]);
    const again = await signup('vonkje.localhost', { email: email.toUpperCase() });
    expect(again.res.status).toBe(400);
    expect(await count('SELECT count(*) n FROM members WHERE email = ?', email)).toBe(1);
    expect((await signup('she-eng.localhost', { email })).res.status).toBe(201);
    const dup = (await signup('vonkje.localhost', { email })).body as unknown as { issues: { path: string; message: string }[] };
    expect(dup.issues).toEqual([{ path: 'email', message: 'Dit e-mailadres heeft al een account op deze site.' }]);
  });

  it("follows the site's signup policy", async () => {
    const site = registry.byHost.get('silver-nl.localhost')!;
    const original = site.settings.signups;
    try {
      site.settings.signups = 'with_trafficsource';
      expect((await signup('silver-nl.localhost')).res.status).toBe(403);
      expect((await signup('silver-nl.localhost', { tracking: { network: 'ads' } })).res.status).toBe(201);
      site.settings.signups = 'other';
      const closed = await signup('silver-nl.localhost', { tracking: { network: 'ads' } });
      expect(closed.res.status).toBe(403);
      expect(closed.body).toMatchObject({ error: 'signups_closed' });
    } finally {
      site.settings.signups = original;
    }
  });

  it('cuts long traffic-source values instead of refusing the signup', async () => {
    const { res, body } = await signup('vonkje.localhost', { tracking: { sub1: 'c'.repeat(300) } });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('SELECT tracking_sub1 FROM members WHERE id = ?')
      .bind(body.user.id)
      .first<{ tracking_sub1: string }>();
    expect(row!.tracking_sub1).toBe('c'.repeat(100));
  });

  it('answers bodies that are not objects with 400 on every JSON call', async () => {
    const { cookie } = await signup();
    for (const [method, path] of [
      ['PUT', 'signup.php'],
      ['POST', 'delete-account.php'],
      ['POST', 'reset-password-do.php'],
      ['POST', 'mail-change-do.php'],
      ['POST', 'password.php'],
      ['POST', 'mail-change.php'],
      ['POST', 'user.php'],
      ['PUT', 'user.php'],
    ] as const) {
      for (const body of ['null', '[]', '"x"', '42', '{"step":']) {
        const res = await post(`${V}/api/${path}`, body, cookie, method);
        expect(res.status, `${method} ${path} ${body}`).toBe(400);
      }
    }
  });

  it('walks the wizard in order, with skips where optional and validation where not', async () => {
    const { cookie } = await signup();
    const step = (body: unknown) => post(`${V}/api/signup.php`, body, cookie, 'PUT');
    expect((await step({ step: 'location', country: 'NL', region: 'NL-NH' })).status).toBe(400); // out of order
    expect((await step({ step: 'photo' })).status).toBe(400); // no photo uploaded
    expect(((await (await step({ step: 'photo', skip: true })).json()) as { user: { signup_step: string } }).user.signup_step).toBe(
      'location',
    );
    expect((await step({ step: 'location', skip: true })).status).toBe(400); // location is required
    expect((await step({ step: 'location', country: 'DE', region: 'DE-BY' })).status).toBe(400); // not a country of this site
    expect((await step({ step: 'location', country: 'NL', region: 'BE-VLG' })).status).toBe(400);
    const located = (await (await step({ step: 'location', country: 'BE', region: 'BE-VLG', city: 'Gent' })).json()) as {
      user: { profile: Record<string, string>; signup_step: string };
    };
    expect(located.user.profile).toMatchObject({ country: 'BE', region: 'BE-VLG', city: 'Gent' });
    expect((await step({ step: 'personal', sexuality: 'robot' })).status).toBe(400);
    // the orientation fits the gender: "Lesbisch" is not a man's
    const lesbian = await step({ step: 'personal', sexuality: 'lesbian' });
    expect(lesbian.status).toBe(400);
    expect(await lesbian.json()).toMatchObject({
      error: 'invalid_request',
      issues: [{ path: 'sexuality', message: 'Kies een van de mogelijkheden.' }],
    });
    expect((await step({ step: 'personal', sexuality: 'bi' })).status).toBe(200);
    expect((await step({ step: 'about', about_me: 'x'.repeat(2001) })).status).toBe(400);
    expect((await step({ step: 'about', about_me: 'Houdt van fietsen.' })).status).toBe(200);
    expect((await step({ step: 'push', push_permission: 'granted' })).status).toBe(200);
    const done = (await (await step({ step: 'confirm' })).json()) as {
      user: { signup_step: string; push_permission: string; profile: { about_me: string; sexuality: string } };
    };
    expect(done.user).toMatchObject({
      signup_step: 'done',
      push_permission: 'granted',
      profile: { about_me: 'Houdt van fietsen.', sexuality: 'bi' },
    });
    expect((await step({ step: 'confirm' })).status).toBe(400);
    expect((await post(`${V}/api/signup.php`, { step: 'photo' }, undefined, 'PUT')).status).toBe(403);
  });
});

describe('activation', () => {
  it('confirms with the mailed single-use link', async () => {
    const { email, cookie } = await signup();
    const { token } = await lastMail(email);
    const first = await get(`${V}/api/activate.php?token=${token}`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/activate/done');
    const me = (await (await get(`${V}/api/user.php`, cookie)).json()) as { user: { status: string; profile: { status: string } } };
    expect(me.user.status).toBe('active');
    expect(me.user.profile.status).toBe('active');
    expect((await get(`${V}/api/activate.php?token=${token}`)).headers.get('location')).toBe('/activate/error');
    for (const bad of ['', 'abc', 'x'.repeat(43), '%00'])
      expect((await get(`${V}/api/activate.php?token=${bad}`)).headers.get('location')).toBe('/activate/error');
  });

  it('resends the activation mail on request', async () => {
    const { email, cookie } = await signup();
    const before = await count('SELECT count(*) n FROM mail_outbox WHERE to_address = ?', email);
    expect((await post(`${V}/api/resend-activation.php`, {}, cookie)).status).toBe(200);
    expect(await count('SELECT count(*) n FROM mail_outbox WHERE to_address = ?', email)).toBe(before + 1);
  });
});

describe('password reset', () => {
  it('mails a one-hour single-use link that sets a new password and ends every session', async () => {
    const { email, cookie } = await signup();
    expect((await post(`${V}/api/reset-password.php`, { email: email.toUpperCase() })).status).toBe(200);
    const { mail, token } = await lastMail(email);
    expect(mail!.kind).toBe('reset');
    expect(mail!.text).toContain(`${V}/reset-password/do?token=`);
    const differ = await post(`${V}/api/reset-password-do.php`, { token, password: 'new-password-1', password_confirm: 'new-password-2' });
    expect(differ.status).toBe(400);
    expect(await differ.json()).toEqual({ error: 'passwords_differ', message: 'De opgegeven wachtwoorden zijn niet gelijk.' });
    expect(
      (await post(`${V}/api/reset-password-do.php`, { token, password: 'new-password-1', password_confirm: 'new-password-1' })).status,
    ).toBe(200);
    expect((await get(`${V}/api/user.php`, cookie)).status).toBe(403);
    expect((await login(email, 'correct-horse')).res.status).toBe(401);
    expect((await login(email, 'new-password-1')).res.status).toBe(200);
    const reuse = await post(`${V}/api/reset-password-do.php`, { token, password: 'other-pass-1', password_confirm: 'other-pass-1' });
    expect(await reuse.json()).toEqual({ error: 'link_invalid', message: 'Link verlopen of invalide, vraag een nieuwe e-mail aan' });
  });

  it('expires the link after an hour', async () => {
    const { email } = await signup();
    const t0 = new Date('2033-03-03T10:00:00Z');
    clock.setNow(t0);
    await post(`${V}/api/reset-password.php`, { email });
    const { token } = await lastMail(email);
    clock.setNow(new Date(t0.getTime() + 61 * 60_000));
    const res = await post(`${V}/api/reset-password-do.php`, { token, password: 'new-password-1', password_confirm: 'new-password-1' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('link_invalid');
    clock.setNow(new Date(t0.getTime() + 2 * 3600_000));
    await post(`${V}/api/reset-password.php`, { email });
    const fresh = (await lastMail(email)).token;
    clock.setNow(new Date(t0.getTime() + 2 * 3600_000 + 59 * 60_000));
    expect(
      (await post(`${V}/api/reset-password-do.php`, { token: fresh, password: 'new-password-1', password_confirm: 'new-password-1' }))
        .status,
    ).toBe(200);
  });

  it('holds the daily reset limit under concurrent requests', async () => {
    const { email } = await signup();
    clock.setNow(new Date('2036-06-06T08:00:00Z'));
    const results = await Promise.all(Array.from({ length: 8 }, () => post(`${V}/api/reset-password.php`, { email })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await count("SELECT count(*) n FROM mail_outbox WHERE to_address = ? AND kind = 'reset'", email)).toBe(3);
  });

  it('answers an unknown address and allows at most 3 mails a day', async () => {
    const unknown = await post(`${V}/api/reset-password.php`, { email: uniqueEmail('ghost') });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'email_not_found', message: 'E-mailadres niet gevonden' });
    const { email } = await signup();
    const t0 = new Date('2034-04-04T08:00:00Z');
    for (let i = 0; i < 3; i++) {
      clock.setNow(new Date(t0.getTime() + i * 60_000));
      expect((await post(`${V}/api/reset-password.php`, { email })).status).toBe(200);
    }
    const fourth = await post(`${V}/api/reset-password.php`, { email });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toBe(
      'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    );
    clock.setNow(new Date(t0.getTime() + 25 * 3600_000));
    expect((await post(`${V}/api/reset-password.php`, { email })).status).toBe(200);
  });
});

describe('settings: password and e-mail change', () => {
  it('changes the password only with the old one, ending the other sessions', async () => {
    const { email, cookie } = await signup();
    const other = (await login(email)).cookie!;
    const wrong = await post(`${V}/api/password.php`, { old_password: 'nope', password: 'brand-new-pass' }, cookie);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe('Controleer je oude wachtwoord.');
    const ok = await post(`${V}/api/password.php`, { old_password: 'correct-horse', password: 'brand-new-pass' }, cookie);
    expect(ok.status).toBe(200);
    const fresh = cookieFrom(ok)!;
    expect((await get(`${V}/api/user.php`, other)).status).toBe(403);
    expect((await get(`${V}/api/user.php`, cookie)).status).toBe(403);
    expect((await get(`${V}/api/user.php`, fresh)).status).toBe(200);
    expect((await login(email, 'brand-new-pass')).res.status).toBe(200);
  });

  it('changes the e-mail address through a link sent to the new address', async () => {
    const { cookie } = await signup();
    const taken = (await signup()).email;
    const wrongPassword = await post(`${V}/api/mail-change.php`, { email: uniqueEmail('x'), password: 'nope' }, cookie);
    expect(wrongPassword.status).toBe(400);
    expect(((await wrongPassword.json()) as { error: string }).error).toBe('old_password_wrong');
    for (const email of ['nonsense', taken]) {
      const res = await post(`${V}/api/mail-change.php`, { email, password: 'correct-horse' }, cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Nieuw e-mailadres invalide.');
    }
    const fresh = uniqueEmail('new');
    expect((await post(`${V}/api/mail-change.php`, { email: fresh, password: 'correct-horse' }, cookie)).status).toBe(200);
    const { mail, token } = await lastMail(fresh);
    expect(mail!.kind).toBe('mail_change');
    // the link alone reveals nothing; the member's own session gets the updated user
    const anonymous = await post(`${V}/api/mail-change-do.php`, { token });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ ok: true });
    const me = (await (await get(`${V}/api/user.php`, cookie)).json()) as { user: { email: string; status: string } };
    expect(me.user).toMatchObject({ email: fresh, status: 'active' }); // the new address is proven
    expect((await post(`${V}/api/mail-change-do.php`, { token })).status).toBe(400);
  });

  it('a password change voids outstanding e-mail change and reset links', async () => {
    const { email, cookie } = await signup();
    const target = uniqueEmail('attacker');
    await post(`${V}/api/mail-change.php`, { email: target, password: 'correct-horse' }, cookie);
    const change = (await lastMail(target)).token;
    await post(`${V}/api/reset-password.php`, { email });
    const reset = (await lastMail(email)).token;
    const changed = await post(`${V}/api/password.php`, { old_password: 'correct-horse', password: 'brand-new-pass' }, cookie);
    expect(changed.status).toBe(200);
    expect((await post(`${V}/api/mail-change-do.php`, { token: change })).status).toBe(400);
    expect(
      (await post(`${V}/api/reset-password-do.php`, { token: reset, password: 'other-pass-1', password_confirm: 'other-pass-1' })).status,
    ).toBe(400);
  });

  it('limits e-mail change requests to 3 a day', async () => {
    clock.setNow(new Date('2035-05-05T08:00:00Z'));
    const { cookie } = await signup();
    for (let i = 0; i < 3; i++)
      expect((await post(`${V}/api/mail-change.php`, { email: uniqueEmail('n'), password: 'correct-horse' }, cookie)).status).toBe(200);
    expect((await post(`${V}/api/mail-change.php`, { email: uniqueEmail('n'), password: 'correct-horse' }, cookie)).status).toBe(429);
  });
});

describe('account deletion', () => {
  it('hides the account at once, refuses login with a pointer to the mail, reactivates within 14 days', async () => {
    const { email, cookie, body } = await signup();
    expect((await post(`${V}/api/delete-account.php`, { reason: 'nonsense' }, cookie)).status).toBe(400);
    expect((await post(`${V}/api/delete-account.php`, { reason: 'found_partner' }, cookie)).status).toBe(200);
    expect((await get(`${V}/api/user.php`, cookie)).status).toBe(403);
    const refused = await login(email);
    expect(refused.res.status).toBe(403);
    expect(refused.body.error).toBe('account_deleted');
    const wrongPassword = await login(email, 'nope');
    expect(wrongPassword.res.status).toBe(401); // no account state revealed without the password
    const { mail, token } = await lastMail(email);
    expect(mail!.kind).toBe('reactivate');
    expect(mail!.text).toContain(`${V}/reactivate?token=`);
    // a link scanner's GET changes nothing
    expect((await get(`${V}/api/reactivate.php?token=${token}`)).status).toBe(404);
    const back = await post(`${V}/api/reactivate.php`, { token });
    expect(back.status).toBe(200);
    const session = cookieFrom(back)!;
    const me = (await (await get(`${V}/api/user.php`, session)).json()) as { user: { id: number; status: string } };
    expect(me.user).toMatchObject({ id: body.user.id, status: 'not_confirmed' });
    const again = await post(`${V}/api/reactivate.php`, { token });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('link_invalid');
  });

  it('erases personal data after the grace period; the link no longer works', async () => {
    const { purgeDeletedAccounts } = await import('../../worker/features/account/purge');
    const { features } = await import('../../worker/features');
    const { getDb } = await import('../../worker/lib/db');
    const purge = (now: Date) => purgeDeletedAccounts({ db: getDb(env.DB), env, now, features });
    const { email, cookie, body } = await signup();
    const t0 = new Date();
    await post(`${V}/api/profile.php`, { hair_colour: 'red', interests: ['bondage'], tattoos: 'many', about_me: 'x' }, cookie, 'PUT');
    await env.DB.prepare('INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, 1, ?)')
      .bind(body.user.id, t0.toISOString())
      .run();
    await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, cookie);
    const { token } = await lastMail(email);
    await purge(new Date(t0.getTime() + 13 * 86400_000));
    expect(await count('SELECT count(*) n FROM members WHERE id = ? AND erased_at IS NULL', body.user.id)).toBe(1);
    const later = new Date(t0.getTime() + 15 * 86400_000);
    expect(await purge(later)).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare('SELECT email, name, password_hash, erased_at FROM members WHERE id = ?')
      .bind(body.user.id)
      .first<Record<string, string | null>>();
    expect(row).toMatchObject({ email: `erased-${body.user.id}@erased.invalid`, name: 'Erased', password_hash: null });
    const profile = await env.DB.prepare('SELECT hair_colour, interests, tattoos, about_me FROM members WHERE id = ?')
      .bind(body.user.id)
      .first();
    expect(profile).toEqual({ hair_colour: null, interests: '[]', tattoos: null, about_me: null });
    expect(await count('SELECT count(*) n FROM blocks WHERE blocker_id = ?', body.user.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM mail_outbox WHERE member_id = ?', body.user.id)).toBe(0);
    clock.setNow(later);
    expect((await post(`${V}/api/reactivate.php`, { token })).status).toBe(400);
    expect((await login(email)).res.status).toBe(401);
  });

  it("one member's failed erasure leaves that member for the next run, not the others", async () => {
    const { purgeDeletedAccounts } = await import('../../worker/features/account/purge');
    const { features } = await import('../../worker/features');
    const { getDb } = await import('../../worker/lib/db');
    const [a, b] = [await signup(), await signup()];
    for (const m of [a, b]) expect((await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, m.cookie)).status).toBe(200);
    const long = new Date(Date.now() - 15 * 86400_000).toISOString();
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id IN (?, ?)').bind(long, a.body.user.id, b.body.user.id).run();
    // a's erasure cannot commit: its anonymised address is taken (the batch fails on the unique index)
    const blocker = await signup();
    await env.DB.prepare('UPDATE members SET email = ? WHERE id = ?')
      .bind(`erased-${a.body.user.id}@erased.invalid`, blocker.body.user.id)
      .run();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });
    log.mockRestore();
    const erased = async (id: number) => count('SELECT count(*) n FROM members WHERE id = ? AND erased_at IS NOT NULL', id);
    expect(await erased(b.body.user.id)).toBe(1);
    expect(await erased(a.body.user.id)).toBe(0);
    // the next run erases a once the obstacle is gone
    await env.DB.prepare('UPDATE members SET email = ? WHERE id = ?').bind(`blocker-${blocker.email}`, blocker.body.user.id).run();
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });
    expect(await erased(a.body.user.id)).toBe(1);
  });
});

describe('app shell for a member', () => {
  it('cannot be broken out of by a hostile member name in the inlined JSON', async () => {
    const { cookie } = await signup('vonkje.localhost', { name: '</script><img src=x>' });
    const html = await (await get(`${V}/profile`, cookie)).text();
    expect(html).not.toContain('</script><img');
    expect(html).toContain('\\u003c/script>\\u003cimg src=x>');
  });

  it('inlines the logged-in member, and null for a visitor or a dead session', async () => {
    const { cookie, body } = await signup();
    const boot = async (c?: string) => {
      // a member's page load of / goes home (shell.test.ts): another page of the app
      const html = await (await get(`${V}/profile`, c)).text();
      return JSON.parse(/<script id="boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as { user: { id: number } | null };
    };
    expect((await boot(cookie)).user?.id).toBe(body.user.id);
    expect((await boot()).user).toBeNull();
    await get(`${V}/api/logout.php`, cookie);
    expect((await boot(cookie)).user).toBeNull();
  });
});
