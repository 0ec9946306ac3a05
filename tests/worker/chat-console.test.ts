import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatConversationAnswer, ChatFiguresAnswer, ChatQueueAnswer } from '../../worker/contracts/console';
import { clock } from '../../worker/lib/clock';
import { activeMember, count, get, post } from './account-helpers';
import { call } from './helpers';
import { OP, opCall, operatorSession } from './operator-helpers';
import worker from '../../worker/index';

const V = 'http://vonkje.localhost';
let n = 0;
const cid = () => `console-${Date.now()}-${n++}`;
const sql = (query: string, ...args: unknown[]) =>
  env.DB.prepare(query)
    .bind(...args)
    .run();

/** A fictional profile of company 1 (a woman on the main site, marked fictional as the seed does). */
async function fictional() {
  const f = await activeMember(undefined, { gender: 'female' });
  await sql('UPDATE members SET fictional = 1 WHERE id = ?', f.id);
  return f;
}
/** A premium member with credits who writes to the profile: the conversation joins the queue. */
async function writer(to: number, text = 'Hoi, ben je er?') {
  const m = await activeMember();
  await sql('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?', m.id);
  const res = await post(`${V}/api/message.php`, { to, kind: 'text', text, client_id: cid() }, m.cookie);
  expect(res.status).toBe(201);
  const sent = (await res.json()) as { conversation: number };
  return { ...m, conversation: sent.conversation };
}
const queue = async (cookie: string, query = '') => {
  const res = await opCall(`chat-queue.php${query}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as ChatQueueAnswer;
};
const take = (cookie: string, conversation: number) => opCall('chat-lock.php', cookie, { conversation, action: 'take' });
const answer = (cookie: string, conversation: number, body: Record<string, unknown> = { kind: 'text', text: 'Hoi schat!' }) =>
  opCall('chat-answer.php', cookie, { conversation, client_id: cid(), ...body });

afterEach(() => clock.setNow(null));

describe('the chat console', () => {
  it('queues waiting members oldest first, filtered by site and language', async () => {
    const t0 = Date.parse('2031-02-01T10:00:00Z');
    clock.setNow(new Date(t0));
    const op = await operatorSession('chat');
    const f = await fictional();
    const first = await writer(f.id);
    clock.setNow(new Date(t0 + 60_000));
    const second = await writer(f.id);
    clock.setNow(new Date(t0 + 120_000));
    const third = await writer(f.id);
    clock.setNow(new Date(t0 + 180_000));
    await sql("UPDATE members SET language = 'de' WHERE id = ?", second.id);
    await sql("UPDATE members SET home_site = 'she-de' WHERE id = ?", third.id);
    const ours = (q: ChatQueueAnswer) => q.items.filter((i) => i.fictional.id === f.id).map((i) => i.conversation);
    const all = await queue(op.cookie);
    expect(ours(all)).toEqual([first.conversation, second.conversation, third.conversation]);
    const positions = all.items.map((i) => i.conversation);
    expect(positions.indexOf(first.conversation)).toBeLessThan(positions.indexOf(second.conversation));
    expect(all.items.every((i, k) => k === 0 || all.items[k - 1]!.waiting_since <= i.waiting_since)).toBe(true);
    expect(all.items.find((i) => i.conversation === first.conversation)).toMatchObject({
      site: 'vonkje',
      language: 'nl',
      member: { id: first.id },
      last_message: { kind: 'text', text: 'Hoi, ben je er?' },
      lock: null,
    });
    expect(all.sites).toContain('she-de');
    expect(ours(await queue(op.cookie, '?language=de'))).toEqual([second.conversation]);
    expect(ours(await queue(op.cookie, '?site=she-de'))).toEqual([third.conversation]);
    expect(ours(await queue(op.cookie, '?site=vonkje&language=nl'))).toEqual([first.conversation]);
    // nothing of a member's account in the queue
    const text = JSON.stringify(all);
    for (const m of [first, second, third]) expect(text).not.toContain(m.email);
    expect(text).not.toMatch(/email|credits|payment|password/i);
  });

  it('a lock: two operators race, exactly one wins; typing renews it, it expires, release frees it', async () => {
    const t0 = Date.parse('2031-03-01T10:00:00Z');
    clock.setNow(new Date(t0));
    const [a, b] = await Promise.all([operatorSession('chat'), operatorSession('chat')]);
    const f = await fictional();
    const m = await writer(f.id);
    const raced = await Promise.all([take(a.cookie, m.conversation), take(b.cookie, m.conversation)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = raced.find((r) => r.status === 409)!;
    expect(await loser.json()).toMatchObject({ error: 'chat_locked' });
    const [winner, other] = raced[0]!.status === 200 ? [a, b] : [b, a];
    expect(await count('SELECT count(*) n FROM conversations WHERE id = ? AND locked_by = ?', m.conversation, winner.id)).toBe(1);
    // the queue says who has it
    const item = (await queue(other.cookie)).items.find((i) => i.conversation === m.conversation)!;
    expect(item.lock).toMatchObject({ mine: false, operator: 'Op chat' });

    // typing after 100 s renews it to 280 s; at 200 s the other cannot take it, after 280 s they can
    clock.setNow(new Date(t0 + 100_000));
    const typed = await opCall('chat-typing.php', winner.cookie, { conversation: m.conversation });
    expect(typed.status).toBe(200);
    expect(await typed.json()).toEqual({ locked_until: new Date(t0 + 280_000).toISOString() });
    clock.setNow(new Date(t0 + 200_000));
    expect((await take(other.cookie, m.conversation)).status).toBe(409);
    expect((await opCall(`chat.php?conversation=${m.conversation}`, other.cookie)).status).toBe(409);
    clock.setNow(new Date(t0 + 281_000));
    expect((await take(other.cookie, m.conversation)).status).toBe(200);
    // the first operator lost it: no typing, no answer, no screen
    expect(await (await opCall('chat-typing.php', winner.cookie, { conversation: m.conversation })).json()).toMatchObject({
      error: 'chat_lock_lost',
    });
    expect((await answer(winner.cookie, m.conversation)).status).toBe(409);
    // released by hand, the first one takes it again
    expect((await opCall('chat-lock.php', other.cookie, { conversation: m.conversation, action: 'release' })).status).toBe(200);
    expect((await take(winner.cookie, m.conversation)).status).toBe(200);
  });

  it('every release of a lock is audited like an answer: by the operator, by an admin, by timeout (taken over, or by the 5-minute job)', async () => {
    const t0 = Date.parse('2031-03-05T10:00:00Z');
    clock.setNow(new Date(t0));
    const [a, b, admin] = await Promise.all([operatorSession('chat'), operatorSession('chat'), operatorSession('admin')]);
    const f = await fictional();
    const [m1, m2, m3] = [await writer(f.id), await writer(f.id), await writer(f.id)];
    const release = (cookie: string, conversation: number) => opCall('chat-lock.php', cookie, { conversation, action: 'release' });
    const releases = async (conversation: number) =>
      (
        await env.DB.prepare(
          "SELECT company_id, operator_id, before, after FROM audit_log WHERE action = 'chat.release' AND object_type = 'conversation' AND object_id = ? ORDER BY id",
        )
          .bind(String(conversation))
          .all<{ company_id: number; operator_id: number; before: string; after: string }>()
      ).results.map((r) => ({
        company: r.company_id,
        by: r.operator_id,
        before: JSON.parse(r.before) as unknown,
        after: JSON.parse(r.after) as unknown,
      }));
    const lockedBy = (conversation: number) =>
      env.DB.prepare('SELECT locked_by FROM conversations WHERE id = ?').bind(conversation).first('locked_by');

    // the operator releases their own lock; a second release, and another operator's try, release and write nothing
    expect((await take(a.cookie, m1.conversation)).status).toBe(200);
    expect((await release(b.cookie, m1.conversation)).status).toBe(200);
    expect(await lockedBy(m1.conversation)).toBe(a.id);
    expect((await release(a.cookie, m1.conversation)).status).toBe(200);
    expect((await release(a.cookie, m1.conversation)).status).toBe(200);
    const until = new Date(t0 + 180_000).toISOString();
    expect(await releases(m1.conversation)).toEqual([
      { company: 1, by: a.id, before: { locked_by: a.id, locked_until: until }, after: { reason: 'operator', held_by: a.id } },
    ]);
    // an admin releases a colleague's lock
    expect((await take(a.cookie, m1.conversation)).status).toBe(200);
    expect((await release(admin.cookie, m1.conversation)).status).toBe(200);
    expect(await lockedBy(m1.conversation)).toBeNull();
    expect((await releases(m1.conversation))[1]).toMatchObject({ by: admin.id, after: { reason: 'admin', held_by: a.id } });

    // a lock that ran out and is taken over by a colleague: its release is the timeout's
    expect((await take(a.cookie, m2.conversation)).status).toBe(200);
    expect((await take(a.cookie, m3.conversation)).status).toBe(200);
    clock.setNow(new Date(t0 + 181_000));
    expect((await take(b.cookie, m2.conversation)).status).toBe(200);
    expect(await releases(m2.conversation)).toEqual([
      { company: 1, by: a.id, before: { locked_by: a.id, locked_until: until }, after: { reason: 'timeout', held_by: a.id } },
    ]);
    // one nobody took over: the 5-minute job releases it with its row (and b's live lock stays)
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: clock.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await lockedBy(m3.conversation)).toBeNull();
    expect(await lockedBy(m2.conversation)).toBe(b.id);
    expect(await releases(m3.conversation)).toEqual([
      { company: 1, by: a.id, before: { locked_by: a.id, locked_until: until }, after: { reason: 'timeout', held_by: a.id } },
    ]);
    expect(await releases(m2.conversation)).toHaveLength(1);
    // an answer releases the lock with its own row (chat.answer), not a second one
    expect((await answer(b.cookie, m2.conversation)).status).toBe(201);
    expect(await releases(m2.conversation)).toHaveLength(1);
    expect(await count("SELECT count(*) n FROM audit_log WHERE action = 'chat.answer' AND object_id = ?", String(m2.conversation))).toBe(1);
  });

  it('role and company checks on every console call', async () => {
    const f = await fictional();
    const m = await writer(f.id);
    const moderator = await operatorSession('moderator');
    const chat = await operatorSession('chat');
    const elsewhere = await operatorSession('chat', 2);
    const conversation = m.conversation;
    const calls: [string, unknown?][] = [
      ['chat-queue.php'],
      ['chat-lock.php', { conversation, action: 'take' }],
      [`chat.php?conversation=${conversation}`],
      ['chat-typing.php', { conversation }],
      ['chat-answer.php', { conversation, kind: 'text', text: 'Hoi', client_id: cid() }],
      ['chat-note.php', { conversation, note: 'Houdt van fietsen' }],
      [`chat-file.php?conversation=${conversation}&message=1`],
      ['chat-figures.php'],
    ];
    for (const [path, body] of calls) {
      expect((await opCall(path, null, body)).status, path).toBe(403);
      const res = await opCall(path, moderator.cookie, body);
      expect([res.status, ((await res.json()) as { error: string }).error], path).toEqual([403, 'forbidden']);
    }
    expect((await opCall('chat-figures.php', chat.cookie)).status).toBe(403);
    // another company's operator finds nothing of it
    expect((await queue(elsewhere.cookie)).items.some((i) => i.conversation === conversation)).toBe(false);
    expect((await take(elsewhere.cookie, conversation)).status).toBe(409);
    // and a member host does not answer the console at all
    expect((await opCall('chat-queue.php', chat.cookie, undefined, 'GET', V)).status).toBe(404);
    // nor is the live connection open to a moderator
    expect((await opCall('live.php', moderator.cookie)).status).toBe(403);
  });

  it('an answer is free for the member, stored with the operator, audited, leaves the queue and reaches the member as the profile', async () => {
    const op = await operatorSession('chat');
    const f = await fictional();
    const m = await writer(f.id, 'Hoe gaat het?');
    await sql(
      "INSERT INTO fictional_personas (member_id, note, updated_at) VALUES (?, 'Lotte, 34, houdt van wandelen', ?)",
      f.id,
      new Date().toISOString(),
    );
    // nothing to answer before taking it, and never without the lock
    expect((await answer(op.cookie, m.conversation)).status).toBe(409);
    expect((await take(op.cookie, m.conversation)).status).toBe(200);
    expect((await opCall('chat-note.php', op.cookie, { conversation: m.conversation, note: 'Werkt in de zorg' })).status).toBe(201);
    const screen = await opCall(`chat.php?conversation=${m.conversation}`, op.cookie);
    expect(screen.status).toBe(200);
    const body = (await screen.json()) as ChatConversationAnswer;
    expect(body).toMatchObject({
      member: { id: m.id, language: 'nl' },
      fictional: { id: f.id, persona_note: 'Lotte, 34, houdt van wandelen' },
      messages: [{ from: 'member', kind: 'text', text: 'Hoe gaat het?' }],
      notes: [{ note: 'Werkt in de zorg', operator: 'Op chat' }],
    });
    expect(body.suggestions[0]).toBe('Hoi! Wat leuk dat je me schrijft. Hoe gaat het met je?');
    // no member data beyond the screen's: no e-mail, balances, payments or other conversations
    const text = JSON.stringify(body);
    expect(text).not.toContain(m.email);
    expect(text).not.toMatch(/email|credits|paid|payment|password|token/i);

    const before = await count('SELECT credits n FROM members WHERE id = ?', m.id);
    const ledger = await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ?', m.id);
    // the member has gone (offline): the answer is mailed as any new message is, from the profile
    await sql("UPDATE members SET last_active_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", m.id);
    const sent = await answer(op.cookie, m.conversation, { kind: 'gift', gift: 'rose' });
    expect(sent.status).toBe(201);
    const mailed = async () =>
      (
        await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE to_address = ? AND kind = 'new_message'")
          .bind(m.email)
          .all<{ subject: string; text: string }>()
      ).results;
    for (let i = 0; i < 100 && (await mailed()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [mail] = await mailed();
    const name = await env.DB.prepare('SELECT name FROM members WHERE id = ?').bind(f.id).first<string>('name');
    expect(mail!.subject).toBe(`Nieuw bericht van ${name} op Vonkje`);
    expect(mail!.text).toContain(`/chats/${m.conversation}`);
    expect(mail!.text).not.toMatch(/operator/i);
    expect(await sent.json()).toMatchObject({ message: { from: 'fictional', kind: 'gift', gift: 'rose' } });
    expect(await count('SELECT credits n FROM members WHERE id = ?', m.id)).toBe(before);
    expect(await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ?', m.id)).toBe(ledger);
    const row = await env.DB.prepare(
      'SELECT sender_id, sent_by_operator, credits FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1',
    )
      .bind(m.conversation)
      .first();
    expect(row).toEqual({ sender_id: f.id, sent_by_operator: op.id, credits: 0 });
    expect(
      await env.DB.prepare('SELECT awaiting_operator_since a, locked_by l FROM conversations WHERE id = ?').bind(m.conversation).first(),
    ).toEqual({ a: null, l: null });
    const audit = await env.DB.prepare("SELECT operator_id, object_id, after FROM audit_log WHERE action = 'chat.answer' AND object_id = ?")
      .bind(String(m.conversation))
      .first<{ operator_id: number; after: string }>();
    expect(audit).toMatchObject({ operator_id: op.id });
    expect(JSON.parse(audit!.after)).toMatchObject({ kind: 'gift', member: m.id, fictional: f.id });
    // the member reads it as the profile's, without any operator in it
    const read = await get(`${V}/api/messages.php?conversation=${m.conversation}`, m.cookie);
    const thread = (await read.json()) as { other: { fictional: boolean }; messages: { mine: boolean; gift: string | null }[] };
    expect(thread.other.fictional).toBe(true);
    expect(thread.messages[0]).toMatchObject({ mine: false, gift: 'rose' });
    // what the member wrote shows as read, as when a member answers
    expect(thread.messages[1]).toMatchObject({ mine: true, read: true });
    expect(JSON.stringify(thread)).not.toMatch(/operator/i);
    // out of the queue: it cannot be taken or answered again until the member writes
    expect((await queue(op.cookie)).items.some((i) => i.conversation === m.conversation)).toBe(false);
    expect((await take(op.cookie, m.conversation)).status).toBe(409);
    await post(`${V}/api/message.php`, { to: f.id, kind: 'text', text: 'Dank je!', client_id: cid() }, m.cookie);
    expect((await take(op.cookie, m.conversation)).status).toBe(200);
  });

  it('a member who blocks the profile or deletes the conversation leaves the queue', async () => {
    const op = await operatorSession('chat');
    const f = await fictional();
    const blocker = await writer(f.id);
    const deleter = await writer(f.id);
    const stays = await writer(f.id);
    expect((await post(`${V}/api/block.php`, { id: f.id }, blocker.cookie)).status).toBe(200);
    expect((await post(`${V}/api/chat.php`, { conversation: deleter.conversation }, deleter.cookie, 'DELETE')).status).toBe(200);
    const listed = (await queue(op.cookie)).items.map((i) => i.conversation);
    expect(listed).toContain(stays.conversation);
    expect(listed).not.toContain(blocker.conversation);
    expect(listed).not.toContain(deleter.conversation);
    expect((await take(op.cookie, blocker.conversation)).status).toBe(409);
  });

  it('figures per site and day and per operator, against payments and a ledger made here', async () => {
    const day = '2032-05-04';
    const t0 = Date.parse(`${day}T08:00:00Z`);
    clock.setNow(new Date(t0));
    const admin = await operatorSession('admin');
    const op = await operatorSession('chat');
    const f = await fictional();
    const members = [await writer(f.id), await writer(f.id), await writer(f.id)];
    // three answers after 60 s, 120 s and 300 s of waiting: median 120 s
    const waits = [60, 120, 300];
    for (const [i, m] of members.entries()) {
      clock.setNow(new Date(t0 + waits[i]! * 1000));
      expect((await take(op.cookie, m.conversation)).status).toBe(200);
      expect((await answer(op.cookie, m.conversation)).status).toBe(201);
    }
    // two paid purchases and an open one on the main site, one paid on she-de
    const pay = (id: string, site: string, amount: number, currency: string, status: string) =>
      sql(
        "INSERT INTO payments (id, member_id, company_id, site, country, package, credits, amount, currency, method, provider, status, created_at, updated_at, paid_at) VALUES (?, ?, 1, ?, 'NL', 'p1', 100, ?, ?, 'ideal', 'sim', ?, ?, ?, ?)",
        id,
        members[0]!.id,
        site,
        amount,
        currency,
        status,
        `${day}T09:00:00.000Z`,
        `${day}T09:00:00.000Z`,
        status === 'paid' ? `${day}T09:00:00.000Z` : null,
      );
    await pay(`fig-a-${Date.now()}`, 'vonkje', 1995, 'EUR', 'paid');
    await pay(`fig-b-${Date.now()}`, 'vonkje', 4995, 'EUR', 'paid');
    await pay(`fig-c-${Date.now()}`, 'vonkje', 999, 'EUR', 'open');
    await pay(`fig-d-${Date.now()}`, 'she-de', 2500, 'EUR', 'paid');
    const res = await opCall(`chat-figures.php?from=${day}&to=${day}`, admin.cookie);
    expect(res.status).toBe(200);
    const figures = (await res.json()) as ChatFiguresAnswer;
    const spent = await count(
      `SELECT -sum(l.delta) n FROM credit_ledger l JOIN members m ON m.id = l.member_id WHERE m.company_id = 1 AND m.home_site = 'vonkje' AND l.delta < 0 AND l.created_at LIKE '${day}%'`,
    );
    expect(spent).toBe(6); // three messages of 2 credits
    expect(figures.days.find((d) => d.site === 'vonkje')).toEqual({
      site: 'vonkje',
      day,
      purchases: 2,
      revenue: { EUR: 6990 },
      credits_spent: 6,
      member_messages: 3,
      operator_answers: 3,
      median_answer_seconds: 120,
    });
    expect(figures.days.find((d) => d.site === 'she-de')).toMatchObject({
      purchases: 1,
      revenue: { EUR: 2500 },
      operator_answers: 0,
      median_answer_seconds: null,
    });
    expect(figures.operators.find((o) => o.id === op.id)).toEqual({ id: op.id, name: 'Op chat', answers: 3, median_answer_seconds: 120 });
    expect((await opCall('chat-figures.php?from=2032-01-01&to=2032-12-31', admin.cookie)).status).toBe(400);
  });
  it('the live desk: a member writing to a fictional profile reaches the consoles of that company at once; the member sees the profile typing', async () => {
    const op = await operatorSession('chat');
    const f = await fictional();
    const refused = await call(`${OP}/api/operator/live.php`, {
      headers: { upgrade: 'websocket', origin: 'http://evil.example', cookie: `osid=${op.cookie}` },
    });
    expect(refused.status).toBe(403);
    const res = await call(`${OP}/api/operator/live.php`, { headers: { upgrade: 'websocket', origin: OP, cookie: `osid=${op.cookie}` } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const events: { type: string; conversation: number; reason: string }[] = [];
    ws.addEventListener('message', (e) => events.push(JSON.parse(e.data as string) as (typeof events)[number]));
    const m = await writer(f.id);
    for (let i = 0; i < 50 && !events.some((e) => e.conversation === m.conversation); i++) await new Promise((r) => setTimeout(r, 100));
    expect(events).toContainEqual({ type: 'queue', conversation: m.conversation, reason: 'message' });
    // the member's own live connection gets the profile's typing, as from a member
    const member = await call(`${V}/api/live.php`, { headers: { upgrade: 'websocket', origin: V, cookie: `sid=${m.cookie}` } });
    const mws = member.webSocket!;
    mws.accept();
    const seen: { type: string; from?: number }[] = [];
    mws.addEventListener('message', (e) => e.data !== 'pong' && seen.push(JSON.parse(e.data as string) as (typeof seen)[number]));
    expect((await take(op.cookie, m.conversation)).status).toBe(200);
    expect((await opCall('chat-typing.php', op.cookie, { conversation: m.conversation })).status).toBe(200);
    for (let i = 0; i < 50 && !seen.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(seen).toContainEqual({ type: 'typing', conversation: m.conversation, from: f.id });
    ws.close();
    mws.close();
  });
  it("erasure deletes the operators' notes about the member", async () => {
    const { purgeDeletedAccounts } = await import('../../worker/features/account/purge');
    const { features } = await import('../../worker/features');
    const { getDb } = await import('../../worker/lib/db');
    const op = await operatorSession('chat');
    const f = await fictional();
    const m = await writer(f.id);
    expect((await take(op.cookie, m.conversation)).status).toBe(200);
    expect((await opCall('chat-note.php', op.cookie, { conversation: m.conversation, note: 'Heeft twee katten' })).status).toBe(201);
    expect(await count('SELECT count(*) n FROM operator_notes WHERE member_id = ?', m.id)).toBe(1);
    await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, m.cookie);
    await sql('UPDATE members SET deleted_at = ? WHERE id = ?', new Date(Date.now() - 15 * 86400_000).toISOString(), m.id);
    await purgeDeletedAccounts({ db: getDb(env.DB), env, now: new Date(), features });
    expect(await count('SELECT count(*) n FROM operator_notes WHERE member_id = ?', m.id)).toBe(0);
  });
});
