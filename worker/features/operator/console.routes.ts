import { Hono, type Context } from 'hono';
import {
  CHAT_CONVERSATION_MESSAGES,
  CHAT_LOCK_SECONDS,
  CHAT_QUEUE_PAGE,
  chatAnswerInput,
  chatConversationQuery,
  chatFiguresQuery,
  chatFileQuery,
  chatLockInput,
  chatNoteInput,
  chatQueueQuery,
  chatTypingInput,
  type ChatAnswerAnswer,
  type ChatConsoleMessage,
  type ChatConversationAnswer,
  type ChatFiguresAnswer,
  type ChatFiguresDay,
  type ChatLockAnswer,
  type ChatNoteAnswer,
  type ChatQueueAnswer,
  type ChatTypingAnswer,
} from '../../contracts/console';
import { GIFTS, type GiftId, type Message } from '../../contracts/chat';
import { ageOn } from '../../domain/members';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { namedBatch } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { connectDesk, publish, publishDesk } from '../../lib/live';
import { notifyMessage as mailMessage, noticeStateOf } from '../../domain/notifications';
import { notifyMessage as pushMessage, pushLater } from '../../domain/push';
import { versionKeys } from '../../lib/photo-versions';
import { validate } from '../../middleware/validate';
import { isOwnOrigin } from '../../middleware/guard';
import { requireOperator } from './operator.auth';
import {
  answerByClientId,
  answerStatements,
  answersInRange,
  creditsSpentByDay,
  imageOfConversation,
  insertNote,
  lockedConversation,
  memberMessagesByDay,
  photoOfPair,
  purchasesByDay,
  queueGroups,
  queuePage,
  releaseLock,
  renewLock,
  screenStatements,
  takeLock,
  type LockedRow,
} from './console.queries';
import { isVoidedBatch } from './operator.queries';
import { suggestionsFor } from './console.suggestions';

type Row = {
  id: number;
  conversationId: number;
  senderId: number;
  kind: 'text' | 'gift' | 'image';
  text: string | null;
  gift: string | null;
  imageKey: string | null;
  imageThumbKey: string | null;
  clientId: string;
  createdAt: string;
  readAt: string | null;
  removedAt: string | null;
};

const chatFile = (conversation: number, q: string) => `/api/operator/chat-file.php?conversation=${conversation}&${q}`;
const consoleMessage = (m: Row, memberId: number): ChatConsoleMessage => ({
  id: m.id,
  from: m.senderId === memberId ? 'member' : 'fictional',
  kind: m.kind,
  text: m.text,
  gift: (m.gift as GiftId | null) ?? null,
  image: m.imageKey ? chatFile(m.conversationId, `message=${m.id}`) : null,
  created_at: m.createdAt,
  removed: m.removedAt !== null,
});
/** The message as the member's tabs receive it: from the fictional profile, like any member's (the operator is never named). */
const memberMessage = (m: Row): Message => ({
  id: m.id,
  conversation: m.conversationId,
  mine: false,
  kind: m.kind,
  text: m.text,
  gift: (m.gift as GiftId | null) ?? null,
  image: m.imageKey ? { match: m.imageKey, thumb_filename: m.imageThumbKey ?? m.imageKey } : null,
  created_at: m.createdAt,
  read: m.readAt !== null,
  client_id: null,
  removed: false,
});
const lockUntil = (now: Date) => new Date(now.getTime() + CHAT_LOCK_SECONDS * 1000);
const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round((sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2) / 1000);
};
const DAY = 86_400_000;

/** The conversation when it waits in the operator's company and its lock is theirs and live; 409 chat_lock_lost otherwise. */
async function mine(c: Context<OperatorEnv>, conversation: number, operator: { id: number; companyId: number }): Promise<LockedRow> {
  const locked = await lockedConversation(c.get('db'), conversation, operator.companyId, operator.id, clock.now());
  if (!locked) throw new AppError('chat_lock_lost', 409);
  return locked;
}

/**
 * The chat console (README, "The chat console"): operators of role `chat` (and admins) answer members
 * who wrote to the company's fictional profiles. Every call checks the role and finds the
 * conversation within the operator's company; everything about one conversation needs its lock.
 */
export const consoleRoutes = new Hono<OperatorEnv>()
  .get('/chat-queue.php', validate('query', chatQueueQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const q = c.req.valid('query');
    const db = c.get('db');
    const now = clock.now();
    const [since, id] = q.after ? q.after.split('|') : [];
    const after = since && id ? { since, id: Number(id) } : null;
    const filters = { site: q.site, language: q.language, after };
    // the count and the filters' choices on the first page only, from one grouped pass
    const [rows, groups] = await Promise.all([
      queuePage(db, op.companyId, filters, now, CHAT_QUEUE_PAGE + 1),
      after ? null : queueGroups(db, op.companyId),
    ]);
    const page = rows.slice(0, CHAT_QUEUE_PAGE);
    const last = page.at(-1);
    return c.json(
      {
        items: page.map((r) => ({
          conversation: r.conversation,
          waiting_since: r.waiting_since,
          site: r.site,
          language: r.language,
          member: { id: r.member_id, name: r.member_name, age: ageOn(r.birth_date, now), country: r.country },
          fictional: { id: r.fictional_id, name: r.fictional_name },
          last_message: r.last_kind
            ? { kind: r.last_kind, text: r.last_text, gift: (r.last_gift as GiftId | null) ?? null, created_at: r.last_at! }
            : null,
          lock: r.locked_by ? { mine: r.locked_by === op.id, operator: r.lock_operator ?? '', until: r.locked_until! } : null,
        })),
        next: rows.length > CHAT_QUEUE_PAGE && last ? `${last.waiting_since}|${last.conversation}` : null,
        waiting: groups
          ? groups.filter((g) => (!q.site || g.site === q.site) && (!q.language || g.language === q.language)).reduce((n, g) => n + g.n, 0)
          : null,
        sites: groups ? [...new Set(groups.map((x) => x.site))].sort() : [],
        languages: groups ? [...new Set(groups.map((x) => x.language))].sort() : [],
      } satisfies ChatQueueAnswer,
      200,
    );
  })
  .post('/chat-lock.php', validate('json', chatLockInput), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const { conversation, action } = c.req.valid('json');
    const db = c.get('db');
    const now = clock.now();
    if (action === 'release') {
      // an operator their own lock, an admin anyone's of the company; the release's audit row in the same batch
      await releaseLock(db, conversation, op.companyId, op.id, op.role === 'admin', now);
      c.executionCtx.waitUntil(publishDesk(c.env, op.companyId, { type: 'queue', conversation, reason: 'release' }));
      return c.json({ conversation, locked_until: null } satisfies ChatLockAnswer, 200);
    }
    // one conditional UPDATE: free, expired or mine, and still waiting in this company
    const [taken] = await takeLock(db, conversation, op.companyId, op.id, now, lockUntil(now));
    if (!taken) throw new AppError('chat_locked', 409);
    c.executionCtx.waitUntil(publishDesk(c.env, op.companyId, { type: 'queue', conversation, reason: 'lock' }));
    return c.json({ conversation, locked_until: taken.locked_until } satisfies ChatLockAnswer, 200);
  })
  .get('/chat.php', validate('query', chatConversationQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const { conversation } = c.req.valid('query');
    const db = c.get('db');
    const locked = await mine(c, conversation, op);
    const [[member], photos, [fictional], rows, notes] = await Promise.all(screenStatements(db, locked, CHAT_CONVERSATION_MESSAGES));
    const now = clock.now();
    const photosOf = (id: number) =>
      photos.filter((p) => p.member_id === id).map((p) => ({ id: p.id, thumb: chatFile(conversation, `photo=${p.id}`) }));
    return c.json(
      {
        conversation,
        locked_until: locked.locked_until,
        site: locked.site,
        member: {
          id: member!.id,
          name: member!.name,
          age: ageOn(member!.birth_date, now),
          gender: member!.gender,
          country: member!.country,
          region: member!.region,
          city: member!.city,
          language: member!.language,
          about_me: member!.about_me,
          photos: photosOf(member!.id),
        },
        fictional: {
          id: fictional!.id,
          name: fictional!.name,
          age: ageOn(fictional!.birth_date, now),
          persona_note: fictional!.note ?? '',
          photos: photosOf(fictional!.id),
        },
        messages: [...rows].reverse().map((m) => consoleMessage(m, locked.member_id)),
        notes: notes.map((n) => ({ id: n.id, operator: n.operator ?? '', note: n.note, created_at: n.created_at })),
        suggestions: suggestionsFor(member!.language),
        gifts: [...GIFTS],
      } satisfies ChatConversationAnswer,
      200,
    );
  })
  .post('/chat-typing.php', validate('json', chatTypingInput), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const { conversation } = c.req.valid('json');
    const locked = await mine(c, conversation, op);
    const now = clock.now();
    const [renewed] = await renewLock(c.get('db'), conversation, op.companyId, op.id, now, lockUntil(now));
    if (!renewed) throw new AppError('chat_lock_lost', 409);
    // the member sees the profile typing, exactly as from a member
    c.executionCtx.waitUntil(publish(c.env, [[locked.member_id, { type: 'typing', conversation, from: locked.fictional_id }]]));
    return c.json({ locked_until: renewed.locked_until } satisfies ChatTypingAnswer, 200);
  })
  .post('/chat-answer.php', validate('json', chatAnswerInput), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const input = c.req.valid('json');
    const db = c.get('db');
    const locked = await mine(c, input.conversation, op);
    // a retry of an answer that was written: the same message
    const [earlier] = await answerByClientId(db, locked.fictional_id, input.client_id);
    if (earlier) return c.json({ message: consoleMessage(earlier, locked.member_id) } satisfies ChatAnswerAnswer, 200);
    // a photo of the fictional profile's gallery is copied into the conversation (a chat image has keys of its own)
    let image: { display: string; thumb: string } | null = null;
    if (input.kind === 'image') {
      const [photo] = await photoOfPair(db, input.photo, { ...locked, member_id: locked.fictional_id });
      if (!photo) throw new AppError('not_found_generic', 404);
      const [display, thumb] = await Promise.all([c.env.PHOTOS.get(photo.key), c.env.PHOTOS.get(photo.thumb_key || photo.key)]);
      if (!display || !thumb) throw new AppError('not_found_generic', 404);
      image = versionKeys(`chat/${locked.conversation}/${crypto.randomUUID()}`);
      const type = { httpMetadata: { contentType: 'image/webp' } };
      await Promise.all([c.env.PHOTOS.put(image.display, display.body, type), c.env.PHOTOS.put(image.thumb, thumb.body, type)]);
    }
    const now = clock.now();
    let results;
    try {
      results = await namedBatch(
        db,
        answerStatements(db, {
          locked,
          operatorId: op.id,
          companyId: op.companyId,
          kind: input.kind,
          text: input.kind === 'text' ? input.text : null,
          gift: input.kind === 'gift' ? input.gift : null,
          imageKey: image?.display ?? null,
          imageThumbKey: image?.thumb ?? null,
          clientId: input.client_id,
          at: now,
          audit: {
            action: 'chat.answer',
            objectType: 'conversation',
            objectId: String(locked.conversation),
            before: { waiting_since: locked.waiting_since },
            after: { kind: input.kind, member: locked.member_id, fictional: locked.fictional_id, client_id: input.client_id },
          },
        }),
      );
    } catch (error) {
      if (image) await c.env.PHOTOS.delete([image.display, image.thumb]);
      // the lock expired or went to another operator, or the conversation was answered meanwhile
      if (isVoidedBatch(error)) throw new AppError('chat_lock_lost', 409);
      throw error;
    }
    const [message] = results.message;
    // the member's tabs get it live, as from the fictional profile; the other consoles drop it from the queue
    const live = publish(c.env, [
      [locked.member_id, { type: 'read', conversation: locked.conversation, by: 'other' }],
      [
        locked.member_id,
        { type: 'message', conversation: locked.conversation, from: locked.fictional_id, message: memberMessage(message!) },
      ],
    ]);
    c.executionCtx.waitUntil(
      Promise.all([live, publishDesk(c.env, op.companyId, { type: 'queue', conversation: locked.conversation, reason: 'answer' })]),
    );
    // then, as for any message from a member: a mail when the member is offline (by their preferences), a push unless a tab shows the conversation
    const at = clock.now();
    // what the mail and the push decide on, in one query for both (domain/notifications)
    const m = { conversationId: locked.conversation, messageId: message!.id, senderId: locked.fictional_id, recipientId: locked.member_id };
    const state = live.then(() => noticeStateOf(db, m));
    c.executionCtx.waitUntil(
      state.then((s) => mailMessage(c.env, db, { ...m, at }, s)).catch((error: unknown) => console.error('notify answer:', error)),
    );
    pushLater(c.executionCtx, () =>
      state.then((s) => pushMessage(c.env, db, locked.member_id, message!, { id: locked.fictional_id, name: locked.fictional_name }, s)),
    );
    return c.json({ message: consoleMessage(message!, locked.member_id) } satisfies ChatAnswerAnswer, 201);
  })
  .post('/chat-note.php', validate('json', chatNoteInput), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const input = c.req.valid('json');
    const locked = await mine(c, input.conversation, op);
    const [note] = await insertNote(c.get('db'), {
      companyId: op.companyId,
      memberId: locked.member_id,
      fictionalId: locked.fictional_id,
      operatorId: op.id,
      note: input.note,
      at: clock.now(),
    });
    return c.json(
      { note: { id: note!.id, operator: op.name, note: note!.note, created_at: note!.createdAt } } satisfies ChatNoteAnswer,
      201,
    );
  })
  // a thumbnail on the answering screen: a photo of either profile or an image of this conversation, for the lock's holder only
  .get('/chat-file.php', validate('query', chatFileQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const q = c.req.valid('query');
    const db = c.get('db');
    const locked = await mine(c, q.conversation, op);
    const [found] = 'photo' in q ? await photoOfPair(db, q.photo, locked) : await imageOfConversation(db, q.message, locked.conversation);
    const object = found ? await c.env.PHOTOS.get(found.thumb_key || found.key) : null;
    if (!object) throw new AppError('not_found_generic', 404);
    return new Response(object.body, {
      headers: {
        'Content-Type': object.httpMetadata?.contentType ?? 'image/webp',
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  })
  // The console's live connection: a WebSocket to the company's desk, for a chat operator's session, from the console's own origin.
  .get('/live.php', (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new AppError('invalid_request', 400);
    if (!isOwnOrigin(c, c.req.header('origin'))) throw new AppError('forbidden', 403);
    return connectDesk(c.env, op.companyId, c.get('operatorSessionHash')!, op.id, c.req.raw);
  })

  // ---- figures (admin) ----
  .get('/chat-figures.php', validate('query', chatFiguresQuery), async (c) => {
    const admin = requireOperator(c, 'admin');
    const q = c.req.valid('query');
    const today = clock.now().toISOString().slice(0, 10);
    const to = q.to ?? today;
    const from = q.from ?? new Date(Date.parse(to) - 13 * DAY).toISOString().slice(0, 10);
    if (from > to || Date.parse(to) - Date.parse(from) > 91 * DAY) throw new AppError('invalid_request', 400);
    const range = { companyId: admin.companyId, from, to: new Date(Date.parse(to) + DAY).toISOString().slice(0, 10) };
    const db = c.get('db');
    const [purchases, spent, messages, answers] = await Promise.all([
      purchasesByDay(db, range),
      creditsSpentByDay(db, range),
      memberMessagesByDay(db, range),
      answersInRange(db, range),
    ]);
    const days = new Map<string, ChatFiguresDay & { waits: number[] }>();
    const day = (site: string, d: string) => {
      const key = `${d}|${site}`;
      let row = days.get(key);
      if (!row)
        days.set(
          key,
          (row = {
            site,
            day: d,
            purchases: 0,
            revenue: {},
            credits_spent: 0,
            member_messages: 0,
            operator_answers: 0,
            median_answer_seconds: null,
            waits: [],
          }),
        );
      return row;
    };
    for (const p of purchases) {
      const row = day(p.site, p.day);
      row.purchases += p.purchases;
      row.revenue[p.currency] = (row.revenue[p.currency] ?? 0) + p.amount;
    }
    for (const s of spent) day(s.site, s.day).credits_spent += s.credits;
    for (const m of messages) day(m.site, m.day).member_messages += m.n;
    const byOperator = new Map<number, { name: string; waits: number[] }>();
    for (const a of answers) {
      const row = day(a.site, a.day);
      row.operator_answers++;
      row.waits.push(a.waited_ms);
      const o = byOperator.get(a.operator_id) ?? { name: a.name ?? '', waits: [] };
      o.waits.push(a.waited_ms);
      byOperator.set(a.operator_id, o);
    }
    return c.json(
      {
        from,
        to,
        days: [...days.values()]
          .sort((a, b) => (a.day === b.day ? a.site.localeCompare(b.site) : a.day.localeCompare(b.day)))
          .map(({ waits, ...row }) => ({ ...row, median_answer_seconds: median(waits) })),
        operators: [...byOperator.entries()]
          .map(([id, o]) => ({ id, name: o.name, answers: o.waits.length, median_answer_seconds: median(o.waits) }))
          .sort((a, b) => b.answers - a.answers),
      } satisfies ChatFiguresAnswer,
      200,
    );
  });
