import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieFrom } from './account-helpers';
import { completeSetup, makeOperator, opCall, operatorLogin, operatorSession, type TestOperator } from './operator-helpers';
import worker from '../../worker/index';
import { clock } from '../../worker/lib/clock';
import { tokenHash } from '../../worker/lib/crypto';
import { totpCode } from '../../worker/lib/totp';

afterEach(() => clock.setNow(null));

type Created = { operator: { id: number; email: string }; setup_url: string; expires_at: string };
const auditOf = (id: number) =>
  env.DB.prepare("SELECT action, operator_id, before, after FROM audit_log WHERE object_type = 'operator' AND object_id = ? ORDER BY id")
    .bind(String(id))
    .all<{ action: string; operator_id: number; before: string | null; after: string | null }>();

async function createOperator(adminCookie: string, role = 'moderator') {
  const email = `cred-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const res = await opCall('operators.php', adminCookie, { email, name: 'Nieuw', role });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

describe('set-up links', () => {
  it('a new operator gets a link (its hash stored, a day long, once), chooses their own password and enrols their own authenticator', async () => {
    clock.setNow(new Date('2032-01-10T09:00:05Z'));
    const admin = await operatorSession('admin');
    const created = await createOperator(admin.cookie);
    // the admin's answer carries no credential at all, and the link points at the operator host, the token after #
    expect(created.setup_url).toMatch(/^http:\/\/operator\.localhost\/setup#[A-Za-z0-9_-]{43}$/);
    expect(created.expires_at).toBe('2032-01-11T09:00:05.000Z');
    const token = created.setup_url.split('#')[1]!;
    const stored = await env.DB.prepare('SELECT token_hash FROM operator_setup_tokens WHERE operator_id = ?')
      .bind(created.operator.id)
      .all<{ token_hash: string }>();
    expect(stored.results).toEqual([{ token_hash: await tokenHash(token) }]);
    const row = await env.DB.prepare('SELECT password_hash, totp_secret FROM operators WHERE id = ?')
      .bind(created.operator.id)
      .first<{ password_hash: string; totp_secret: string }>();
    expect(row).toEqual({ password_hash: '', totp_secret: '' });

    // before the set-up nobody logs in as the operator, with any password
    expect(
      (
        await operatorLogin({
          id: created.operator.id,
          email: created.operator.email,
          password: '',
          secret: 'AAAAAAAAAAAAAAAA',
          companyId: 1,
        })
      ).status,
    ).toBe(401);

    // whoever opened the link before (the admin, say) was offered another secret: only the latest can be confirmed
    const peek = (await (await opCall('setup-start.php', null, { token })).json()) as { secret: string };
    const start = await opCall('setup-start.php', null, { token });
    expect(start.status).toBe(200);
    const offered = (await start.json()) as { operator: { email: string; name: string }; secret: string; otpauth_uri: string };
    expect(offered.operator).toEqual({ email: created.operator.email, name: 'Nieuw' });
    expect(offered.secret).not.toBe(peek.secret);
    expect(offered.otpauth_uri).toContain(`secret=${offered.secret}`);
    const setup = (body: object) => opCall('setup.php', null, { token, ...body });
    expect(await (await setup({ password: 'my-own-password', code: totpCode(peek.secret, clock.now()) })).json()).toMatchObject({
      error: 'totp_wrong',
    });
    // a password of fewer than 12 characters is refused, in the console's language
    const short = await opCall('setup.php', null, { token, password: 'short-pw', code: totpCode(offered.secret, clock.now()) });
    expect(short.status).toBe(400);

    const done = await setup({ password: 'my-own-password', code: totpCode(offered.secret, clock.now()) });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ operator: { id: created.operator.id } });
    const cookie = cookieFrom(done, 'osid')!;
    expect((await opCall('me.php', cookie)).status).toBe(200);
    // the link is used up; the code of the set-up is taken
    expect(await (await opCall('setup-start.php', null, { token })).json()).toMatchObject({ error: 'setup_link_invalid' });
    expect(await (await setup({ password: 'another-password', code: totpCode(offered.secret, clock.now()) })).json()).toMatchObject({
      error: 'setup_link_invalid',
    });
    const op: TestOperator = {
      id: created.operator.id,
      email: created.operator.email,
      password: 'my-own-password',
      secret: offered.secret,
      companyId: 1,
    };
    expect((await operatorLogin(op)).status).toBe(401);
    clock.setNow(new Date('2032-01-10T09:00:40Z'));
    expect((await operatorLogin(op)).status).toBe(200);

    const audit = (await auditOf(created.operator.id)).results;
    expect(audit.map((r) => [r.action, r.operator_id])).toEqual([
      ['operator.create', admin.id],
      ['session.login_failed', created.operator.id],
      ['operator.setup', created.operator.id],
      ['session.login_failed', created.operator.id],
      ['session.login', created.operator.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(offered.secret);
  });

  it('refuses an expired, malformed or unknown link, and a disabled operator’s', async () => {
    clock.setNow(new Date('2032-02-01T09:00:00Z'));
    const admin = await operatorSession('admin');
    const created = await createOperator(admin.cookie);
    const token = created.setup_url.split('#')[1]!;
    clock.setNow(new Date('2032-02-02T09:00:01Z'));
    const admin2 = await operatorSession('admin');
    const late = await opCall('setup-start.php', null, { token }, 'POST');
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'setup_link_invalid', message: expect.any(String) });
    // the daily job drops links that ran out
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '15 3 * * *', scheduledTime: clock.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(
      await env.DB.prepare('SELECT count(*) n FROM operator_setup_tokens WHERE operator_id = ?').bind(created.operator.id).first('n'),
    ).toBe(0);
    for (const bad of [{ token: 'x' }, { token: 'A'.repeat(43) }, {}, { token: 5 }, 'not json']) {
      const res = await opCall('setup-start.php', null, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await opCall('setup.php', null, { token: 'A'.repeat(43), password: 'long-enough-pw', code: '123456' })).status).toBe(400);
    expect(admin.id).toBeGreaterThan(0);
    const other = await createOperator(admin2.cookie);
    expect((await opCall('operators.php', admin2.cookie, { id: other.operator.id, disabled: true }, 'PUT')).status).toBe(200);
    expect((await opCall('setup-start.php', null, { token: other.setup_url.split('#')[1] })).status).toBe(400);
  });

  it('two set-ups with one link at once: one wins, the other changes nothing', async () => {
    const admin = await operatorSession('admin');
    const created = await createOperator(admin.cookie);
    const token = created.setup_url.split('#')[1]!;
    const { secret } = (await (await opCall('setup-start.php', null, { token })).json()) as { secret: string };
    const code = totpCode(secret, clock.now());
    const both = await Promise.all([
      opCall('setup.php', null, { token, password: 'first-password-1', code }),
      opCall('setup.php', null, { token, password: 'second-password-2', code }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await auditOf(created.operator.id)).results.filter((r) => r.action === 'operator.setup')).toHaveLength(1);
  });
});

describe('an operator’s own credentials', () => {
  it('changes the password with the current password and a code: other sessions end, this client stays in', async () => {
    const op = await operatorSession('chat');
    clock.setNow(new Date(Date.now() + 60_000));
    const other = await operatorLogin(op);
    const otherCookie = cookieFrom(other, 'osid')!;
    clock.setNow(new Date(Date.now() + 120_000));
    const change = (body: object) => opCall('password.php', op.cookie, body);
    expect(
      await (await change({ current_password: 'wrong', code: totpCode(op.secret, clock.now()), password: 'brand-new-password' })).json(),
    ).toMatchObject({ error: 'credentials_wrong' });
    expect(await (await change({ current_password: op.password, code: '000000', password: 'brand-new-password' })).json()).toMatchObject({
      error: 'credentials_wrong',
    });
    expect((await change({ current_password: op.password, code: totpCode(op.secret, clock.now()), password: 'short' })).status).toBe(400);
    expect(
      (await opCall('password.php', null, { current_password: op.password, code: '123456', password: 'brand-new-password' })).status,
    ).toBe(403);
    const ok = await change({ current_password: op.password, code: totpCode(op.secret, clock.now()), password: 'brand-new-password' });
    expect(ok.status).toBe(200);
    const fresh = cookieFrom(ok, 'osid')!;
    expect((await opCall('me.php', fresh)).status).toBe(200);
    expect((await opCall('me.php', op.cookie)).status).toBe(403);
    expect((await opCall('me.php', otherCookie)).status).toBe(403);
    clock.setNow(new Date(clock.now().getTime() + 60_000));
    expect((await operatorLogin(op)).status).toBe(401);
    expect((await operatorLogin({ ...op, password: 'brand-new-password' })).status).toBe(200);
    expect((await auditOf(op.id)).results.map((r) => r.action)).toContain('operator.password');
  });

  it('re-enrols the authenticator: a new secret confirmed with its code, the old one void', async () => {
    const op = await operatorSession('moderator');
    clock.setNow(new Date(Date.now() + 60_000));
    const other = cookieFrom(await operatorLogin(op), 'osid')!;
    clock.setNow(new Date(clock.now().getTime() + 60_000));
    // confirming before a start is refused
    expect(
      await (
        await opCall('totp.php', op.cookie, { current_password: op.password, code: totpCode(op.secret, clock.now()), new_code: '123456' })
      ).json(),
    ).toMatchObject({ error: 'totp_wrong' });
    const start = await opCall('totp-start.php', op.cookie, {});
    expect(start.status).toBe(200);
    const { secret, otpauth_uri } = (await start.json()) as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain(`secret=${secret}`);
    // still the old secret until confirmed
    expect(await env.DB.prepare('SELECT totp_secret FROM operators WHERE id = ?').bind(op.id).first('totp_secret')).toBe(op.secret);
    const confirm = (body: object) => opCall('totp.php', op.cookie, body);
    expect(
      await (await confirm({ current_password: op.password, code: totpCode(op.secret, clock.now()), new_code: '000000' })).json(),
    ).toMatchObject({ error: 'totp_wrong' });
    expect(
      await (
        await confirm({ current_password: 'nope', code: totpCode(op.secret, clock.now()), new_code: totpCode(secret, clock.now()) })
      ).json(),
    ).toMatchObject({ error: 'credentials_wrong' });
    const ok = await confirm({
      current_password: op.password,
      code: totpCode(op.secret, clock.now()),
      new_code: totpCode(secret, clock.now()),
    });
    expect(ok.status).toBe(200);
    expect((await opCall('me.php', op.cookie)).status).toBe(200);
    expect((await opCall('me.php', other)).status).toBe(403);
    clock.setNow(new Date(clock.now().getTime() + 60_000));
    expect((await operatorLogin(op)).status).toBe(401);
    expect((await operatorLogin({ ...op, secret })).status).toBe(200);
    expect((await auditOf(op.id)).results.map((r) => r.action)).toContain('operator.totp');
  });
});

describe('an admin’s reset', () => {
  it('voids the credentials, ends the sessions and answers a new link whose result the admin never sees', async () => {
    const admin = await operatorSession('admin');
    const mod = await operatorSession('moderator');
    const res = await opCall('operator-reset.php', admin.cookie, { id: mod.id });
    expect(res.status).toBe(200);
    const reset = (await res.json()) as Created;
    expect(Object.keys(reset).sort()).toEqual(['expires_at', 'operator', 'setup_url']);
    expect((await opCall('me.php', mod.cookie)).status).toBe(403);
    clock.setNow(new Date(Date.now() + 60_000));
    expect((await operatorLogin(mod)).status).toBe(401);
    const set = await completeSetup(reset.setup_url, 'chosen-by-the-operator');
    expect((await opCall('me.php', set.cookie)).status).toBe(200);
    // the admin's listing shows nothing of it
    const list = await (await opCall('operators.php', admin.cookie)).text();
    expect(list).not.toContain(set.secret);
    expect(list).not.toContain('pbkdf2');
    const actions = (await auditOf(mod.id)).results.map((r) => [r.action, r.operator_id]);
    expect(actions).toContainEqual(['operator.reset', admin.id]);
    expect(actions).toContainEqual(['operator.setup', mod.id]);
  });

  it('refuses a reset of oneself, of another company’s operator, and by a non-admin', async () => {
    const admin = await operatorSession('admin');
    const mod = await operatorSession('moderator');
    const theirs = await makeOperator('moderator', 2);
    expect((await opCall('operator-reset.php', admin.cookie, { id: admin.id })).status).toBe(409);
    expect((await opCall('operator-reset.php', admin.cookie, { id: theirs.id })).status).toBe(404);
    expect((await opCall('operator-reset.php', mod.cookie, { id: admin.id })).status).toBe(403);
    expect((await opCall('operator-reset.php', admin.cookie, { id: 'x' })).status).toBe(400);
    expect((await opCall('operator-reset.php', null, { id: mod.id })).status).toBe(403);
  });
});

describe('failed logins', () => {
  it('are in the operator’s company audit log with their reason, never with what was tried', async () => {
    const op = await makeOperator('chat');
    clock.setNow(new Date('2032-03-03T10:00:05Z'));
    await operatorLogin(op, { password: 'guess-one', ip: '203.0.113.50' });
    await operatorLogin(op, { code: totpCode(op.secret, new Date('2032-03-03T12:00:00Z')), ip: '203.0.113.50' });
    expect((await operatorLogin(op)).status).toBe(200);
    await operatorLogin(op);
    const rows = (await auditOf(op.id)).results;
    expect(rows.map((r) => [r.action, JSON.parse(r.after ?? 'null')?.reason ?? null])).toEqual([
      ['session.login_failed', 'password'],
      ['session.login_failed', 'code'],
      ['session.login', null],
      ['session.login_failed', 'code_reused'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('guess-one');
    expect(JSON.stringify(rows)).not.toContain('203.0.113.50');
  });
});
