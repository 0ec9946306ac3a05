import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { activeMember, count, get, login, post } from './account-helpers';
import { fixtures } from './fixtures';
import { call } from './helpers';

/**
 * GET /api/chats.php, GET /api/messages.php and POST /api/message.php look the session up in their own first D1
 * batch (README, per-request context): the same rules as every other call, checked in the batch.
 */
const V = 'http://vonkje.localhost';
type SendAnswer = { message: { id: number }; conversation: number };

let n = 0;
const cid = () => `session-${Date.now()}-${n++}`;
const send = (cookie: string, to: number, host = V) =>
  post(`${host}/api/message.php`, { to, kind: 'text', text: 'Hoi!', client_id: cid() }, cookie);
function sendImage(cookie: string, to: number) {
  const form = new FormData();
  form.set('to', String(to));
  form.set('kind', 'image');
  form.set('client_id', cid());
  form.set('image', new File([fixtures.gpsJpg as Uint8Array<ArrayBuffer>], 'a.jpg', { type: 'image/jpeg' }));
  return call(`${V}/api/message.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', cookie: `sid=${cookie}` } });
}
const sentBy = (id: number) => count('SELECT count(*) n FROM messages WHERE sender_id = ?', id);
const sendsCounted = (id: number) => count("SELECT coalesce(sum(count), 0) n FROM rate_limits WHERE key = 'send:' || ?", id);

/** A premium member with credits, a woman with a conversation between them. */
async function pair() {
  const a = await activeMember();
  const b = await activeMember(undefined, { gender: 'female' });
  await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 1000 WHERE id = ?').bind(a.id).run();
  const sent = await send(a.cookie, b.id);
  expect(sent.status).toBe(201);
  const { conversation } = (await sent.json()) as SendAnswer;
  return { a, b, conversation };
}

/** Every way the two calls can be made with this cookie answers 403 authentication_required, and nothing is sent or counted. */
async function refusedEverywhere(cookie: string, member: number, to: number, conversation: number, host = V) {
  const before = [await sentBy(member), await sendsCounted(member)];
  const answers = [
    await get(`${host}/api/chats.php`, cookie),
    await get(`${host}/api/chats.php?before=${encodeURIComponent('2026-01-01T00:00:00.000Z_1')}`, cookie),
    await get(`${host}/api/messages.php?conversation=${conversation}`, cookie),
    await get(`${host}/api/messages.php?profile=${to}`, cookie),
    await send(cookie, to, host),
    // an invalid body still hears about the session first, as on every protected call
    await post(`${host}/api/message.php`, { to, kind: 'text', text: '' }, cookie),
    await post(`${host}/api/message.php`, 'not json', cookie),
    ...(host === V ? [await sendImage(cookie, to)] : []),
  ];
  for (const res of answers) {
    expect(res.status, res.url).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'authentication_required' });
  }
  expect([await sentBy(member), await sendsCounted(member)]).toEqual(before);
}

describe('the session on the calls that look it up in their own batch', () => {
  it('a logout takes effect at once on both calls; another session of the member goes on', async () => {
    const { a, b, conversation } = await pair();
    const other = (await login(a.email)).cookie!;
    expect((await get(`${V}/api/messages.php?conversation=${conversation}`, a.cookie)).status).toBe(200);
    expect((await get(`${V}/api/logout.php`, a.cookie)).status).toBe(200);
    await refusedEverywhere(a.cookie, a.id, b.id, conversation);
    expect((await get(`${V}/api/messages.php?conversation=${conversation}`, other)).status).toBe(200);
    expect((await send(other, b.id)).status).toBe(201);
  });

  it('a password change ends every session, at once', async () => {
    const { a, b, conversation } = await pair();
    const other = (await login(a.email)).cookie!;
    const changed = await post(`${V}/api/password.php`, { old_password: 'correct-horse', password: 'battery-staple-horse' }, a.cookie);
    expect(changed.status).toBe(200);
    await refusedEverywhere(a.cookie, a.id, b.id, conversation);
    await refusedEverywhere(other, a.id, b.id, conversation);
  });

  it("refuses an expired session, a deleted member, and a session on another company's site", async () => {
    const { a, b, conversation } = await pair();
    // another company's pool (she-eng is company 2): the cookie means nothing there
    await refusedEverywhere(a.cookie, a.id, b.id, conversation, 'http://she-eng.localhost');
    await env.DB.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE member_id = ?").bind(a.id).run();
    await refusedEverywhere(a.cookie, a.id, b.id, conversation);
    // a deleted member's session (the deletion call also ends the sessions; the status alone refuses too)
    const c = await activeMember();
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(c.id).run();
    const cc = ((await (await send(c.cookie, b.id)).json()) as SendAnswer).conversation;
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(c.id).run();
    await refusedEverywhere(c.cookie, c.id, b.id, cc);
  });

  it("a block either way, and another niche's site, answer 404 on both calls", async () => {
    const { a, b, conversation } = await pair();
    const listed = async () =>
      ((await (await get(`${V}/api/chats.php`, a.cookie)).json()) as { chats: { conversation: number }[] }).chats.map(
        (c) => c.conversation,
      );
    expect(await listed()).toContain(conversation);
    const notFound = async (host = V) => {
      if (host === V) expect(await listed()).not.toContain(conversation); // nor in the list
      for (const res of [
        await get(`${host}/api/messages.php?conversation=${conversation}`, a.cookie),
        await get(`${host}/api/messages.php?profile=${b.id}`, a.cookie),
        await send(a.cookie, b.id, host),
      ]) {
        expect(res.status, res.url).toBe(404);
        expect(await res.json()).toMatchObject({ error: 'not_found_generic' });
      }
    };
    const sent = await sentBy(a.id);
    expect((await post(`${V}/api/block.php`, { id: a.id }, b.cookie)).status).toBe(200);
    await notFound();
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie, 'DELETE');
    expect((await post(`${V}/api/block.php`, { id: b.id }, a.cookie)).status).toBe(200);
    await notFound();
    await post(`${V}/api/block.php`, { id: b.id }, a.cookie, 'DELETE');
    // the same company's BDSM site (niche 2): the session is good there, the conversation is not
    expect((await get('http://bdsm-nl.localhost/api/chats.php', a.cookie)).status).toBe(200);
    await notFound('http://bdsm-nl.localhost');
    expect(await sentBy(a.id)).toBe(sent);
    // unblocked, on the right site: open again
    expect((await get(`${V}/api/messages.php?conversation=${conversation}`, a.cookie)).status).toBe(200);
  });

  it('a visitor is refused without any lookup, before the input is looked at', async () => {
    const { b, conversation } = await pair();
    for (const res of [
      await get(`${V}/api/chats.php`),
      await get(`${V}/api/messages.php?conversation=${conversation}`),
      await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: 'Hoi', client_id: cid() }),
      await post(`${V}/api/message.php`, 'not json'),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'authentication_required' });
    }
  });
});
