import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { activeMember, conversationsOf, count, get, pool, post, signup } from './account-helpers';

const V = 'http://vonkje.localhost';
type SendAnswer = {
  message: { id: number; conversation: number; mine: boolean; kind: string; text: string | null; gift: string | null };
  conversation: number;
  credits: number;
  free_messages_left: number;
  free_conversations_left: number;
};
type Chats = {
  chats: {
    conversation: number;
    profile: number;
    num_unread_messages: number;
    other: { id: number; fictional: boolean };
    last_message: { text: string | null; mine: boolean } | null;
  }[];
  more: boolean;
  total_unread: number;
};
type Messages = {
  conversation: number | null;
  other: { id: number };
  messages: { id: number; text: string | null; mine: boolean; read: boolean }[];
  more: boolean;
};

let n = 0;
const cid = () => `test-${Date.now()}-${n++}`;
const send = (cookie: string, to: number, body: Record<string, unknown> = {}, host = V) =>
  post(`${host}/api/message.php`, { to, kind: 'text', text: 'Hoi!', client_id: cid(), ...body }, cookie);
const json = async <T>(res: Response) => (await res.json()) as T;
const setMember = (id: number, fields: Record<string, number>) =>
  env.DB.prepare(
    `UPDATE members SET ${Object.keys(fields)
      .map((k) => `${k} = ?`)
      .join(', ')} WHERE id = ?`,
  )
    .bind(...Object.values(fields), id)
    .run();
/** A premium member (no free allowance) with this many credits, and a woman to write to. */
async function pair(credits = 100) {
  const a = await activeMember();
  const b = await activeMember(undefined, { gender: 'female' });
  await setMember(a.id, { paid_user: 1, credits });
  return { a, b };
}
const ledgerSum = (id: number) =>
  env.DB.prepare('SELECT coalesce(sum(delta), 0) s FROM credit_ledger WHERE member_id = ?').bind(id).first<number>('s');

describe('sending messages', () => {
  it('charges per kind from the site settings, with a ledger row in the same batch', async () => {
    const { a, b } = await pair(100);
    const text = await send(a.cookie, b.id);
    expect(text.status).toBe(201);
    const sent = await json<SendAnswer>(text);
    expect(sent).toMatchObject({ credits: 98, message: { kind: 'text', text: 'Hoi!', mine: true } });
    const gift = await json<SendAnswer>(await send(a.cookie, b.id, { kind: 'gift', gift: 'rose', text: undefined }));
    expect(gift).toMatchObject({ credits: 88, conversation: sent.conversation, message: { kind: 'gift', gift: 'rose' } });
    const ledger = await env.DB.prepare(
      "SELECT delta, balance_after b, reason FROM credit_ledger WHERE member_id = ? AND reason LIKE 'message_%' ORDER BY id",
    )
      .bind(a.id)
      .all();
    expect(ledger.results).toEqual([
      { delta: -2, b: 98, reason: 'message_text' },
      { delta: -10, b: 88, reason: 'message_gift' },
    ]);
  });

  it('free members: free messages first, then credits; at most the free conversations', async () => {
    const a = await activeMember(); // free: 2 conversations, 3 free messages, 10 signup credits
    const women = await Promise.all([0, 1, 2].map(() => activeMember(undefined, { gender: 'female' })));
    const answers: SendAnswer[] = [];
    for (let i = 0; i < 3; i++) answers.push(await json<SendAnswer>(await send(a.cookie, women[0]!.id)));
    expect(answers.map((x) => [x.credits, x.free_messages_left])).toEqual([
      [10, 2],
      [10, 1],
      [10, 0],
    ]);
    expect(await json<SendAnswer>(await send(a.cookie, women[0]!.id))).toMatchObject({ credits: 8, free_conversations_left: 1 });
    expect((await send(a.cookie, women[1]!.id)).status).toBe(201);
    const third = await send(a.cookie, women[2]!.id);
    expect(third.status).toBe(403);
    expect(await third.json()).toMatchObject({
      error: 'free_conversation_limit',
      message: 'Als gratis lid kun je maximaal 2 gesprekken beginnen. Koop credits om met meer leden te chatten.',
    });
    expect(await count('SELECT count(*) n FROM conversations WHERE member_a = ?1 OR member_b = ?1', women[2]!.id)).toBe(0);
    // an answer in a conversation the other started is no new start
    const c = await send(women[2]!.cookie, a.id);
    expect(c.status).toBe(201);
    expect((await send(a.cookie, women[2]!.id)).status).toBe(201);
  });

  it('parallel sends share the last free message: one is free, the others pay, each message says what it cost', async () => {
    const a = await activeMember(); // free: 3 free messages, 10 signup credits
    const b = await activeMember(undefined, { gender: 'female' });
    await setMember(a.id, { free_messages_left: 1 });
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => send(a.cookie, b.id, { text: `tegelijk ${i}` })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const rows = await env.DB.prepare('SELECT credits FROM messages WHERE sender_id = ? ORDER BY credits')
      .bind(a.id)
      .all<{ credits: number }>();
    expect(rows.results.map((r) => r.credits)).toEqual([0, 2, 2, 2]);
    expect(
      await env.DB.prepare('SELECT credits, free_messages_left f, free_conversations_left c FROM members WHERE id = ?').bind(a.id).first(),
    ).toEqual({ credits: 4, f: 0, c: 1 });
    expect(await ledgerSum(a.id)).toBe(4);
    // a gift never comes from the free allowance
    await setMember(a.id, { free_messages_left: 2, credits: 10 });
    expect(await json<SendAnswer>(await send(a.cookie, b.id, { kind: 'gift', gift: 'rose', text: undefined }))).toMatchObject({
      credits: 0,
      free_messages_left: 2,
    });
  });

  it('refuses without enough credits and writes nothing', async () => {
    const { a, b } = await pair(1);
    const res = await send(a.cookie, b.id);
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: 'insufficient_credits' });
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(0);
    expect(await count('SELECT count(*) n FROM conversations WHERE member_a = ?1 OR member_b = ?1', a.id)).toBe(0);
    expect(await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(a.id).first<number>('credits')).toBe(1);
  });

  it('a retried send is one message, one charge, the same answer, also in parallel', async () => {
    const { a, b } = await pair(100);
    const body = { to: b.id, kind: 'text', text: 'Eén keer', client_id: cid() };
    const results = await Promise.all([0, 1, 2, 3].map(() => post(`${V}/api/message.php`, body, a.cookie)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const answers = await Promise.all(results.map((r) => json<SendAnswer>(r)));
    expect(new Set(answers.map((x) => x.message.id)).size).toBe(1);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(1);
    expect(await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(a.id).first<number>('credits')).toBe(98);
    expect((await json<SendAnswer>(await post(`${V}/api/message.php`, body, a.cookie))).message.id).toBe(answers[0]!.message.id);
  });

  it('50 sends at once with credits for exactly 10: 10 messages, balance 0, the ledger adds up', async () => {
    const { a, b } = await pair(20);
    await env.DB.prepare(
      "INSERT INTO credit_ledger (member_id, delta, balance_after, reason, ref, created_at) VALUES (?, 10, 20, 'test', 'test-topup', '2030-01-01')",
    )
      .bind(a.id)
      .run();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(a.cookie, b.id, { text: `nr ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', a.id)).toBe(10);
    expect(await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(a.id).first<number>('credits')).toBe(0);
    expect(await ledgerSum(a.id)).toBe(0);
    const chats = await json<Chats>(await get(`${V}/api/chats.php`, b.cookie));
    expect(chats.chats.find((x) => x.profile === a.id)?.num_unread_messages).toBe(10);
  });

  it('60 sends a minute per member: the next is 429 and costs nothing; an old window starts again', async () => {
    const { a, b } = await pair(100);
    const key = `send:${a.id}`;
    const setUses = (count: number, at: Date) =>
      env.DB.prepare(
        'INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO UPDATE SET window_start = ?2, count = ?3',
      )
        .bind(key, at.toISOString(), count)
        .run();
    const uses = () => env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?').bind(key).first<number>('count');
    await setUses(59, new Date());
    expect((await send(a.cookie, b.id)).status).toBe(201);
    expect(await uses()).toBe(60);
    const refused = await send(a.cookie, b.id);
    expect(refused.status).toBe(429);
    // the window began just now: about a minute to wait
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ error: 'too_many_messages' });
    expect(await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(a.id).first<number>('credits')).toBe(98);
    // another member's sends are their own
    const c = await activeMember();
    expect((await send(c.cookie, b.id)).status).toBe(201);
    await setUses(60, new Date(Date.now() - 61_000));
    expect((await send(a.cookie, b.id)).status).toBe(201);
    expect(await uses()).toBe(1);
  });

  it('refuses bad input with 4xx and charges nothing', async () => {
    const { a, b } = await pair(100);
    const cases: [Record<string, unknown>, number][] = [
      [{ text: '   ' }, 400],
      [{ text: 'x'.repeat(1001) }, 400],
      [{ kind: 'gift', gift: 'yacht', text: undefined }, 400],
      [{ kind: 'image' }, 400],
      [{ client_id: 'short' }, 400],
      [{ to: 'abc' }, 400],
      [{ to: a.id }, 400],
      [{ to: 999999999 }, 404],
      [{ extra: 1 }, 400],
    ];
    for (const [body, status] of cases) expect((await send(a.cookie, b.id, body)).status, JSON.stringify(body)).toBe(status);
    const long = await send(a.cookie, b.id, { text: 'x'.repeat(1001) });
    expect(await long.json()).toMatchObject({ error: 'message_too_long', message: 'Je bericht is te lang (maximaal 1000 tekens).' });
    expect((await post(`${V}/api/message.php`, 'not json', a.cookie)).status).toBe(400);
    expect((await post(`${V}/api/message.php`, { to: b.id, kind: 'text', text: 'x', client_id: cid() })).status).toBe(403);
    expect(await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(a.id).first<number>('credits')).toBe(100);
  });
});

describe('who may write to whom', () => {
  it('no messages between blocked members, either way; the conversation leaves both lists', async () => {
    const { a, b } = await pair();
    const first = await json<SendAnswer>(await send(a.cookie, b.id));
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie);
    expect((await send(a.cookie, b.id)).status).toBe(404);
    expect((await send(b.cookie, a.id)).status).toBe(404);
    expect((await get(`${V}/api/messages.php?conversation=${first.conversation}`, a.cookie)).status).toBe(404);
    expect((await json<Chats>(await get(`${V}/api/chats.php`, a.cookie))).chats).toEqual([]);
    await post(`${V}/api/block.php`, { id: a.id }, b.cookie, 'DELETE');
    expect((await json<Chats>(await get(`${V}/api/chats.php`, a.cookie))).chats).toHaveLength(1);
  });

  it('an unconfirmed member neither receives nor sends; a member of another niche is not found', async () => {
    const { a } = await pair();
    const unconfirmed = await signup(undefined, { gender: 'female' });
    expect((await send(a.cookie, unconfirmed.body.user.id)).status).toBe(404);
    const b = await activeMember(undefined, { gender: 'female' });
    const sent = await send(unconfirmed.cookie, b.id);
    expect(sent.status).toBe(403);
    expect(await sent.json()).toMatchObject({ error: 'email_not_confirmed' });
    // nothing written for a refused send: no conversation, no side, no message, no charge
    const id = unconfirmed.body.user.id;
    expect(await count('SELECT count(*) n FROM conversations WHERE member_a = ?1 OR member_b = ?1', id)).toBe(0);
    expect(await count('SELECT count(*) n FROM conversation_members WHERE member_id = ?1 OR other_id = ?1', id)).toBe(0);
    expect(await count('SELECT count(*) n FROM messages WHERE sender_id = ?', id)).toBe(0);
    expect(await count("SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref LIKE 'message:%'", id)).toBe(0);
    const elsewhere = await activeMember('bdsm-nl.localhost', { gender: 'female' });
    expect((await send(a.cookie, elsewhere.id)).status).toBe(404);
  });

  it('a member never reads, deletes or sends into a conversation that is not theirs', async () => {
    const { a, b } = await pair();
    const stranger = await activeMember();
    const { conversation } = await json<SendAnswer>(await send(a.cookie, b.id));
    expect((await get(`${V}/api/messages.php?conversation=${conversation}`, stranger.cookie)).status).toBe(404);
    expect((await post(`${V}/api/chat.php`, { conversation }, stranger.cookie, 'DELETE')).status).toBe(404);
    expect((await get(`${V}/api/messages.php?conversation=${conversation}`)).status).toBe(403);
    expect((await get(`${V}/api/chats.php`)).status).toBe(403);
    expect((await json<Messages>(await get(`${V}/api/messages.php?conversation=${conversation}`, b.cookie))).messages).toHaveLength(1);
    for (const q of ['', '?conversation=abc', '?conversation=1&profile=2', '?before=1', `?conversation=${conversation}&x=1`])
      expect((await get(`${V}/api/messages.php${q}`, a.cookie)).status, q).toBe(400);
  });
});

describe('the conversation list and reading', () => {
  it('lists newest activity first with unread counts; opening reads it; both sides see read state', async () => {
    const { a } = await pair();
    const [b, c] = [await activeMember(undefined, { gender: 'female' }), await activeMember(undefined, { gender: 'female' })];
    await send(b.cookie, a.id, { text: 'van b' });
    await send(c.cookie, a.id, { text: 'van c 1' });
    await send(c.cookie, a.id, { text: 'van c 2' });
    let chats = await json<Chats>(await get(`${V}/api/chats.php`, a.cookie));
    expect(chats.chats.map((x) => [x.profile, x.num_unread_messages, x.last_message?.text])).toEqual([
      [c.id, 2, 'van c 2'],
      [b.id, 1, 'van b'],
    ]);
    expect(chats.total_unread).toBe(3);
    const opened = await json<Messages>(await get(`${V}/api/messages.php?profile=${c.id}`, a.cookie));
    expect(opened.messages.map((m) => m.text)).toEqual(['van c 2', 'van c 1']);
    chats = await json<Chats>(await get(`${V}/api/chats.php`, a.cookie));
    expect(chats.total_unread).toBe(1);
    const theirs = await json<Messages>(await get(`${V}/api/messages.php?profile=${a.id}`, c.cookie));
    expect(theirs.messages.every((m) => m.mine && m.read)).toBe(true);
    // no conversation yet with a member: an empty one
    const d = await activeMember(undefined, { gender: 'female' });
    expect(await json<Messages>(await get(`${V}/api/messages.php?profile=${d.id}`, a.cookie))).toMatchObject({
      conversation: null,
      messages: [],
      other: { id: d.id },
    });
  });

  it('pages the list by a cursor: 65 conversations in 30 + 30 + 5, ties across a page break by id, no repeats when one moves to the top', async () => {
    const { a } = await pair(1000);
    // every 7 conversations share an instant (so do the rows either side of a page break): the id breaks the tie
    const women = await pool(a.id, 84_000_000, 65);
    await conversationsOf(
      a.id,
      women.map((w, i) => ({ other: w, at: `2020-06-01T10:${String(Math.floor(i / 7)).padStart(2, '0')}:00.000Z` })),
    );
    const expected = (
      await env.DB.prepare(
        'SELECT conversation_id c FROM conversation_members WHERE member_id = ? ORDER BY last_activity_at DESC, conversation_id DESC',
      )
        .bind(a.id)
        .all<{ c: number }>()
    ).results.map((r) => r.c);
    const walk = async (first?: (page: Chats & { next: string | null }) => Promise<void>) => {
      const pages: (Chats & { next: string | null })[] = [];
      let next: string | null = null;
      do {
        const res = await get(`${V}/api/chats.php${next === null ? '' : `?before=${encodeURIComponent(next)}`}`, a.cookie);
        expect(res.status).toBe(200);
        const page = await json<Chats & { next: string | null }>(res);
        pages.push(page);
        if (pages.length === 1) await first?.(page);
        next = page.next;
        expect(page.more).toBe(next !== null);
      } while (next !== null);
      return pages;
    };
    const pages = await walk();
    expect(pages.map((p) => p.chats.length)).toEqual([30, 30, 5]);
    expect(pages.flatMap((p) => p.chats.map((c) => c.conversation))).toEqual(expected);
    // a conversation of page 2 moves to the top while page 1 is shown: page 2 does not repeat page 1's rows
    const moved = pages[1]!.chats[3]!;
    const again = await walk(async () => {
      expect((await send(a.cookie, moved.profile)).status).toBe(201);
    });
    const seen = again.flatMap((p) => p.chats.map((c) => c.conversation));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(moved.conversation);
    expect(seen).toEqual(expected.filter((c) => c !== moved.conversation));
    // the next first page starts with it
    expect((await json<Chats>(await get(`${V}/api/chats.php`, a.cookie))).chats[0]!.conversation).toBe(moved.conversation);
    for (const bad of ['1', '2029-06-01_5', '2029-06-01T10:00:00.000Z_', 'x'.repeat(300), '2029-06-01T10:00:00.000Z_-1']) {
      const res = await get(`${V}/api/chats.php?before=${encodeURIComponent(bad)}`, a.cookie);
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    }
  });

  it('pages messages backwards by 30', async () => {
    const { a, b } = await pair(1000);
    for (let i = 0; i < 35; i++) await send(a.cookie, b.id, { text: `m${i}` });
    const first = await json<Messages>(await get(`${V}/api/messages.php?profile=${b.id}`, a.cookie));
    expect(first.messages).toHaveLength(30);
    expect(first.more).toBe(true);
    const older = await json<Messages>(
      await get(`${V}/api/messages.php?conversation=${first.conversation}&before=${first.messages.at(-1)!.id}`, a.cookie),
    );
    expect(older.messages.map((m) => m.text)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(older.more).toBe(false);
  });

  it('deleting hides a conversation for me only until a new message; by profile removes it', async () => {
    const { a, b } = await pair();
    const { conversation } = await json<SendAnswer>(await send(a.cookie, b.id, { text: 'oud' }));
    expect(await json(await post(`${V}/api/chat.php`, { conversation }, a.cookie, 'DELETE'))).toEqual({ deleted: 1 });
    expect((await json<Chats>(await get(`${V}/api/chats.php`, a.cookie))).chats).toEqual([]);
    expect((await json<Chats>(await get(`${V}/api/chats.php`, b.cookie))).chats).toHaveLength(1);
    await send(b.cookie, a.id, { text: 'nieuw' });
    const back = await json<Messages>(await get(`${V}/api/messages.php?conversation=${conversation}`, a.cookie));
    expect(back.messages.map((m) => m.text)).toEqual(['nieuw']);
    expect(await json(await post(`${V}/api/chat.php`, { profile: a.id }, b.cookie, 'DELETE'))).toEqual({ deleted: 1 });
    expect((await json<Chats>(await get(`${V}/api/chats.php`, b.cookie))).chats).toEqual([]);
    for (const bad of [{}, { conversation: 'x' }, { conversation: 1, profile: 2 }])
      expect((await post(`${V}/api/chat.php`, bad, a.cookie, 'DELETE')).status).toBe(400);
  });

  it('a message to a fictional profile waits in the operators queue and shows the profile as fictional', async () => {
    const { a, b } = await pair();
    await env.DB.prepare('UPDATE members SET fictional = 1 WHERE id = ?').bind(b.id).run();
    const { conversation } = await json<SendAnswer>(await send(a.cookie, b.id));
    const waiting = () =>
      env.DB.prepare('SELECT awaiting_operator_since s FROM conversations WHERE id = ?').bind(conversation).first<string | null>('s');
    expect(await waiting()).not.toBeNull();
    expect((await json<Chats>(await get(`${V}/api/chats.php`, a.cookie))).chats[0]!.other.fictional).toBe(true);
    await send(b.cookie, a.id, { text: 'antwoord' });
    expect(await waiting()).toBeNull();
  });

  it('the gift catalogue names gifts in the member language with the site price', async () => {
    const { a } = await pair();
    const gifts = await json<{ gifts: { id: string; name: string; credits: number; image: string }[] }>(
      await get(`${V}/api/gifts.php`, a.cookie),
    );
    expect(gifts.gifts[0]).toEqual({ id: 'rose', name: 'Roos', credits: 10, image: '/gifts/rose.svg' });
    expect((await get(`${V}/api/gifts.php`)).status).toBe(403);
  });
});
