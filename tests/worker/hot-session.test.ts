import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encodeLikesCursor } from '../../worker/contracts/likes';
import { activeMember, get, login, post } from './account-helpers';

/**
 * The session is looked up by the route that asks (middleware/session): `requireMember` in a
 * round trip of its own, or `sessionForBatch` with the session row first in the route's own
 * batch (the hot calls). The hot calls answer a revoked session exactly as every other call.
 */
const V = 'http://vonkje.localhost';

/** Server-Timing's phases of an answer, by name (lib/timing). */
const phases = (res: Response) => (res.headers.get('server-timing') ?? '').split(', ').map((p) => p.split(';')[0]);

/** A member with a conversation (a text to a woman) and a like given: something on every hot call to answer. */
async function busyMember() {
  const me = await activeMember();
  const her = await activeMember(undefined, { gender: 'female' });
  await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(me.id).run();
  const sent = await post(`${V}/api/message.php`, { to: her.id, kind: 'text', text: 'Hoi!', client_id: `hot-${me.id}` }, me.cookie);
  expect(sent.status).toBe(201);
  const { conversation } = (await sent.json()) as { conversation: number };
  expect((await post(`${V}/api/like.php`, { id: her.id }, me.cookie)).status).toBe(200);
  return { me, her, conversation };
}

const cursor = encodeLikesCursor({ seen: true, at: '2026-01-01T00:00:00.000Z', id: 1 });
/** Every hot call with this cookie: the reads and a send (the app shell apart: it answers a visitor's page). */
const hotCalls = (cookie: string, to: number, conversation: number) => [
  get(`${V}/api/user.php`, cookie),
  get(`${V}/api/chats.php`, cookie),
  get(`${V}/api/messages.php?conversation=${conversation}`, cookie),
  get(`${V}/api/likes.php`, cookie),
  get(`${V}/api/likes.php?liked_by_after=${cursor}`, cookie),
  post(`${V}/api/message.php`, { to, kind: 'text', text: 'Nog een', client_id: `hot-again-${Date.now()}` }, cookie),
];
const sentBy = async (id: number) =>
  (await env.DB.prepare('SELECT count(*) n FROM messages WHERE sender_id = ?').bind(id).first<{ n: number }>())!.n;

describe('the hot calls and a revoked session', () => {
  it('a live session gets its answers; revoked (logged out elsewhere), every hot call answers 403, sends nothing, and the app shell is a visitor’s page', async () => {
    const { me, her, conversation } = await busyMember();
    for (const res of await Promise.all(hotCalls(me.cookie, her.id, conversation))) expect(res.status, res.url).toBeLessThan(300);
    expect(await (await get(`${V}/members`, me.cookie)).text()).toContain('"user":{');

    // the session is revoked by another request (a logout with the same cookie, as from another tab)
    expect((await get(`${V}/api/logout.php`, me.cookie)).status).toBe(200);
    const before = await sentBy(me.id);
    for (const res of await Promise.all(hotCalls(me.cookie, her.id, conversation))) {
      expect(res.status, res.url).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'authentication_required' });
    }
    expect(await sentBy(me.id)).toBe(before);
    const page = await (await get(`${V}/members`, me.cookie)).text();
    expect(page).not.toContain('"user":{');
  });

  it('a ban, a password change elsewhere and an expiry revoke the session on the hot calls at once', async () => {
    const revocations: [string, (m: { id: number; email: string; cookie: string }) => Promise<unknown>][] = [
      ['banned', (m) => env.DB.prepare("UPDATE members SET moderation = 'banned' WHERE id = ?").bind(m.id).run()],
      [
        'password changed in another session',
        async (m) => {
          const other = (await login(m.email)).cookie!;
          expect(
            (await post(`${V}/api/password.php`, { old_password: 'correct-horse', password: 'battery-staple-horse' }, other)).status,
          ).toBe(200);
        },
      ],
      [
        'expired',
        (m) => env.DB.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE member_id = ?").bind(m.id).run(),
      ],
    ];
    for (const [why, revoke] of revocations) {
      const { me, her, conversation } = await busyMember();
      await revoke(me);
      for (const res of await Promise.all(hotCalls(me.cookie, her.id, conversation))) expect(res.status, `${why}: ${res.url}`).toBe(403);
      expect(await (await get(`${V}/members`, me.cookie)).text(), why).not.toContain('"user":{');
    }
  });
});

describe('the session is looked up only by the route that asks', () => {
  it('a call that answers everyone alike looks nothing up; a hot call folds the lookup into its batch; any other protected call looks it up once', async () => {
    const me = await activeMember();
    const settings = await get(`${V}/api/settings.php`, me.cookie);
    expect(settings.status).toBe(200);
    expect(phases(settings)).not.toContain('session');
    const chats = await get(`${V}/api/chats.php`, me.cookie);
    expect(chats.status).toBe(200);
    expect(phases(chats)).not.toContain('session');
    const gifts = await get(`${V}/api/gifts.php`, me.cookie);
    expect(gifts.status).toBe(200);
    expect(phases(gifts).filter((p) => p === 'session')).toHaveLength(1);
    // a visitor's call to a protected one: refused without any lookup
    const visitor = await get(`${V}/api/gifts.php`);
    expect(visitor.status).toBe(403);
    expect(phases(visitor)).not.toContain('session');
  });
});
