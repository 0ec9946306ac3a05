import { Hono, type Context } from 'hono';
import {
  CHATS_PAGE,
  chatsCursor,
  chatsQuery,
  deleteChatInput,
  GIFTS,
  MESSAGES_PAGE,
  messagesQuery,
  sendImageFields,
  sendInput,
  type ChatItem,
  type ChatProfile,
  type ChatsAnswer,
  type DeleteChatAnswer,
  type GiftsAnswer,
  type Message,
  type MessagesAnswer,
  type SendAnswer,
} from '../../contracts/chat';
import type { GiftId } from '../../contracts/chat';
import { MAX_PHOTO_BYTES } from '../../contracts/photos';
import { typingInput, type TypingAnswer } from '../../contracts/live';
import { CHECKS, failedCheck, namedBatch } from '../../lib/db';
import { siteMember, toCard, type CardRow, type Member } from '../../domain/members';
import { notifyMessage as mailMessage, noticeStateOf, type MessageNoticeState } from '../../domain/notifications';
import { notifyMessage as pushMessage, pushLater } from '../../domain/push';
import type { AppEnv } from '../../env';
import { withArchived } from './chat.archive';
import { clock } from '../../lib/clock';
import { randomId } from '../../lib/crypto';
import { timed } from '../../middleware/timing';
import { AppError, RateLimited } from '../../lib/errors';
import { bodyLimit } from '../../middleware/body-limit';
import { checkImage } from '../../lib/images';
import { storeVersions, versionKeys, versionsOf } from '../../lib/photo-versions';
import { connect, publish, publishDesk } from '../../lib/live';
import { rateWindow, secondsLeft } from '../../lib/rate-limit';
import { parseOrThrow } from '../../lib/validate';
import { isMultipart, jsonObject, validate } from '../../middleware/validate';
import { isOwnOrigin } from '../../middleware/guard';
import { requireMember, sessionForBatch } from '../../middleware/session';
import {
  byConversation,
  byOther,
  listItems,
  conversationWith,
  hideConversations,
  markRead,
  messagePage,
  NEWEST,
  openConversation,
  openedConversation,
  partnerRow,
  sendFacts,
  sendStatements,
  sideOf,
  type Balances,
  type MessageRow,
} from './chat.queries';

/** A member sends at most this many messages a minute (spam); a refused send costs nothing. */
export const SENDS_PER_MINUTE = 60;

/** What a send carries, whichever way it came: a text or a gift as JSON, an image as multipart. */
type Outgoing = ReturnType<typeof sendInput.parse> | ReturnType<typeof sendImageFields.parse>;
/** An image send carries its own body limit, like a profile photo (app.ts exempts it from the API's 1 MB). */
const imageBodyLimit = bodyLimit(MAX_PHOTO_BYTES + 64 * 1024, 'invalid_photo');

const toMessage = (m: MessageRow, me: number): Message => ({
  id: m.id,
  conversation: m.conversationId,
  mine: m.senderId === me,
  kind: m.kind,
  text: m.text,
  gift: (m.gift as GiftId | null) ?? null,
  image: m.imageKey ? { match: m.imageKey, thumb_filename: m.imageThumbKey ?? m.imageKey } : null,
  created_at: m.createdAt,
  read: m.readAt !== null,
  client_id: m.senderId === me ? m.clientId : null,
  removed: m.removedAt !== null,
});

const profileOf = (c: Context<AppEnv>, row: CardRow): ChatProfile => {
  const card = toCard(row, c.get('settings').visible_profile_fields);
  return { id: card.id, name: card.name, age: card.age, main_image: card.main_image, fictional: card.fictional, online: card.online };
};

/** A member a chat may involve: visible to me (same pool, confirmed, nobody blocked) and of this site's niche. */
async function chatPartner(c: Context<AppEnv>, me: Member, id: number) {
  const [other] = await partnerRow(c.get('db'), me, id, c.get('tenant').niche);
  if (!other) throw new AppError('not_found_generic', 404);
  return other;
}

const answerFor = (me: number, message: MessageRow, b: Balances): SendAnswer => ({
  message: toMessage(message, me),
  conversation: message.conversationId,
  credits: b.credits,
  free_messages_left: b.paidUser ? 0 : b.freeMessagesLeft,
  free_conversations_left: b.paidUser ? 0 : b.freeConversationsLeft,
});

/**
 * A sent message: pushed live to the other member's tabs, and to my other tabs with my balances;
 * mailed to the other member when their notifications say so, and pushed to their browsers unless a
 * tab of theirs shows the conversation (both after the answer); answered 201.
 */
function delivered(
  c: Context<AppEnv>,
  me: Member,
  other: { id: number; fictional: boolean },
  message: MessageRow,
  after: Balances,
  notice?: MessageNoticeState | null,
) {
  const answer = answerFor(me.id, message, after);
  const here = { slug: c.get('tenant').slug, origin: new URL(c.req.url).origin };
  // the live delivery first: the mail and push decisions (their D1 reads, the Durable Object's
  // "is the conversation on screen") start once the open tabs have the message, never competing with it
  const live = publish(c.env, [
    [other.id, { type: 'message', conversation: message.conversationId, from: me.id, message: toMessage(message, other.id) }],
    [
      me.id,
      {
        type: 'message',
        conversation: message.conversationId,
        from: me.id,
        message: answer.message,
        credits: answer.credits,
        free_messages_left: answer.free_messages_left,
        free_conversations_left: answer.free_conversations_left,
      },
    ],
  ]);
  c.executionCtx.waitUntil(live);
  // a member writing to a fictional profile: the company's chat operators see it in their queue at once
  if (other.fictional)
    c.executionCtx.waitUntil(publishDesk(c.env, me.companyId, { type: 'queue', conversation: message.conversationId, reason: 'message' }));
  // what the mail and the push decide on: read by the send's batch, else in one query of its own
  const m = { conversationId: message.conversationId, messageId: message.id, senderId: me.id, recipientId: other.id };
  const state = live.then(() => (notice !== undefined ? notice : noticeStateOf(c.get('db'), m)));
  c.executionCtx.waitUntil(
    state
      .then((s) => mailMessage(c.env, c.get('db'), { ...m, at: clock.now(), here }, s))
      .catch((error: unknown) => console.error('notify message:', error)),
  );
  pushLater(c.executionCtx, () => state.then((s) => pushMessage(c.env, c.get('db'), other.id, message, { id: me.id, name: me.name }, s)));
  return c.json(answer, 201);
}

export const chatRoutes = new Hono<AppEnv>()
  // hot: the session, the page and the unread total in one round trip (middleware/session sessionForBatch)
  .get('/chats.php', validate('query', chatsQuery), async (c) => {
    const { before } = c.req.valid('query');
    const session = sessionForBatch(c);
    // a list that may lag a moment (a read replica), never behind this member's own writes
    const db = c.get('replica');
    const started = Date.now();
    const [mine, list, unread] = await db.batch([
      session.statement,
      ...listItems(db, session.values, c.get('tenant').niche, before, CHATS_PAGE),
    ]);
    // the time spent in D1 (Workers' clock advances across I/O): read by npm run bench
    timed(c, 'd1', started);
    const me = session.settle(mine);
    const rows = list.slice(0, CHATS_PAGE);
    const more = list.length > CHATS_PAGE;
    const totalUnread = unread[0]?.n ?? 0;
    c.header('Cache-Control', 'private, no-store');
    const chats = rows.map((r): ChatItem => ({
      conversation: r.conversation,
      profile: r.other.id,
      num_unread_messages: r.unread,
      other: profileOf(c, r.other),
      last_message: r.last
        ? {
            kind: r.last.kind,
            text: r.last.text,
            gift: (r.last.gift as GiftId | null) ?? null,
            mine: r.last.senderId === me.id,
            created_at: r.last.createdAt,
            removed: r.last.removedAt !== null,
          }
        : null,
      updated_at: r.updatedAt ?? '',
    }));
    const last = chats.at(-1);
    const answer: ChatsAnswer = { chats, next: more && last ? chatsCursor(last) : null, more, total_unread: totalUnread };
    return c.json(answer, 200);
  })
  .delete('/chat.php', validate('json', deleteChatInput), async (c) => {
    const me = await requireMember(c);
    const input = c.req.valid('json');
    // by profile: a member of this site's niche only (another niche's chats are deleted on their site)
    if ('profile' in input && !(await siteMember(c.get('db'), { companyId: me.companyId, niche: c.get('tenant').niche }, input.profile)))
      throw new AppError('not_found_generic', 404);
    const hidden = await hideConversations(
      c.get('db'),
      me.id,
      'conversation' in input ? byConversation(input.conversation) : byOther(input.profile),
    );
    // a conversation that is not mine is simply not found
    if ('conversation' in input && !hidden.length) throw new AppError('not_found_generic', 404);
    return c.json({ deleted: hidden.length } satisfies DeleteChatAnswer, 200);
  })
  // hot: the session is looked up in the batch that opens the conversation (middleware/session sessionForBatch)
  .get('/messages.php', validate('query', messagesQuery), async (c) => {
    const q = c.req.valid('query');
    const session = sessionForBatch(c);
    const db = c.get('db');
    const niche = c.get('tenant').niche;
    let me: Member;
    let conversation: number | null;
    let unread = 0;
    let other: CardRow;
    let page: { rows: MessageRow[]; more: boolean };
    const started = Date.now();
    if (q.conversation !== undefined) {
      // the session, my side with the other member, and the page: one round trip
      const [mine, side, rows] = await db.batch([
        session.statement,
        ...openConversation(db, { ...session.values, conversation: q.conversation, niche, before: q.before ?? NEWEST }),
      ]);
      me = session.settle(mine);
      // a page reaching past what the archive job moved out of D1 is completed from R2
      const found = side[0];
      const all = found
        ? await withArchived(db, c.env, rows, {
            conversation: q.conversation,
            ...found,
            before: q.before ?? NEWEST,
            pageSize: MESSAGES_PAGE,
          })
        : rows;
      // blocked either way, deleted, unconfirmed, of another niche or not mine: not found
      const opened = openedConversation(side, all);
      if (!opened) throw new AppError('not_found_generic', 404);
      ({ unread, other } = opened);
      conversation = q.conversation;
      page = opened;
    } else {
      me = await session.lookup();
      other = await chatPartner(c, me, q.profile!);
      const found = await conversationWith(db, me.id, other.id);
      conversation = found?.id ?? null;
      unread = found?.unread ?? 0;
      page = found
        ? await messagePage(db, found.id, found.deletedUpTo, q.before, MESSAGES_PAGE, (rows) =>
            withArchived(db, c.env, rows, { conversation: found.id, ...found, before: q.before ?? NEWEST, pageSize: MESSAGES_PAGE }),
          )
        : { rows: [], more: false };
    }
    // Opening a conversation (its newest page) reads it (spec section 4); with nothing unread
    // (every message received since the last opening counts), there is nothing to mark.
    if (conversation && q.before === undefined && unread > 0) {
      const read = await markRead(db, conversation, me.id, clock.now());
      const events: Parameters<typeof publish>[1] = [];
      if (read.messagesRead) events.push([other.id, { type: 'read', conversation, by: 'other' }]);
      if (read.unreadCleared) events.push([me.id, { type: 'read', conversation, by: 'me' }]);
      if (events.length) c.executionCtx.waitUntil(publish(c.env, events));
    }
    c.header('Cache-Control', 'private, no-store');
    timed(c, 'd1', started);
    const answer: MessagesAnswer = {
      conversation,
      other: profileOf(c, other),
      messages: page.rows.map((m) => toMessage(m, me.id)),
      more: page.more,
    };
    return c.json(answer, 200);
  })
  // hot: the session is looked up in the send's first batch (middleware/session sessionForBatch)
  .post(
    '/message.php',
    (c, next) => (isMultipart(c) ? imageBodyLimit(c, next) : next()),
    async (c) => {
      const session = sessionForBatch(c);
      const t = c.get('t');
      const settings = c.get('settings');
      // JSON: a text or a gift; multipart: an image (its file is read and checked once the send is allowed)
      let input: Outgoing;
      let file: unknown = null;
      if (isMultipart(c)) {
        // not hot: a large body is read only for a live session
        await session.lookup();
        let form: Record<string, string | File>;
        try {
          form = await c.req.parseBody();
        } catch {
          throw new AppError('invalid_photo', 400);
        }
        input = parseOrThrow(t, sendImageFields, { to: form['to'], kind: form['kind'], client_id: form['client_id'] });
        file = form['image'];
      } else {
        try {
          input = parseOrThrow(t, sendInput, await jsonObject(c));
        } catch (error) {
          // a visitor is told so before anything about the input, as on every protected call
          await session.lookup();
          throw error;
        }
      }
      const db = c.get('db');
      const now = clock.now();
      const window = rateWindow(60_000, now);
      const niche = c.get('tenant').niche;
      const price =
        input.kind === 'text' ? settings.message_credits : input.kind === 'gift' ? settings.gift_credits : settings.photo_credits;
      if (!Number.isSafeInteger(price) || price < 0) throw new Error(`chat: a price must be a whole number of credits, got ${price}`);
      const limited = (use: { windowStart: string } | undefined) =>
        new RateLimited('too_many_messages', use ? secondsLeft(use.windowStart, 60_000, now) : 60);
      const newConversationId = randomId();

      // A text or a gift is decided and written in one round trip (sendStatements). An image (its
      // upload goes to R2 between the decision and the batch) and a text too long are decided first
      // by a read-only query (sendFacts), which answers the refusals in the same order; the image
      // is then written by the same batch, whose guards decide again.
      let imageKeys: { display: string; thumb: string } | null = null;
      if (input.kind === 'image' || (input.kind === 'text' && input.text.length > settings.message_length)) {
        const f = await namedBatch(db, {
          session: session.statement,
          ...sendFacts(db, { ...session.values, clientId: input.client_id, to: input.to, niche, windowExpired: window.expired }),
        });
        const me = session.settle(f.session);
        const [sent] = f.sent;
        const [balances] = f.balances;
        // a retry of a message that was sent: the same answer, nothing charged (or stored) again
        if (sent) return c.json(answerFor(me.id, sent, balances!), 201);
        if (me.status !== 'active') throw new AppError('email_not_confirmed', 403);
        // images are for premium members only (docs/decisions/108-images-in-chat-are-for-premium-members-only.md): nothing is stored or charged
        if (input.kind === 'image' && !balances!.paidUser) throw new AppError('premium_required', 403);
        if (input.kind === 'text') throw new AppError('message_too_long', 400, { max: settings.message_length });
        if (input.to === me.id) throw new AppError('invalid_request', 400);
        // blocked either way, deleted, unconfirmed or of another niche
        if (!f.partner[0]) throw new AppError('not_found_generic', 404);
        // this send would be one more use of the limit
        const [use] = f.use;
        if ((use?.count ?? 0) >= SENDS_PER_MINUTE) throw limited(use);
        // An image goes to R2 first, under the conversation it will be in (the new id on a first
        // message), then the D1 batch; whatever refuses or fails the batch deletes it again.
        // Like a profile photo, the upload itself is not kept: its display version and thumbnail are.
        if (!(file instanceof File) || file.size === 0 || file.size > MAX_PHOTO_BYTES) throw new AppError('invalid_photo', 400);
        const image = checkImage(new Uint8Array(await file.arrayBuffer()));
        if (typeof image === 'string') throw new AppError(image === 'bad_dimensions' ? 'photo_dimensions' : 'invalid_photo', 400);
        const versions = await versionsOf(c.env.IMAGES, image);
        imageKeys = versionKeys(`chat/${f.conversation[0]?.id ?? newConversationId}/${crypto.randomUUID()}`);
        await storeVersions(c.env.PHOTOS, imageKeys, versions);
      }
      // nothing half-written: the image of a send that did not happen goes
      const dropImage = async () => {
        if (imageKeys) await c.env.PHOTOS.delete([imageKeys.display, imageKeys.thumb]);
      };

      const started = Date.now();
      let r;
      try {
        r = await namedBatch(db, {
          session: session.statement,
          ...sendStatements(db, {
            ...session.values,
            to: input.to,
            niche,
            clientId: input.client_id,
            kind: input.kind,
            text: input.kind === 'text' ? input.text : null,
            gift: input.kind === 'gift' ? input.gift : null,
            imageKey: imageKeys?.display ?? null,
            imageThumbKey: imageKeys?.thumb ?? null,
            newConversationId,
            price,
            reason: `message_${input.kind}`,
            ref: `message:${input.client_id}`,
            windowStart: window.start,
            windowExpired: window.expired,
            limit: SENDS_PER_MINUTE,
          }),
        });
      } catch (error) {
        await dropImage();
        // the writes ran only for an allowed send (a live, active member), so a CHECK says all: the balance or the free starts ran out
        if (failedCheck(error, CHECKS.credits)) throw new AppError('insufficient_credits', 402);
        if (failedCheck(error, CHECKS.freeConversations))
          throw new AppError('free_conversation_limit', 403, { limit: settings.free_conversations });
        throw error;
      }
      // the time the send's one batch took in D1 (Workers' clock advances across I/O): read by npm run bench
      timed(c, 'd1', started);
      const me = session.settle(r.session);
      const [sent] = r.sent;
      const [other] = r.recipient;
      const [use] = r.use;
      const [message] = r.message;
      const [after] = r.balances;
      if (!message || sent) await dropImage();
      // a retry of a message that was sent: the same answer, nothing charged (or stored) again
      if (sent) return c.json(answerFor(me.id, sent, after!), 201);
      if (!message) {
        // the refusals in their order, read from the facts the batch's guards saw; it wrote nothing for any of them
        if (me.status !== 'active') throw new AppError('email_not_confirmed', 403);
        if (input.kind === 'image' && !after!.paidUser) throw new AppError('premium_required', 403);
        if (input.to === me.id) throw new AppError('invalid_request', 400);
        if (!other) throw new AppError('not_found_generic', 404);
        if ((use?.count ?? Infinity) > SENDS_PER_MINUTE) throw limited(use);
        throw new Error('chat: a send was allowed but not written');
      }
      return delivered(c, me, other!, message, after!, r.notice[0] ?? null);
    },
  )
  .post('/typing.php', validate('json', typingInput), async (c) => {
    const me = await requireMember(c);
    const { conversation } = c.req.valid('json');
    const side = await sideOf(c.get('db'), me.id, conversation);
    if (!side) throw new AppError('not_found_generic', 404);
    await chatPartner(c, me, side.otherId);
    c.executionCtx.waitUntil(publish(c.env, [[side.otherId, { type: 'typing', conversation, from: me.id }]]));
    return c.json({ ok: true } satisfies TypingAnswer, 200);
  })
  // The live connection: a WebSocket to the member's Durable Object, for this session, from this site only.
  .get('/live.php', async (c) => {
    const me = await requireMember(c);
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new AppError('invalid_request', 400);
    // a browser always names the page's origin on a WebSocket: another site's page (or scheme, or port) is refused
    if (!isOwnOrigin(c, c.req.header('origin'))) throw new AppError('forbidden', 403);
    return connect(c.env, me.id, c.get('sessionHash')!, c.req.raw);
  })
  .get('/gifts.php', async (c) => {
    await requireMember(c);
    const t = c.get('t');
    const credits = c.get('settings').gift_credits;
    c.header('Cache-Control', 'private, max-age=300');
    return c.json(
      { gifts: GIFTS.map((id) => ({ id, name: t(`gifts.${id}`), credits, image: `/gifts/${id}.svg` })) } satisfies GiftsAnswer,
      200,
    );
  });
