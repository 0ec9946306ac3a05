import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { activeMember, cookieFrom, get, lastMail, login, post } from './account-helpers';
import { closesWithin, deskSocket, liveSocket } from './live-helpers';
import { opCall, operatorLogin, operatorSession } from './operator-helpers';
import { clock } from '../../worker/lib/clock';
import { totpCode } from '../../worker/lib/totp';

afterEach(() => clock.setNow(null));

/**
 * Issue 31, finding 6: a socket lives no longer than its right. Whatever ends an account's right
 * (a logout, a password change or reset, a deletion, a ban; for an operator: a logout, being
 * disabled or given another role) closes that account's open sockets within a second, and only
 * theirs.
 */
const V = 'http://vonkje.localhost';
let n = 0;

/** A member with two open tabs (two sessions) and a bystander's tab that must stay open. */
async function tabs() {
  const m = await activeMember(undefined, { gender: 'female', name: `Sockets${n++}` });
  const second = await login(m.email);
  const bystander = await activeMember();
  return { m, sockets: [await liveSocket(m.cookie), await liveSocket(second.cookie!)], other: await liveSocket(bystander.cookie) };
}

describe("a member's sockets", () => {
  it('a logout closes that session’s sockets within a second, not the other session’s', async () => {
    const { m, sockets } = await tabs();
    expect((await get(`${V}/api/logout.php`, m.cookie)).status).toBe(200);
    expect(await closesWithin(sockets[0]!)).toBe(true);
    expect(sockets[0]!.closed()).toBe(4001);
    expect(sockets[1]!.closed()).toBeNull();
  });

  it('a password change closes every socket of the member within a second', async () => {
    const { m, sockets, other } = await tabs();
    expect((await post(`${V}/api/password.php`, { old_password: 'correct-horse', password: 'another-horse-2' }, m.cookie)).status).toBe(
      200,
    );
    for (const s of sockets) expect(await closesWithin(s)).toBe(true);
    expect(sockets.map((s) => s.closed())).toEqual([4001, 4001]);
    expect(other.closed()).toBeNull();
  });

  it('a password reset closes every socket of the member within a second', async () => {
    const { m, sockets, other } = await tabs();
    expect((await post(`${V}/api/reset-password.php`, { email: m.email })).status).toBe(200);
    const { token } = await lastMail(m.email);
    expect(
      (await post(`${V}/api/reset-password-do.php`, { token, password: 'another-horse-2', password_confirm: 'another-horse-2' })).status,
    ).toBe(200);
    for (const s of sockets) expect(await closesWithin(s)).toBe(true);
    expect(other.closed()).toBeNull();
  });

  it('deleting the account closes every socket of the member within a second', async () => {
    const { m, sockets, other } = await tabs();
    expect((await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, m.cookie)).status).toBe(200);
    for (const s of sockets) expect(await closesWithin(s)).toBe(true);
    expect(other.closed()).toBeNull();
  });

  it('a ban closes every socket of the member within a second', async () => {
    const { m, sockets, other } = await tabs();
    const reporter = await activeMember();
    expect((await post(`${V}/api/report.php`, { kind: 'profile', id: m.id, reason: 'harassment' }, reporter.cookie)).status).toBeLessThan(
      300,
    );
    const mod = await operatorSession('moderator');
    expect(
      (await opCall('report-decision.php', mod.cookie, { kind: 'profile', object_id: String(m.id), action: 'ban', reason: 'harassment' }))
        .status,
    ).toBe(200);
    for (const s of sockets) expect(await closesWithin(s)).toBe(true);
    expect(sockets.map((s) => s.closed())).toEqual([4403, 4403]);
    expect(other.closed()).toBeNull();
  });
});

/** A member writing to a fictional profile of company 1: an event on the company's desk. */
async function queueEvent() {
  const f = await activeMember(undefined, { gender: 'female' });
  await env.DB.prepare('UPDATE members SET fictional = 1 WHERE id = ?').bind(f.id).run();
  const m = await activeMember();
  await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(m.id).run();
  const res = await post(
    `${V}/api/message.php`,
    { to: f.id, kind: 'text', text: 'Hoi', client_id: `sockets-${Date.now()}-${n++}` },
    m.cookie,
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { conversation: number }).conversation;
}

describe("an operator's desk sockets", () => {
  it('a logout closes that session’s console within a second; it gets no queue event after', async () => {
    const op = await operatorSession('chat');
    const colleague = await operatorSession('chat');
    const [mine, theirs] = [await deskSocket(op.cookie), await deskSocket(colleague.cookie)];
    expect((await opCall('logout.php', op.cookie, {})).status).toBe(200);
    expect(await closesWithin(mine)).toBe(true);
    expect(mine.closed()).toBe(4001);
    const conversation = await queueEvent();
    expect(await theirs.until(() => theirs.events.some((e) => e.conversation === conversation))).toBe(true);
    expect(mine.events.some((e) => e.conversation === conversation)).toBe(false);
    expect(theirs.closed()).toBeNull();
  });

  it('being disabled closes every console of the operator within a second; a reconnect is refused', async () => {
    const admin = await operatorSession('admin');
    const op = await operatorSession('chat');
    const colleague = await operatorSession('chat');
    const consoles = [await deskSocket(op.cookie), await deskSocket(op.cookie)];
    const theirs = await deskSocket(colleague.cookie);
    expect((await opCall('operators.php', admin.cookie, { id: op.id, disabled: true }, 'PUT')).status).toBe(200);
    for (const s of consoles) expect(await closesWithin(s)).toBe(true);
    const conversation = await queueEvent();
    expect(await theirs.until(() => theirs.events.some((e) => e.conversation === conversation))).toBe(true);
    expect(consoles.some((s) => s.events.length > 0)).toBe(false);
    expect((await opCall('live.php', op.cookie)).status).toBe(403);
  });

  it('another role closes the operator’s consoles within a second; the new role may not reconnect', async () => {
    const admin = await operatorSession('admin');
    const op = await operatorSession('chat');
    const console = await deskSocket(op.cookie);
    expect((await opCall('operators.php', admin.cookie, { id: op.id, role: 'moderator' }, 'PUT')).status).toBe(200);
    expect(await closesWithin(console)).toBe(true);
    expect((await opCall('live.php', op.cookie)).status).toBe(403);
    // an update that leaves the operator's rights as they were closes nothing
    const other = await operatorSession('chat');
    const kept = await deskSocket(other.cookie);
    expect((await opCall('operators.php', admin.cookie, { id: other.id, role: 'chat', disabled: false }, 'PUT')).status).toBe(200);
    expect(await closesWithin(kept, 300)).toBe(false);
  });
});

describe("an operator's own credentials end their consoles", () => {
  /** An operator with two console sessions (a TOTP code is good once: the second login a minute later). */
  async function twoConsoles() {
    const op = await operatorSession('chat');
    clock.setNow(new Date(Date.now() + 60_000));
    const second = cookieFrom(await operatorLogin(op), 'osid')!;
    clock.setNow(new Date(Date.now() + 120_000));
    const colleague = await operatorSession('chat');
    return { op, second, consoles: [await deskSocket(op.cookie), await deskSocket(second)], theirs: await deskSocket(colleague.cookie) };
  }

  it('a password change closes every console of the operator within a second', async () => {
    const { op, consoles, theirs } = await twoConsoles();
    const res = await opCall('password.php', op.cookie, {
      current_password: op.password,
      code: totpCode(op.secret, clock.now()),
      password: 'brand-new-password',
    });
    expect(res.status).toBe(200);
    for (const s of consoles) expect(await closesWithin(s)).toBe(true);
    expect(theirs.closed()).toBeNull();
  });

  it('a new authenticator closes the other sessions’ consoles within a second, not this one’s', async () => {
    const { op, consoles, theirs } = await twoConsoles();
    const { secret } = (await (await opCall('totp-start.php', op.cookie, {})).json()) as { secret: string };
    const res = await opCall('totp.php', op.cookie, {
      current_password: op.password,
      code: totpCode(op.secret, clock.now()),
      new_code: totpCode(secret, clock.now()),
    });
    expect(res.status).toBe(200);
    expect(await closesWithin(consoles[1]!)).toBe(true);
    expect(await closesWithin(consoles[0]!, 300)).toBe(false);
    expect(theirs.closed()).toBeNull();
  });

  it('an admin’s reset closes every console of the operator within a second', async () => {
    const admin = await operatorSession('admin');
    const { op, consoles, theirs } = await twoConsoles();
    expect((await opCall('operator-reset.php', admin.cookie, { id: op.id })).status).toBe(200);
    for (const s of consoles) expect(await closesWithin(s)).toBe(true);
    expect(theirs.closed()).toBeNull();
  });
});
