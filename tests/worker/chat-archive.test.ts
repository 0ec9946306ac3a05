import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { archiveIdleConversations } from '../../worker/features/chat/chat.archive';
import { features } from '../../worker/features';
import { purgeDeletedAccounts } from '../../worker/features/account/purge';
import { getDb } from '../../worker/lib/db';
import { fixtures } from './fixtures';
import { call } from './helpers';
import { activeMember, count, get, post } from './account-helpers';
import { readZip } from './zip-reader';

const V = 'http://vonkje.localhost';
type Page = { messages: { id: number; text: string | null; mine: boolean; kind: string; read: boolean }[]; more: boolean };
let n = 0;
const cid = () => `archive-${Date.now()}-${n++}`;
const send = (cookie: string, to: number, text: string) =>
  post(`${V}/api/message.php`, { to, kind: 'text', text, client_id: cid() }, cookie);
function sendImage(cookie: string, to: number) {
  const form = new FormData();
  form.set('to', String(to));
  form.set('kind', 'image');
  form.set('client_id', cid());
  form.set('image', new File([fixtures.png as Uint8Array<ArrayBuffer>], 'x.png', { type: 'image/png' }));
  return call(`${V}/api/message.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', cookie: `sid=${cookie}` } });
}
const premium = (id: number) => env.DB.prepare('UPDATE members SET paid_user = 1, credits = 5000 WHERE id = ?').bind(id).run();

/** Every message of a conversation as one member pages it ("load earlier" until no more), newest first. */
async function pages(cookie: string, conversation: number) {
  const all: Page['messages'] = [];
  let before = '';
  for (let i = 0; i < 50; i++) {
    const res = await get(`${V}/api/messages.php?conversation=${conversation}${before}`, cookie);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    all.push(...page.messages.map(({ id, text, mine, kind, read }) => ({ id, text, mine, kind, read })));
    if (!page.more) return all;
    before = `&before=${page.messages.at(-1)!.id}`;
  }
  throw new Error('paging did not end');
}

/**
 * Two members with a conversation of 45 texts and an image, all sent in January and February 2025
 * (dated back after sending), idle since: a conversation the archive job moves.
 */
async function idleConversation() {
  const a = await activeMember();
  const b = await activeMember(undefined, { gender: 'female' });
  await premium(a.id);
  await premium(b.id);
  let conversation = 0;
  for (let i = 0; i < 45; i++) {
    const res = await send(i % 3 === 2 ? b.cookie : a.cookie, i % 3 === 2 ? a.id : b.id, `bericht ${i}`);
    expect(res.status).toBe(201);
    conversation = ((await res.json()) as { conversation: number }).conversation;
    if (i === 20) expect((await sendImage(a.cookie, b.id)).status).toBe(201);
  }
  // b read the first half (opening the conversation reads it)
  const ids = (
    await env.DB.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY id').bind(conversation).all<{ id: number }>()
  ).results;
  const middle = ids[Math.floor(ids.length / 2)]!.id;
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE messages SET created_at = CASE WHEN id < ?2 THEN '2025-01-' ELSE '2025-02-' END || printf('%02d', 1 + id % 27) || 'T10:00:00.000Z' WHERE conversation_id = ?1`,
    ).bind(conversation, middle),
    env.DB.prepare(
      `UPDATE conversations SET last_message_at = '2025-02-28T10:00:00.000Z', created_at = '2025-01-01T10:00:00.000Z' WHERE id = ?`,
    ).bind(conversation),
  ]);
  // opened by both (which reads the other's messages): from here on paging changes nothing
  for (const m of [a, b]) await pages(m.cookie, conversation);
  return { a, b, conversation };
}
const job = (now = new Date()) => archiveIdleConversations({ db: getDb(env.DB), env, now });
const inD1 = (conversation: number) => count('SELECT count(*) n FROM messages WHERE conversation_id = ?', conversation);
const archives = (conversation: number) =>
  env.DB.prepare('SELECT period, key, messages, first_id, last_id FROM message_archives WHERE conversation_id = ? ORDER BY first_id')
    .bind(conversation)
    .all<{ period: string; key: string; messages: number; first_id: number; last_id: number }>()
    .then((r) => r.results);

describe('the message archive', () => {
  it('moves an idle conversation out of D1 into R2, one gzipped object a month, and pages it back the same for both members', async () => {
    const { a, b, conversation } = await idleConversation();
    const before = { a: await pages(a.cookie, conversation), b: await pages(b.cookie, conversation) };
    expect(before.a).toHaveLength(46);
    expect(before.a.every((m) => m.read)).toBe(true);

    // the cron of every 5 minutes runs the job
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    // the image stays in D1 (its file is checked by key); the 45 texts are in two objects
    expect(await inD1(conversation)).toBe(1);
    const rows = await archives(conversation);
    expect(rows.map((r) => r.period)).toEqual(['2025-01', '2025-02']);
    expect(rows.reduce((s, r) => s + r.messages, 0)).toBe(45);
    const object = await env.PHOTOS.get(rows[0]!.key);
    const stored = new Uint8Array(await object!.arrayBuffer());
    expect([stored[0], stored[1]]).toEqual([0x1f, 0x8b]); // gzip
    expect(await count('SELECT archived_up_to n FROM conversations WHERE id = ?', conversation)).toBe(rows[1]!.last_id);

    // both members page exactly what they paged before: order, texts, sides, read ticks
    expect(await pages(a.cookie, conversation)).toEqual(before.a);
    expect(await pages(b.cookie, conversation)).toEqual(before.b);
    // by profile too
    const byProfile = (await (await get(`${V}/api/messages.php?profile=${b.id}`, a.cookie)).json()) as Page;
    expect(byProfile.messages.map((m) => m.id)).toEqual(before.a.slice(0, byProfile.messages.length).map((m) => m.id));

    // a new message wakes the conversation: D1 holds it, the archive the rest
    expect((await send(b.cookie, a.id, 'na een jaar weer hallo')).status).toBe(201);
    const after = await pages(a.cookie, conversation);
    expect(after).toHaveLength(47);
    expect(after[0]!.text).toBe('na een jaar weer hallo');
    expect(after.slice(1)).toEqual(before.a);
    // nothing is moved twice
    await job();
    expect(await archives(conversation)).toEqual(rows);
  });

  it('a conversation idle for less than the configured time stays in D1', async () => {
    const { conversation } = await idleConversation();
    await env.DB.prepare(`UPDATE conversations SET last_message_at = ? WHERE id = ?`)
      .bind(new Date(Date.now() - 100 * 86_400_000).toISOString(), conversation)
      .run();
    await job();
    expect(await inD1(conversation)).toBe(46);
    expect(await archives(conversation)).toEqual([]);
  });

  it('resumes after a run that wrote the objects but not the batch: nothing lost, nothing doubled', async () => {
    const { a, conversation } = await idleConversation();
    const before = await pages(a.cookie, conversation);
    // the batch of this conversation fails (as if D1 went away after the R2 writes)
    await env.DB.prepare(
      `CREATE TRIGGER archive_fails BEFORE DELETE ON messages WHEN old.conversation_id = ${conversation} BEGIN SELECT RAISE(ABORT, 'archive test'); END`,
    ).run();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await job()).toMatchObject({ failed: 1 });
    } finally {
      log.mockRestore();
      await env.DB.prepare('DROP TRIGGER archive_fails').run();
    }
    expect(await inD1(conversation)).toBe(46);
    expect(await archives(conversation)).toEqual([]);
    const listed = await env.PHOTOS.list({ prefix: `archive/messages/${conversation}/` });
    expect(listed.objects).toHaveLength(2); // written, not yet listed in D1
    expect(await pages(a.cookie, conversation)).toEqual(before);
    // the next run finishes it under the same keys
    await job();
    expect(await inD1(conversation)).toBe(1);
    expect((await archives(conversation)).map((r) => r.key).sort()).toEqual(listed.objects.map((o) => o.key).sort());
    expect(await pages(a.cookie, conversation)).toEqual(before);
  });

  it('the export holds the archived messages', async () => {
    const { a, conversation } = await idleConversation();
    await job();
    expect(await inD1(conversation)).toBe(1);
    const res = await get(`${V}/api/export.php`, a.cookie);
    expect(res.status).toBe(200);
    const files = readZip(new Uint8Array(await res.arrayBuffer()));
    const list = JSON.parse(new TextDecoder().decode(files.get('conversations.json'))) as {
      id: number;
      messages: { text: string | null }[];
    }[];
    const exported = list.find((c) => c.id === conversation)!;
    expect(exported.messages).toHaveLength(46);
    expect(exported.messages[0]!.text).toBe('bericht 0');
    expect(exported.messages.at(-1)!.text).toBe('bericht 44');
  });

  it("erasure takes the member's messages out of the archive and leaves the other member's", async () => {
    const { a, b, conversation } = await idleConversation();
    await job();
    const keys = (await archives(conversation)).map((r) => r.key);
    await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, a.cookie);
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 15 * 86_400_000).toISOString(), a.id)
      .run();
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });
    expect(await count('SELECT count(*) n FROM members WHERE id = ? AND erased_at IS NOT NULL', a.id)).toBe(1);
    // a's 30 texts are gone from every object; b's 15 remain, listed with their new count
    let left = 0;
    for (const key of keys) {
      const object = await env.PHOTOS.get(key);
      if (!object) continue;
      const text = await new Response(object.body.pipeThrough(new DecompressionStream('gzip'))).text();
      const messages = (JSON.parse(text) as { messages: { senderId: number }[] }).messages;
      expect(messages.every((m) => m.senderId === b.id)).toBe(true);
      left += messages.length;
    }
    expect(left).toBe(15);
    expect(await count('SELECT coalesce(sum(messages), 0) n FROM message_archives WHERE conversation_id = ?', conversation)).toBe(15);
  });
});
