import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { activeMember, cookieFrom, get, H, uploadPhoto } from './account-helpers';
import { call } from './helpers';
import { completeSetup, makeOperator, OP, opCall, operatorLogin, operatorSession } from './operator-helpers';
import worker from '../../worker/index';
import { clock } from '../../worker/lib/clock';
import { totpCode } from '../../worker/lib/totp';

afterEach(() => clock.setNow(null));

const V = 'http://vonkje.localhost';
const ENG = 'http://she-eng.localhost'; // another company
type Json = Record<string, unknown>;

async function memberWithPhotos(host = V, n = 2) {
  const m = await activeMember(host.replace('http://', ''));
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await uploadPhoto(host, m.cookie);
    const body = (await res.json()) as { photos: { id: string }[] };
    ids.push(body.photos[body.photos.length - 1]!.id);
  }
  return { ...m, photos: ids };
}
const auditRows = (objectId: string) =>
  env.DB.prepare('SELECT * FROM audit_log WHERE object_id = ? ORDER BY id')
    .bind(objectId)
    .all<{ action: string; operator_id: number; company_id: number; before: string; after: string; object_type: string }>();

describe('operator login', () => {
  it('needs the password and a current TOTP code, sets its own strict cookie, and takes a code once', async () => {
    const op = await makeOperator('moderator');
    clock.setNow(new Date('2031-05-05T10:00:05Z'));
    expect((await operatorLogin(op, { password: 'wrong-password' })).status).toBe(401);
    const wrongCode = await operatorLogin(op, { code: totpCode(op.secret, new Date('2031-05-05T11:00:00Z')) });
    expect(wrongCode.status).toBe(401);
    expect(await wrongCode.json()).toMatchObject({ error: 'login_failed' });
    // a code that is no code at all is a validation error in the console's language
    const bad = await call(`${OP}/api/operator/login.php`, {
      method: 'POST',
      body: JSON.stringify({ email: op.email, password: op.password, code: '12' }),
      headers: { ...H, 'accept-language': 'nl-NL,nl;q=0.9' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Vul de code van 6 cijfers');

    const res = await operatorLogin(op);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ operator: { id: op.id, email: op.email, role: 'moderator', disabled: false } });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('osid='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(false);
    // over https the cookie is Secure
    clock.setNow(new Date('2031-05-05T10:01:05Z'));
    const secure = await call(`https://operator.localhost/api/operator/login.php`, {
      method: 'POST',
      body: JSON.stringify({ email: op.email, password: op.password, code: totpCode(op.secret, clock.now()) }),
      headers: H,
    });
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('osid='))).toMatch(/Secure/);
    const cookie = cookieFrom(res, 'osid')!;
    expect(await (await opCall('me.php', cookie)).json()).toMatchObject({ operator: { id: op.id } });
    // the same code again (a replay), and an older one, are refused even with the right password
    expect((await operatorLogin(op, { code: totpCode(op.secret, clock.now()) })).status).toBe(401);
    expect((await operatorLogin(op, { code: totpCode(op.secret, new Date('2031-05-05T10:00:35Z')) })).status).toBe(401);
    // the next step's code works
    clock.setNow(new Date('2031-05-05T10:01:40Z'));
    expect((await operatorLogin(op)).status).toBe(200);
    // only the hash of the token is stored
    expect(await env.DB.prepare('SELECT count(*) n FROM operator_sessions WHERE token_hash = ?').bind(cookie).first('n')).toBe(0);
    // logout ends the session
    expect((await opCall('logout.php', cookie, {})).status).toBe(200);
    expect((await opCall('me.php', cookie)).status).toBe(403);
  });

  it('locks the account for this client after 5 failures (wrong password or code), the right login included', async () => {
    const op = await makeOperator('admin');
    clock.setNow(new Date('2031-06-06T10:00:00Z'));
    const answers: number[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await operatorLogin(op, { code: i % 2 ? '000000' : undefined, password: i % 2 ? op.password : 'nope', ip: '203.0.113.7' })).status,
      );
    expect(answers).toEqual([401, 401, 401, 401, 423]);
    const locked = await operatorLogin(op, { ip: '203.0.113.7' });
    expect(locked.status).toBe(423);
    expect(locked.headers.get('retry-after')).toBeTruthy();
    expect(await locked.json()).toMatchObject({ error: 'too_many_attempts' });
    // another client (the operator at their desk) still logs in
    expect((await operatorLogin(op, { ip: '198.51.100.4' })).status).toBe(200);
    // 15 minutes later this client may try again
    clock.setNow(new Date('2031-06-06T10:16:00Z'));
    expect((await operatorLogin(op, { ip: '203.0.113.7' })).status).toBe(200);
  });

  it('21 wrong logins from 21 addresses do not keep the operator out of their own browser (its device cookie); only its own failures lock it', async () => {
    const op = await makeOperator('chat');
    const other = await makeOperator('chat');
    const t0 = new Date('2031-07-07T10:00:05Z');
    clock.setNow(t0);
    // the operator logged in from their desk before: the browser holds the console's device cookie
    const first = await operatorLogin(op, { ip: '198.51.100.10' });
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('odid='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const device = cookieFrom(first, 'odid')!;
    const theirDevice = cookieFrom(await operatorLogin(other, { ip: '198.51.100.11' }), 'odid')!;
    // strangers at 21 addresses, one wrong password each (and 5 from the operator's own office address)
    const strangers: number[] = [];
    for (let i = 1; i <= 21; i++) strangers.push((await operatorLogin(op, { password: `guess-${i}`, ip: `203.0.113.${i}` })).status);
    expect(strangers).toEqual([...Array<number>(19).fill(401), 423, 423]);
    for (let i = 0; i < 5; i++) await operatorLogin(op, { password: 'guess', ip: '198.51.100.10' });
    // the operator's right password and code from their browser: in, from the office or from anywhere
    clock.setNow(new Date(t0.getTime() + 60_000));
    const owner = await operatorLogin(op, { ip: '198.51.100.10', device });
    expect(owner.status).toBe(200);
    clock.setNow(new Date(t0.getTime() + 120_000));
    expect((await operatorLogin(op, { ip: '192.0.2.200', device })).status).toBe(200);
    // an unknown browser meets the account's brake (the price of bounding distributed guessing), another operator's cookie is no key
    clock.setNow(new Date(t0.getTime() + 150_000));
    expect((await operatorLogin(op, { ip: '192.0.2.201' })).status).toBe(423);
    expect((await operatorLogin(op, { ip: '192.0.2.201', device: theirDevice })).status).toBe(423);
    // a forged signature: its last character changed (to another one: a signature ending in 0 made this 1 in 16 runs the real cookie)
    const forged = `${device.slice(0, -1)}${device.endsWith('0') ? '1' : '0'}`;
    expect((await operatorLogin(op, { ip: '192.0.2.201', device: forged })).status).toBe(423);
    // the device's own failures lock it (5), and nobody else
    const own: number[] = [];
    for (let i = 0; i < 6; i++) own.push((await operatorLogin(op, { password: 'typo', ip: '192.0.2.200', device })).status);
    expect(own).toEqual([401, 401, 401, 401, 423, 423]);
    expect((await operatorLogin(op, { ip: '192.0.2.200', device })).status).toBe(423);
    clock.setNow(new Date(t0.getTime() + 20 * 60_000));
    expect((await operatorLogin(op, { ip: '192.0.2.201' })).status).toBe(200);
  }, 30_000);

  it('refuses a disabled operator, and disabling ends their sessions', async () => {
    const admin = await operatorSession('admin');
    const mod = await operatorSession('moderator');
    expect((await opCall('me.php', mod.cookie)).status).toBe(200);
    const res = await opCall('operators.php', admin.cookie, { id: mod.id, disabled: true }, 'PUT');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ operator: { id: mod.id, disabled: true } });
    expect((await opCall('me.php', mod.cookie)).status).toBe(403);
    clock.setNow(new Date(Date.now() + 60_000));
    expect((await operatorLogin(mod)).status).toBe(401);
  });
});

describe('operator host and member hosts', () => {
  it('answers the operators API only on the operator host; member sessions are useless there and operator sessions on member sites', async () => {
    const admin = await operatorSession('admin');
    const member = await activeMember();
    const onSite = await opCall('me.php', admin.cookie, undefined, 'GET', V);
    expect(onSite.status).toBe(404);
    expect(await onSite.json()).toMatchObject({ error: 'api_not_found' });
    expect((await call(`${V}/api/operator/login.php`, { method: 'POST', body: '{}', headers: H })).status).toBe(404);
    // the operator host serves nothing of a member site
    expect((await get(`${OP}/api/settings.php`)).status).toBe(404);
    expect((await get(`${OP}/api/user.php`, member.cookie)).status).toBe(404);
    // a member's cookie is nobody on the operator host; an operator's cookie nobody on a member site
    const asMember = await call(`${OP}/api/operator/me.php`, { headers: { cookie: `sid=${member.cookie}` } });
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ error: 'authentication_required' });
    expect((await call(`${V}/api/user.php`, { headers: { cookie: `osid=${admin.cookie}` } })).status).toBe(403);
    // a member site never serves the console's page
    expect((await get(`${V}/operator/`)).status).toBe(404);
    expect((await get(`${V}/operator/index.html`)).status).toBe(404);
    // the CSRF guard holds on the operator host: a page of a member site cannot post there
    const fromSite = await call(`${OP}/api/operator/logout.php`, {
      method: 'POST',
      body: '{}',
      headers: { ...H, origin: V, cookie: `osid=${admin.cookie}` },
    });
    expect(fromSite.status).toBe(403);
    expect(
      (
        await call(`${OP}/api/operator/logout.php`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', cookie: `osid=${admin.cookie}` },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses every console call without a session, with the wrong role, and for another company', async () => {
    const calls: [string, unknown, string?][] = [
      ['operators.php', undefined],
      ['operators.php', { email: 'x@example.org', name: 'X', role: 'chat' }],
      ['operators.php', { id: 1, role: 'chat' }, 'PUT'],
      ['audit.php', undefined],
      ['photos.php', undefined],
      ['photo.php', { id: '00000000-0000-0000-0000-000000000000', decision: 'approve' }],
      ['photo-file.php?id=00000000-0000-0000-0000-000000000000', undefined],
      ['me.php', undefined],
    ];
    for (const [path, body, method] of calls) {
      const res = await opCall(path, null, body, method);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'authentication_required' });
    }
    const mod = await operatorSession('moderator');
    const chat = await operatorSession('chat');
    for (const [path, body, method] of calls.slice(0, 4)) {
      const res = await opCall(path, mod.cookie, body, method);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden' });
    }
    for (const [path, body, method] of calls.slice(4, 7)) expect((await opCall(path, chat.cookie, body, method)).status, path).toBe(403);

    // another company's member, photo and operator are simply not found
    const other = await memberWithPhotos(ENG, 1);
    const otherOp = await makeOperator('moderator', 2);
    const admin = await operatorSession('admin');
    const queue = (await (await opCall('photos.php', admin.cookie)).json()) as { photos: { id: string }[] };
    expect(queue.photos.map((p) => p.id)).not.toContain(other.photos[0]);
    expect((await opCall('photo.php', admin.cookie, { id: other.photos[0], decision: 'approve' })).status).toBe(404);
    expect((await opCall(`photo-file.php?id=${other.photos[0]}`, admin.cookie)).status).toBe(404);
    expect((await opCall('operators.php', admin.cookie, { id: otherOp.id, disabled: true }, 'PUT')).status).toBe(404);
    const list = (await (await opCall('operators.php', admin.cookie)).json()) as { operators: { id: number }[] };
    expect(list.operators.map((o) => o.id)).not.toContain(otherOp.id);
    expect(await env.DB.prepare('SELECT status FROM photos WHERE id = ?').bind(other.photos[0]).first('status')).toBe('pending');
    // the other company's own moderator sees it
    const theirs = await operatorSession('moderator', 2);
    const theirQueue = (await (await opCall('photos.php', theirs.cookie)).json()) as { photos: { id: string }[] };
    expect(theirQueue.photos.map((p) => p.id)).toContain(other.photos[0]);
  });
});

describe('operators and the audit log', () => {
  it('an admin creates an operator (a one-time set-up link, no credentials) who sets up and then logs in; each action is audited', async () => {
    const admin = await operatorSession('admin');
    const email = `new-${Date.now()}@example.org`;
    const res = await opCall('operators.php', admin.cookie, { email, name: 'Nieuwe Moderator', role: 'moderator' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { operator: { id: number; role: string }; setup_url: string };
    expect(created.operator).toMatchObject({ role: 'moderator', disabled: false });
    expect(Object.keys(created).sort()).toEqual(['expires_at', 'operator', 'setup_url']);
    expect((await opCall('operators.php', admin.cookie, { email, name: 'Again', role: 'chat' })).status).toBe(409);
    const set = await completeSetup(created.setup_url, 'my-own-password-1');
    clock.setNow(new Date(Date.now() + 60_000)); // the set-up took this step's code
    const login = await operatorLogin({ id: created.operator.id, email, password: 'my-own-password-1', secret: set.secret, companyId: 1 });
    expect(login.status).toBe(200);

    // an admin cannot change their own role or disable themselves
    expect((await opCall('operators.php', admin.cookie, { id: admin.id, role: 'chat' }, 'PUT')).status).toBe(409);
    expect((await opCall('operators.php', admin.cookie, { id: created.operator.id, role: 'chat' }, 'PUT')).status).toBe(200);

    const rows = (await auditRows(String(created.operator.id))).results;
    expect(rows.map((r) => r.action)).toEqual(['operator.create', 'operator.setup', 'session.login', 'operator.update']);
    expect(rows[0]).toMatchObject({ operator_id: admin.id, company_id: 1, object_type: 'operator' });
    expect(JSON.parse(rows[0]!.after)).toMatchObject({ email, role: 'moderator' });
    expect(JSON.parse(rows[3]!.before)).toMatchObject({ role: 'moderator' });
    expect(JSON.parse(rows[3]!.after)).toMatchObject({ role: 'chat' });

    // the log filtered by operator, action and object, newest first, keyset paged
    const page = (await (
      await opCall(`audit.php?action=operator.update&object_type=operator&object_id=${created.operator.id}`, admin.cookie)
    ).json()) as { entries: Json[]; next: number | null };
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      action: 'operator.update',
      operator: { id: admin.id, name: 'Op admin' },
      before: { role: 'moderator' },
      after: { role: 'chat' },
    });
    const mine = (await (await opCall(`audit.php?operator=${admin.id}`, admin.cookie)).json()) as { entries: { id: number }[] };
    expect(mine.entries.map((e) => e.id)).toEqual([...mine.entries.map((e) => e.id)].sort((a, b) => b - a));
    const today = new Date().toISOString().slice(0, 10);
    expect(
      ((await (await opCall(`audit.php?operator=${admin.id}&from=${today}&to=${today}`, admin.cookie)).json()) as { entries: unknown[] })
        .entries.length,
    ).toBe(mine.entries.length);
    expect(
      ((await (await opCall(`audit.php?operator=${admin.id}&to=2020-01-01`, admin.cookie)).json()) as { entries: unknown[] }).entries,
    ).toHaveLength(0);
    expect((await opCall('audit.php?from=yesterday', admin.cookie)).status).toBe(400);
  });

  it('pages the audit log by id', async () => {
    const admin = await operatorSession('admin');
    const values = Array.from(
      { length: 55 },
      (_, i) => `(1, ${admin.id}, 'test.action', 'photo', 'x${i}', NULL, NULL, '2031-01-01T00:00:00.000Z')`,
    ).join(',');
    await env.DB.prepare(
      `INSERT INTO audit_log (company_id, operator_id, action, object_type, object_id, before, after, created_at) VALUES ${values}`,
    ).run();
    const first = (await (await opCall('audit.php?action=test.action', admin.cookie)).json()) as {
      entries: { id: number }[];
      next: number;
    };
    expect(first.entries.length).toBe(50);
    const second = (await (await opCall(`audit.php?action=test.action&before=${first.next}`, admin.cookie)).json()) as {
      entries: { id: number }[];
      next: number | null;
    };
    expect(second.entries.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...second.entries.map((e) => e.id))).toBeLessThan(Math.min(...first.entries.map((e) => e.id)));
  });
});

describe('photo moderation', () => {
  it('lists pending photos oldest first with the member and their other photos, served to operators only', async () => {
    const mod = await operatorSession('moderator');
    const m = await memberWithPhotos();
    type Item = { id: string; member: { id: number }; others: { id: string; thumb: string }[]; thumb: string };
    let found: Item | undefined = undefined as Item | undefined;
    let after = '';
    // page through the queue (other tests add photos too) until this member's first photo
    for (let i = 0; i < 50 && !found; i++) {
      const page = (await (await opCall(`photos.php${after ? `?after=${encodeURIComponent(after)}` : ''}`, mod.cookie)).json()) as {
        photos: Item[];
        next: string | null;
        pending: number;
      };
      found = page.photos.find((p) => p.id === m.photos[0]);
      if (!page.next) break;
      after = page.next;
    }
    expect(found).toMatchObject({ member: { id: m.id } });
    expect(found!.others.map((o) => o.id)).toEqual([m.photos[1]]);
    const thumb = await opCall(found!.thumb.replace('/api/operator/', ''), mod.cookie);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toBe('private, no-store');
    expect((await call(`${OP}${found!.thumb}`)).status).toBe(403);
  });

  it('approves with an audit row; removes with a reason, the statement by mail and on the profile, and the files gone', async () => {
    const mod = await operatorSession('moderator');
    const m = await memberWithPhotos();
    const approved = await opCall('photo.php', mod.cookie, { id: m.photos[0], decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ id: m.photos[0], status: 'active' });
    expect((await opCall('photo.php', mod.cookie, { id: m.photos[0], decision: 'approve' })).status).toBe(409);
    const [approveRow] = (await auditRows(m.photos[0]!)).results;
    expect(approveRow).toMatchObject({ action: 'photo.approve', operator_id: mod.id, object_type: 'photo' });
    expect(JSON.parse(approveRow!.before)).toMatchObject({ status: 'pending' });
    expect(JSON.parse(approveRow!.after)).toMatchObject({ status: 'active' });

    // a removal needs a reason from the list
    expect((await opCall('photo.php', mod.cookie, { id: m.photos[1], decision: 'remove' })).status).toBe(400);
    expect((await opCall('photo.php', mod.cookie, { id: m.photos[1], decision: 'remove', reason: 'because' })).status).toBe(400);
    const keys = await env.DB.prepare('SELECT key, thumb_key FROM photos WHERE id = ?')
      .bind(m.photos[1])
      .first<{ key: string; thumb_key: string }>();
    const removed = await opCall('photo.php', mod.cookie, {
      id: m.photos[1],
      decision: 'remove',
      reason: 'contact_details',
      note: 'Telefoonnummer in beeld',
    });
    expect(removed.status).toBe(200);
    expect(await env.PHOTOS.head(keys!.key)).toBeNull();
    expect(await env.PHOTOS.head(keys!.thumb_key)).toBeNull();
    expect((await opCall('photo.php', mod.cookie, { id: m.photos[1], decision: 'approve' })).status).toBe(409);
    const [removeRow] = (await auditRows(m.photos[1]!)).results;
    expect(removeRow).toMatchObject({ action: 'photo.remove', operator_id: mod.id });
    expect(JSON.parse(removeRow!.after)).toMatchObject({ status: 'removed', reason: 'contact_details', note: 'Telefoonnummer in beeld' });

    // the statement of reasons: a mail in the member's language (Dutch on vonkje) with the ground, the note and the way to appeal
    const mail = await env.DB.prepare("SELECT * FROM mail_outbox WHERE to_address = ? AND kind = 'photo_removed'")
      .bind(m.email)
      .first<{ subject: string; text: string; site: string }>();
    expect(mail!.subject).toContain('verwijderd');
    expect(mail!.text).toContain('de foto bevat contactgegevens');
    expect(mail!.text).toContain('Telefoonnummer in beeld');
    expect(mail!.text).toMatch(/\/complaints/);
    expect(mail!.site).toBe('vonkje');
    // and on the member's profile screen
    const own = (await (await get(`${V}/api/photos.php`, m.cookie)).json()) as {
      photos: { id: string; status: string }[];
      removed: Json[];
    };
    expect(own.photos.map((p) => p.id)).toEqual([m.photos[0]]);
    expect(own.photos[0]!.status).toBe('active');
    expect(own.removed).toEqual([
      { id: m.photos[1], reason: 'contact_details', note: 'Telefoonnummer in beeld', removed_at: expect.any(String) },
    ]);
    // the removed photo is no longer served to operators either
    expect((await opCall(`photo-file.php?id=${m.photos[1]}`, mod.cookie)).status).toBe(404);
  });

  it('an approved photo can still be removed; a second removal at once is refused and writes nothing', async () => {
    const mod = await operatorSession('moderator');
    const admin = await operatorSession('admin');
    const m = await memberWithPhotos(V, 1);
    await opCall('photo.php', mod.cookie, { id: m.photos[0], decision: 'approve' });
    const both = await Promise.all([
      opCall('photo.php', mod.cookie, { id: m.photos[0], decision: 'remove', reason: 'other' }),
      opCall('photo.php', admin.cookie, { id: m.photos[0], decision: 'remove', reason: 'explicit' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = (await auditRows(m.photos[0]!)).results.map((r) => r.action);
    expect(rows).toEqual(['photo.approve', 'photo.remove']);
    expect(
      await env.DB.prepare("SELECT count(*) n FROM mail_outbox WHERE to_address = ? AND kind = 'photo_removed'").bind(m.email).first('n'),
    ).toBe(1);
    // the member lost their main photo with it
    const user = (await (await get(`${V}/api/photos.php`, m.cookie)).json()) as { user: { profile: { main_image: unknown } } };
    expect(user.user.profile.main_image).toBeNull();
  });

  it("on a staging worker the statement's links point at the member's staging host, not production", async () => {
    const mod = await operatorSession('moderator');
    const m = await memberWithPhotos(V, 1);
    // the same session on the worker a staging deploy configures (its operator host, ENVIRONMENT staging)
    const staging = { ...env, ENVIRONMENT: 'staging', OPERATOR_HOSTS: 'operator.staging.vonkmedia.nl', PAYMENT_PROVIDER: undefined };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://operator.staging.vonkmedia.nl/api/operator/photo.php', {
        method: 'POST',
        body: JSON.stringify({ id: m.photos[0], decision: 'remove', reason: 'other' }),
        headers: { ...H, cookie: `osid=${mod.cookie}` },
      }),
      staging,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const mail = await env.DB.prepare("SELECT text, html FROM mail_outbox WHERE to_address = ? AND kind = 'photo_removed'")
      .bind(m.email)
      .first<{ text: string; html: string }>();
    expect(mail!.text).toContain('https://vonkje.staging.vonkmedia.nl/profile');
    expect(mail!.text).toContain('https://vonkje.staging.vonkmedia.nl/complaints');
    expect(mail!.text).not.toContain('https://vonkje.nl/');
    expect(mail!.html).toContain('href="https://vonkje.staging.vonkmedia.nl/profile"');
  });
});
