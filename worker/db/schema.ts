import { sql } from 'drizzle-orm';
import { MESSAGE_KINDS } from '../contracts/chat.values';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '../contracts/notifications.values';
import { OPERATOR_ROLES, PHOTO_REMOVAL_REASONS } from '../contracts/operator.values';
import { PACKAGE_TIERS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../contracts/payments.values';
import { PROFILE_CHOICES } from '../contracts/profiles.values';
import { MODERATION_STATES, REPORT_KINDS, REPORT_REASONS, DECISION_ACTIONS } from '../contracts/reports.values';
import { PAYMENT_PROVIDERS } from '../../tenants/schema';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** Members of one company's pool; a member signs up on one site (home_site) and keeps it. */
export const members = sqliteTable(
  'members',
  {
    /** Random 48-bit, made before the insert (account signup): never sequential, never enumerable. */
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    homeSite: text('home_site').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    gender: text('gender', { enum: PROFILE_CHOICES.gender }).notNull(),
    birthDate: text('birth_date').notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    niche: integer('niche').notNull(),
    fictional: integer('fictional', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['active', 'not_confirmed', 'deleted'] })
      .notNull()
      .default('active'),
    createdAt: text('created_at').notNull().default(now),
    /** "pbkdf2-sha256$<iterations>$<salt>$<hash>": the parameters travel with the hash. */
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('nl'),
    credits: integer('credits').notNull().default(0),
    /** A free member's allowance (site settings at signup): conversations to start, messages without credits. */
    freeConversationsLeft: integer('free_conversations_left').notNull().default(0),
    freeMessagesLeft: integer('free_messages_left').notNull().default(0),
    paidUser: integer('paid_user', { mode: 'boolean' }).notNull().default(false),
    sexuality: text('sexuality', { enum: PROFILE_CHOICES.sexuality }),
    aboutMe: text('about_me'),
    hairColour: text('hair_colour', { enum: PROFILE_CHOICES.hair_colour }),
    eyeColour: text('eye_colour', { enum: PROFILE_CHOICES.eye_colour }),
    bodyType: text('body_type', { enum: PROFILE_CHOICES.body_type }),
    relationshipStatus: text('relationship_status', { enum: PROFILE_CHOICES.relationship_status }),
    tattoos: text('tattoos', { enum: PROFILE_CHOICES.tattoos }),
    signupReason: text('signup_reason', { enum: PROFILE_CHOICES.signup_reason }),
    /** JSON array of interest tag ids (the fixed set of spec section 3). */
    interests: text('interests').notNull().default('[]'),
    profileStatus: text('profile_status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    notificationsDisabled: text('notifications_disabled').notNull().default('[]'),
    pushPermission: text('push_permission', { enum: ['granted', 'denied', 'default'] }),
    signupStep: text('signup_step').notNull().default('done'),
    emailConfirmedAt: text('email_confirmed_at'),
    /** The member's main photo (photos.id), or null. */
    mainPhotoId: text('main_photo_id'),
    deletedAt: text('deleted_at'),
    deleteReason: text('delete_reason'),
    erasedAt: text('erased_at'),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    /** Invisible mode (premium only, set through notifications.php): left out of search, the swipe game and online signals. */
    invisible: integer('invisible', { mode: 'boolean' }).notNull().default(false),
    /**
     * When the member allowed their profile on the site's public pages (landers, campaign pages,
     * the landing page's faces), through notifications.php; null (the default): never shown there.
     */
    publicConsentAt: text('public_consent_at'),
    /** The last request from a visible page or page-hidden beacon (at most one write a minute): "online" and "mail instead of push". */
    lastActiveAt: text('last_active_at'),
    /**
     * Moderation (reports, README): `hidden` after an under-18 report until a moderator decides
     * (seen by nobody else), `restricted` (out of search and the swipe game), `banned` (seen by
     * nobody, no login).
     */
    moderation: text('moderation', { enum: MODERATION_STATES }).notNull().default('none'),
  },
  (t) => [
    // e-mail addresses are unique per company pool, not globally: companies do not share members
    uniqueIndex('members_company_email').on(t.companyId, t.email),
    // search: a company's visible pool, one niche, by gender and country, newest first (LIMIT stops
    // early); region, birth date and the search fields ride along so the capped count reads the index alone. Every equality
    // a search always has comes before created_at (invisible, moderation too): with the most equalities
    // it is the planner's choice over members_browse (the scale bench, issue 34: a search with a hair
    // colour took 3 s at a million members when the planner walked members_browse instead)
    index('members_search').on(
      t.companyId,
      t.niche,
      t.gender,
      t.country,
      t.status,
      t.profileStatus,
      t.invisible,
      t.moderation,
      t.createdAt,
      t.region,
      t.birthDate,
      // the search fields (SEARCH_FIELDS) ride along too: a filtered search's capped count and a deep page's
      // skipped rows are then read from the index alone (the scale bench: a hair colour read the table for
      // every candidate, 45.8 ms p95 at a million members)
      t.hairColour,
      t.eyeColour,
      t.bodyType,
      t.relationshipStatus,
      t.tattoos,
      t.sexuality,
    ),
    // a search in one region (the filter members use most after age): the same, with the region among the equalities,
    // so it walks that region's members only (the scale bench: a region with a hair colour walked a country's 64,000
    // entries, 36.6 ms p95 at page 50; 1.2 ms in SQLite with this index)
    index('members_search_region').on(
      t.companyId,
      t.niche,
      t.gender,
      t.country,
      t.region,
      t.status,
      t.profileStatus,
      t.invisible,
      t.moderation,
      t.createdAt,
      t.birthDate,
      t.hairColour,
      t.eyeColour,
      t.bodyType,
      t.relationshipStatus,
      t.tattoos,
      t.sexuality,
    ),
    // the swipe game, and a search by gender in any country: a niche's visible members of one gender, newest first
    index('members_swipe').on(t.companyId, t.niche, t.gender, t.status, t.profileStatus, t.invisible, t.moderation, t.createdAt),
    // a search without a gender (either gender wanted, or none given): newest first without sorting the niche's whole pool
    // (the scale bench, issue 34: 2.9 s at a million members without it)
    index('members_browse').on(t.companyId, t.niche, t.status, t.profileStatus, t.invisible, t.moderation, t.createdAt),
    // automatic likes look at recent signups
    index('members_created').on(t.createdAt),
    // a racing spend fails instead of overdrawing
    check('members_credits_not_negative', sql`${t.credits} >= 0`),
    // a racing free message or conversation start fails the same way: the allowance is a balance too
    check('members_free_messages_not_negative', sql`${t.freeMessagesLeft} >= 0`),
    check('members_free_conversations_not_negative', sql`${t.freeConversationsLeft} >= 0`),
  ],
);

/** Only the SHA-256 of a session token is stored; the token itself lives in the cookie. */
export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  // logout everywhere (password change, reset, deletion) deletes by member
  (t) => [index('sessions_member').on(t.memberId)],
);

/** Every change of a balance: delta and the balance after it, written in the same batch. */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id').notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    /** Idempotency reference: one ledger row per (member, ref). */
    ref: text('ref').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_ledger_member_ref').on(t.memberId, t.ref),
    // the transactions page: a member's rows, newest first
    index('credit_ledger_member').on(t.memberId, t.id),
  ],
);

/** Single-use links (activation, password reset, e-mail change, reactivation); hash only. */
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id').notNull(),
    kind: text('kind', { enum: ['activate', 'reset', 'mail_change', 'reactivate', 'reconfirm'] }).notNull(),
    data: text('data'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  // the daily reset-mail limit counts a member's recent tokens of one kind
  (t) => [index('account_tokens_member_kind').on(t.memberId, t.kind, t.createdAt)],
);

/** Every mail goes through here; an adapter delivers it (dev: readable at /dev/mail). */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id'),
    site: text('site').notNull(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: text('created_at').notNull(),
    sentAt: text('sent_at'),
    error: text('error'),
    /** Delivery attempts so far; a sender claims a row before sending so it goes out once. */
    attempts: integer('attempts').notNull().default(0),
    claimedAt: text('claimed_at'),
    /** Email Service's latest event for this mail (its event subscription, lib/mail-events) and when it happened. */
    deliveryEvent: text('delivery_event', { enum: ['delivered', 'bounced', 'complained', 'unsubscribed', 'failed'] }),
    deliveryEventAt: text('delivery_event_at'),
    /** Extra headers of the mail as JSON (List-Unsubscribe and List-Unsubscribe-Post of notification mails), or null. */
    headers: text('headers'),
    /** The Message-ID Email Service answered the send with: its events name the mail by it. */
    messageId: text('message_id'),
    /** When the row was last handed to the deliveries queue (the cron re-enqueues what waited too long). */
    enqueuedAt: text('enqueued_at'),
    /** Given up: refused for good by the provider, or dead-lettered after the queue's retries. */
    failedAt: text('failed_at'),
  },
  (t) => [
    index('mail_outbox_created').on(t.createdAt),
    uniqueIndex('mail_outbox_message_id').on(t.messageId),
    // what waits to be delivered: the request's enqueue and the cron's sweep read only these
    index('mail_outbox_pending')
      .on(t.enqueuedAt, t.id)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
  ],
);

/**
 * Member photos in R2, server-made. `key` is the display version (at most 1600 px on its long
 * side) and `thumb_key` the thumbnail (at most 400 px); both are made from the checked upload,
 * which is not kept. A photo from before the versions has its original under `key` and a null
 * `thumb_key` until the versions job (photos.feature.ts) has made them. Under inspection until
 * an operator approves.
 */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * The locked preview: a `data:image/webp;base64,` URI of the photo at PREVIEW_SIDE px on its long side, made by the
     * server (worker/lib/photo-versions.ts), shown blurred to members who may not see the photo. Null until made
     * (the versions job backfills older photos).
     */
    preview: text('preview'),
    status: text('status', { enum: ['pending', 'active', 'removed'] })
      .notNull()
      .default('pending'),
    createdAt: text('created_at').notNull(),
    reviewedAt: text('reviewed_at'),
    /** The operator who decided (operators.id), and for a removal the reason (PHOTO_REMOVAL_REASONS) and an optional note: the statement of reasons. */
    reviewedBy: integer('reviewed_by'),
    removalReason: text('removal_reason', { enum: PHOTO_REMOVAL_REASONS }),
    removalNote: text('removal_note'),
  },
  // a member's photos, counted for the limits and listed in upload order
  (t) => [
    index('photos_member').on(t.memberId, t.status, t.createdAt),
    // the moderation queue: pending photos, oldest first (keyset on created_at, id); covers the
    // company check's member_id too (the count reads nothing else)
    index('photos_pending')
      .on(t.createdAt, t.id, t.memberId)
      .where(sql`${t.status} = 'pending'`),
    // the versions job finds the photos it has yet to do
    index('photos_unversioned')
      .on(t.createdAt)
      .where(sql`${t.thumbKey} IS NULL`),
    // the versions job finds the photos that still need a locked preview (empty once backfilled)
    index('photos_without_preview')
      .on(t.createdAt)
      .where(sql`${t.preview} IS NULL`),
  ],
);

/** Fixed-window counters for limits like "3 reset mails a day": one atomic upsert per use. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: text('window_start').notNull(),
  count: integer('count').notNull(),
});

/** A member hiding another: both stop seeing each other everywhere. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: integer('blocker_id').notNull(),
    blockedId: integer('blocked_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // "who blocked me" is looked up from the other side
    index('blocks_blocked').on(t.blockedId, t.blockerId),
  ],
);

/** A like from one member to another; a like both ways is a match. `seen_at` null = new for the liked one. */
export const likes = sqliteTable(
  'likes',
  {
    likerId: integer('liker_id').notNull(),
    likedId: integer('liked_id').notNull(),
    source: text('source', { enum: ['profile', 'swipe', 'auto'] }).notNull(),
    createdAt: text('created_at').notNull(),
    seenAt: text('seen_at'),
    /** Set by an unlike: the row stays, so liking again does not make an old like new again. */
    withdrawnAt: text('withdrawn_at'),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // "who likes me": the new ones, then the seen ones, each newest first, paged by a keyset (the
    // liker breaks ties); a query names the segment as `(seen_at IS NULL) = 0|1` (domain/likes
    // `isNewLike`), which SQLite matches to this expression (unqualified: index expressions refuse "likes".)
    index('likes_liked').on(t.likedId, sql`("seen_at" IS NULL)`, t.createdAt, t.likerId),
    // "whom I liked" newest first, and its pages
    index('likes_liker').on(t.likerId, t.createdAt, t.likedId),
  ],
);

/** Profiles a member passed in the swipe game: not offered again. */
export const swipePasses = sqliteTable(
  'swipe_passes',
  {
    memberId: integer('member_id').notNull(),
    passedId: integer('passed_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  // erasure removes the passes of and on a member
  (t) => [primaryKey({ columns: [t.memberId, t.passedId] }), index('swipe_passes_passed').on(t.passedId)],
);

/** A conversation between two members of one pool (`member_a` < `member_b`, once per pair). */
export const conversations = sqliteTable(
  'conversations',
  {
    /** Random 48-bit, like member ids: it appears in URLs and must not be guessable in order. */
    id: integer('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    memberA: integer('member_a').notNull(),
    memberB: integer('member_b').notNull(),
    startedBy: integer('started_by').notNull(),
    createdAt: text('created_at').notNull(),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: text('last_message_at'),
    /** Set while a member waits for an answer from a fictional profile (the operators' queue). */
    awaitingOperatorSince: text('awaiting_operator_since'),
    /** The chat console's lock: the operator answering this conversation, until this time (renewed while typing; README, chat console). */
    lockedBy: integer('locked_by'),
    lockedUntil: text('locked_until'),
    /**
     * Every message up to this id has been through the archive job: those not kept in D1 (images
     * stay, their files are found by key) are in R2 (`message_archives`). 0: nothing archived.
     */
    archivedUpTo: integer('archived_up_to').notNull().default(0),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.memberA, t.memberB),
    // the operators' queue: oldest waiting first
    index('conversations_awaiting').on(t.awaitingOperatorSince),
    // the job that releases locks nobody took over (and audits them) reads only the held ones
    index('conversations_locked')
      .on(t.lockedUntil)
      .where(sql`locked_by IS NOT NULL`),
    // the archive job: conversations with messages not yet archived, by their last message's time
    index('conversations_to_archive')
      .on(t.lastMessageAt)
      .where(sql`last_message_id > archived_up_to`),
  ],
);

/**
 * One archived stretch of a conversation: its messages of one calendar month (UTC) with ids from
 * `first_id` to `last_id`, gzipped JSON in R2 under `key` (features/chat/chat.archive.ts). Holds
 * nothing personal itself; the object holds the messages, and erasure rewrites it.
 */
export const messageArchives = sqliteTable(
  'message_archives',
  {
    conversationId: integer('conversation_id').notNull(),
    firstId: integer('first_id').notNull(),
    lastId: integer('last_id').notNull(),
    /** The month of its messages, `YYYY-MM`. */
    period: text('period').notNull(),
    key: text('key').notNull(),
    messages: integer('messages').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.firstId] })],
);

/** Each member's side of a conversation: unread count, activity for the list, what was deleted. */
export const conversationMembers = sqliteTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id').notNull(),
    memberId: integer('member_id').notNull(),
    otherId: integer('other_id').notNull(),
    unread: integer('unread').notNull().default(0),
    /** Last message in the conversation (for the list's order); null until the first message. */
    lastActivityAt: text('last_activity_at'),
    /** Messages up to this id are deleted for this member; the conversation shows again with a newer one. */
    deletedUpTo: integer('deleted_up_to').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    // the chat list: a member's conversations, newest activity first
    index('conversation_members_list').on(t.memberId, t.lastActivityAt),
    // by profile (open or delete the conversation with a member)
    index('conversation_members_other').on(t.memberId, t.otherId),
  ],
);

/** A message; `credits` is what it cost the sender (0 when free), `sentByOperator` the operator who wrote it for a fictional profile. */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id').notNull(),
    senderId: integer('sender_id').notNull(),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    text: text('text'),
    gift: text('gift'),
    imageKey: text('image_key'),
    /** The image's thumbnail (`image_key` is its display version); null for images from before the versions. */
    imageThumbKey: text('image_thumb_key'),
    clientId: text('client_id').notNull(),
    credits: integer('credits').notNull(),
    sentByOperator: integer('sent_by_operator'),
    createdAt: text('created_at').notNull(),
    readAt: text('read_at'),
    /** When a moderator removed the content (a report's decision): text, gift and image are cleared, the row stays and shows as removed. */
    removedAt: text('removed_at'),
  },
  (t) => [
    // a retried send (same client id) is the same message
    uniqueIndex('messages_sender_client').on(t.senderId, t.clientId),
    // a conversation's messages, paged backwards by id
    index('messages_conversation').on(t.conversationId, t.id),
    // marking a conversation read touches only its unread messages, however long it is
    index('messages_unread')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} IS NULL`),
    // an image served under /media/chat/ is found by its key
    uniqueIndex('messages_image')
      .on(t.imageKey)
      .where(sql`${t.imageKey} IS NOT NULL`),
    // the unread-message reminder finds messages unread for a day by their time
    index('messages_unread_created')
      .on(t.createdAt)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A purchase of a credit package. Amount, currency and credits are the server's (the package of
 * the buyer's country); the row is written before the provider hears of it, so a provider
 * failure leaves a failed row, and `paid` is set once, in the batch that grants the credits.
 * A financial record: kept after the member's erasure (it holds nothing personal).
 */
export const payments = sqliteTable(
  'payments',
  {
    /** Random, url-safe (24 characters): it travels in return URLs. */
    id: text('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    companyId: integer('company_id').notNull(),
    /** The site (tenant slug) the purchase was made on. */
    site: text('site').notNull(),
    /** The buyer's country the package was priced for (and the receipt's VAT rate). */
    country: text('country').notNull(),
    package: text('package', { enum: PACKAGE_TIERS }).notNull(),
    credits: integer('credits').notNull(),
    /** Integer minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    issuer: text('issuer'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id, known once the provider made the payment (null until then, or when it failed to). */
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    paidAt: text('paid_at'),
    /** Whether this payment made the member premium (set when it is paid: the member was not premium before). */
    madePremium: integer('made_premium', { mode: 'boolean' }).notNull().default(false),
    /** The discount code the payment was started with (upper-case; null: none), its percentage, and the package price before it (`amount` is after it). */
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage'),
    fullAmount: integer('full_amount'),
    /**
     * What the provider last reported as refunded and charged back (minor units of `currency`; a
     * paid payment stays paid). Each refund and chargeback is a `payment_reversals` row.
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    chargedBackAmount: integer('charged_back_amount').notNull().default(0),
  },
  (t) => [
    // a webhook finds its payment by the provider's id
    uniqueIndex('payments_provider_id').on(t.provider, t.providerPaymentId),
    // a member's payments, newest first
    index('payments_member').on(t.memberId, t.createdAt),
    check('payments_positive', sql`${t.credits} > 0 AND ${t.amount} > 0`),
  ],
);

/**
 * The `sim` provider's own books (development and tests only): what a real provider keeps on its
 * side. Its hosted checkout page (/dev/psp/<id>) reads and sets the status here.
 */
export const devPspPayments = sqliteTable('dev_psp_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  issuer: text('issuer'),
  /** The merchant's reference (our payment id), like a provider's metadata. */
  reference: text('reference').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('open'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  /** The customer the payment was made for (card payments start one, recurring payments need one). */
  customerId: text('customer_id'),
  /** `first` makes a card mandate when paid; `recurring` is paid with `mandate_id`. */
  sequenceType: text('sequence_type', { enum: ['oneoff', 'first', 'recurring'] })
    .notNull()
    .default('oneoff'),
  /** The mandate it made (a paid `first` card payment) or was paid with (`recurring`). */
  mandateId: text('mandate_id'),
});

/**
 * Discount codes of a company's sites (stored upper-case; entered case-insensitively). A code may
 * be limited to a buyer country, one member (`user_id`: a personal code), a currency (its minimum
 * order is in it; without one the minimum is in the payment's currency), payment methods (a JSON
 * array; null: any) and a period. The built-in codes (the time bonus, the welcome code) are not
 * rows: they are computed per member (worker/domain/discounts.ts).
 */
export const discountCodes = sqliteTable(
  'discount_codes',
  {
    code: text('code').notNull(),
    companyId: integer('company_id').notNull(),
    country: text('country'),
    userId: integer('user_id'),
    percentage: integer('percentage').notNull(),
    currency: text('currency'),
    /** Integer minor units of `currency` (or of the payment's currency when that is null). */
    minimumOrderValue: integer('minimum_order_value'),
    /** JSON array of payment methods the code is valid with; null: any. */
    paymentMethods: text('paymentmethods'),
    startsAt: text('starts_at').notNull(),
    expiresAt: text('expires_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.code] }),
    check('discount_codes_percentage', sql`${t.percentage} BETWEEN 1 AND 90`),
    check('discount_codes_upper', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_minimum', sql`${t.minimumOrderValue} IS NULL OR ${t.minimumOrderValue} > 0`),
  ],
);

/**
 * A member's use of a code, once per member and code (the primary key): `held` from the start of
 * the payment that carries it (in the same batch as the payment row), deleted when that payment
 * fails, is cancelled or expires, `used` when it is paid. Held codes count as used.
 */
export const discountRedemptions = sqliteTable(
  'discount_redemptions',
  {
    code: text('code').notNull(),
    memberId: integer('member_id').notNull(),
    paymentId: text('payment_id').notNull(),
    status: text('status', { enum: ['held', 'used'] }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.memberId] }),
    // settling a payment releases or uses its hold
    index('discount_redemptions_payment').on(t.paymentId),
  ],
);

/**
 * A refund or chargeback of a paid payment, as its provider reported it: once per provider id
 * (`ref` is the ledger's ref, `refund:<id>` or `chargeback:<id>`, unique per member like the
 * ledger's). `credits` is the package's share the amount stands for; `taken` what the balance had
 * of it (the ledger row's delta, none when nothing was taken), `shortfall` the rest, which the
 * member had already spent. The row is written in the batch that takes the credits, last, and
 * its existence is what makes a replay take nothing.
 */
export const paymentReversals = sqliteTable(
  'payment_reversals',
  {
    memberId: integer('member_id').notNull(),
    ref: text('ref').notNull(),
    paymentId: text('payment_id').notNull(),
    kind: text('kind', { enum: ['refund', 'chargeback'] }).notNull(),
    /** The provider's id of the refund or chargeback. */
    providerReversalId: text('provider_reversal_id').notNull(),
    /** Minor units of the payment's currency. */
    amount: integer('amount').notNull(),
    credits: integer('credits').notNull(),
    taken: integer('taken').notNull(),
    shortfall: integer('shortfall').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.ref] }),
    // a payment's refunds and chargebacks (what is known already when the provider reports more)
    index('payment_reversals_payment').on(t.paymentId),
    check(
      'payment_reversals_amounts',
      sql`${t.amount} > 0 AND ${t.credits} >= 0 AND ${t.taken} >= 0 AND ${t.shortfall} >= 0 AND ${t.taken} + ${t.shortfall} = ${t.credits}`,
    ),
  ],
);

/** The `sim` provider's refunds and chargebacks (development and tests only), made by its checkout page's buttons. */
export const devPspReversals = sqliteTable(
  'dev_psp_reversals',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    kind: text('kind', { enum: ['refund', 'chargeback'] }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('dev_psp_reversals_payment').on(t.paymentId, t.createdAt)],
);

/**
 * The `sim` provider's mandates (development and tests only): direct debit mandates made from the
 * direct-debit form, card mandates made by a paid `first` card payment. Only a masked label is
 * kept, never the account number.
 */
export const devPspMandates = sqliteTable('dev_psp_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  method: text('method', { enum: ['directdebit', 'creditcard'] }).notNull(),
  label: text('label').notNull(),
  status: text('status', { enum: ['valid', 'pending', 'invalid'] }).notNull(),
  createdAt: text('created_at').notNull(),
});

/**
 * A member's customer record at a payment provider (its id only; what the provider keeps is the
 * provider's). Made on the first card payment or direct debit; mandates hang under it.
 */
export const paymentCustomers = sqliteTable(
  'payment_customers',
  {
    memberId: integer('member_id').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.provider] })],
);

/**
 * A member's customer at a payment provider, to be deleted there after the member's erasure (the
 * provider then cancels its mandates): written in the erasure's batch, deleted at the provider by
 * the `provider-erasures` job with retries and backoff until the provider confirms it (or says it
 * is gone already). No member column: the member is anonymised by then.
 */
export const providerErasures = sqliteTable(
  'provider_erasures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: text('created_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this: a run's claim moves it on (a racing run finds nothing due), a failure backs off. */
    nextAt: text('next_at').notNull(),
    doneAt: text('done_at'),
    /** The last failure, for operators (never the API key). */
    error: text('error'),
  },
  (t) => [
    // a customer is erased once, however often its member's erasure is written
    uniqueIndex('provider_erasures_customer').on(t.provider, t.customerId),
    // the job reads only what is still to do, oldest due first
    index('provider_erasures_due')
      .on(t.nextAt)
      .where(sql`done_at IS NULL`),
  ],
);

/**
 * A saved way to pay again (repeat orders): a direct-debit mandate signed with an SMS code, or a
 * card mandate made by a paid card payment. `label` is masked ("NL** **** **** 1234",
 * "•••• 4242"); the account number itself stays on the direct-debit request and at the provider.
 */
export const mandates = sqliteTable(
  'mandates',
  {
    /** Ours, random (its upper-case form is the SEPA mandate reference). */
    id: text('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerMandateId: text('provider_mandate_id').notNull(),
    method: text('method', { enum: ['directdebit', 'creditcard'] }).notNull(),
    label: text('label').notNull(),
    status: text('status', { enum: ['valid', 'pending', 'invalid', 'revoked'] }).notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    // a provider's mandate is saved once, however often its payment is settled
    uniqueIndex('mandates_provider_id').on(t.provider, t.providerMandateId),
    // the member's newest mandate
    index('mandates_member').on(t.memberId, t.createdAt),
  ],
);

/**
 * IBANs and phone numbers refused for direct debit (fraud, returned debits), for every site:
 * IBANs in electronic form (upper-case, no spaces), phones in E.164.
 */
export const directDebitBlocks = sqliteTable(
  'directdebit_blocks',
  {
    kind: text('kind', { enum: ['iban', 'phone'] }).notNull(),
    value: text('value').notNull(),
    reason: text('reason'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] })],
);

/**
 * Step 1 of a direct debit: the form (for the mandate) and the package priced then, waiting for
 * the SMS code. Only the code's HMAC is kept; `attempts` counts every try (5 at most) and
 * `used_at` makes it single use. Erasure clears the holder, IBAN, address and phone.
 */
export const directDebitRequests = sqliteTable(
  'directdebit_requests',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    companyId: integer('company_id').notNull(),
    site: text('site').notNull(),
    country: text('country').notNull(),
    package: text('package', { enum: PACKAGE_TIERS }).notNull(),
    credits: integer('credits').notNull(),
    /** Minor units of `currency` (after the discount, when one was entered). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    discountCode: text('discount_code'),
    discountKind: text('discount_kind', { enum: ['code', 'time_bonus', 'welcome'] }),
    discountPercentage: integer('discount_percentage'),
    fullAmount: integer('full_amount'),
    holder: text('holder'),
    /** Electronic form (NL91ABNA0417164300). */
    iban: text('iban'),
    street: text('street'),
    houseNumber: text('house_number'),
    zip: text('zip'),
    city: text('city'),
    /** E.164. */
    phone: text('phone'),
    /** HMAC-SHA-256 of the request id and the code (hex). */
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    /** The payment made when the code was confirmed. */
    paymentId: text('payment_id'),
  },
  (t) => [
    index('directdebit_requests_member').on(t.memberId, t.createdAt),
    check('directdebit_requests_attempts', sql`${t.attempts} BETWEEN 0 AND 5`),
  ],
);

/** Every SMS goes through here; an adapter delivers it (dev: readable at /dev/sms). */
export const smsOutbox = sqliteTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id'),
    site: text('site').notNull(),
    /** E.164. */
    toNumber: text('to_number').notNull(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: text('created_at').notNull(),
    /** Not sent after this (a code that expired is useless). */
    expiresAt: text('expires_at'),
    sentAt: text('sent_at'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: text('claimed_at'),
    /** The gateway's id of the message (Twilio's Message SID) and its latest status (status callback). */
    providerId: text('provider_id'),
    status: text('status'),
    enqueuedAt: text('enqueued_at'),
    /** Given up: refused for good by the gateway, expired, or dead-lettered after the queue's retries. */
    failedAt: text('failed_at'),
  },
  (t) => [
    index('sms_outbox_created').on(t.createdAt),
    uniqueIndex('sms_outbox_provider_id').on(t.providerId),
    index('sms_outbox_pending')
      .on(t.enqueuedAt, t.id)
      .where(sql`sent_at IS NULL AND failed_at IS NULL`),
  ],
);

/**
 * A member's choice per notification type and channel (README, "Notification preferences"). Only choices are
 * stored: a type without a row has its default (NOTIFICATION_DEFAULTS).
 */
export const notificationSettings = sqliteTable(
  'notification_settings',
  {
    memberId: integer('member_id').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.type, t.channel] })],
);

/**
 * When a notification mail of a kind last went to a member, per reference (a conversation for
 * new messages, '' for likes and reminders, the week for the digest): the batching and the
 * once-only rules read and write it in the batch that queues the mail.
 */
export const notificationSends = sqliteTable(
  'notification_sends',
  {
    memberId: integer('member_id').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.ref] })],
);

/** The weekly digest of one week: started by the weekly Cron Trigger, continued in slices (members by id after `cursor`) until done. */
export const digestRuns = sqliteTable('digest_runs', {
  week: text('week').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  startedAt: text('started_at').notNull(),
  finishedAt: text('finished_at'),
});

/**
 * Web Push subscriptions (one per browser and site, as PushSubscription.toJSON() gives them),
 * bound to the session that registered them: a browser that logged out (or whose session ended)
 * gets no more pushes of that member.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id').notNull(),
    /** The push service's URL for this browser: a capability, unique over all members. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The site (tenant slug) it was made on: its origin shows the notification, its name and language brand it. */
    site: text('site').notNull(),
    /** SHA-256 of the session token that registered it (sessions.token_hash). */
    sessionHash: text('session_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    // one row per browser: registering the endpoint again (another member, a new session) moves it
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    // a member's subscriptions, newest first (the fan-out, the cap per member)
    index('push_subscriptions_member').on(t.memberId, t.createdAt),
  ],
);

/**
 * The people who run the sites (not members): one company each, a role, password and TOTP
 * (RFC 6238). `last_totp_step` is the time step of the last code accepted: a code is good once.
 */
export const operators = sqliteTable(
  'operators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32, as in the otpauth:// URI the operator enrolled with. Empty (like the password hash) until the operator has used their set-up link. */
    totpSecret: text('totp_secret').notNull(),
    lastTotpStep: integer('last_totp_step'),
    /** A new secret offered while the operator re-enrols their authenticator (settings), until confirmed with its code. */
    pendingTotpSecret: text('pending_totp_secret'),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  // one operator host serves every company: an address logs in to one account
  (t) => [uniqueIndex('operators_email').on(t.email), index('operators_company').on(t.companyId, t.id)],
);

/**
 * A one-time set-up link of an operator (new, or reset by an admin): only the SHA-256 of its token
 * is stored. `totp_secret` is the secret offered to whoever opened the link last (made anew on
 * every opening, so a look at the link before the operator's own is worth nothing).
 */
export const operatorSetupTokens = sqliteTable(
  'operator_setup_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    totpSecret: text('totp_secret'),
  },
  // a reset or a completed set-up deletes the operator's other links
  (t) => [index('operator_setup_tokens_operator').on(t.operatorId)],
);

/** An operator's session: only the SHA-256 of the cookie's token is stored. */
export const operatorSessions = sqliteTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('operator_sessions_operator').on(t.operatorId)],
);

/**
 * Every operator action: who, what, which object, when, and the object before and after (JSON),
 * written in the same batch as the action. Admins read it newest first (keyset on id).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: text('before'),
    after: text('after'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('audit_company').on(t.companyId, t.id),
    index('audit_operator').on(t.companyId, t.operatorId, t.id),
    index('audit_action').on(t.companyId, t.action, t.id),
    index('audit_object').on(t.companyId, t.objectType, t.objectId, t.id),
  ],
);

/**
 * A fictional profile's persona note for the chat operators (who she is, how she writes): edited in
 * the console's fictional-profile editor, shown on the chat console's answering screen. Never sent
 * to members.
 */
export const fictionalPersonas = sqliteTable('fictional_personas', {
  memberId: integer('member_id').primaryKey(),
  note: text('note').notNull().default(''),
  updatedAt: text('updated_at').notNull(),
  /** The operator who last changed the note. */
  updatedBy: integer('updated_by'),
});

/** What chat operators note about a member for one fictional profile (the answering screen shows them, newest first). */
export const operatorNotes = sqliteTable(
  'operator_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').notNull(),
    memberId: integer('member_id').notNull(),
    fictionalId: integer('fictional_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    note: text('note').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('operator_notes_pair').on(t.memberId, t.fictionalId, t.id)],
);

/**
 * One row per operator answer: the figures' source (answers and answer times per site, day and
 * operator). `waited_ms` runs from the first unanswered member message to the answer.
 */
export const operatorAnswers = sqliteTable(
  'operator_answers',
  {
    messageId: integer('message_id').primaryKey(),
    companyId: integer('company_id').notNull(),
    site: text('site').notNull(),
    operatorId: integer('operator_id').notNull(),
    waitedMs: integer('waited_ms').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('operator_answers_company').on(t.companyId, t.createdAt)],
);

/**
 * Notices of members and visitors about a profile, photo or message (EU DSA notice and action).
 * `member_id` is the member the object belongs to; `content` is what the moderator is shown (the
 * message text or the profile's name and text at the time of the report). A reporter's erasure
 * clears `reporter_id`; the notice itself is kept.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    site: text('site').notNull(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    objectId: text('object_id').notNull(),
    memberId: integer('member_id').notNull(),
    reporterId: integer('reporter_id'),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    content: text('content'),
    createdAt: text('created_at').notNull(),
    decisionId: text('decision_id'),
    /** The queue's tier: 0 for an under-18 report (first in the queue), 1 for the rest. */
    tier: integer('tier').notNull().default(1),
    /**
     * A keyed hash (HMAC with the pepper) of the reporter's network (IPv4 /24, IPv6 /48), kept
     * while the report is open: tells whether two under-18 reports come from independent
     * reporters. Cleared by the decision and by the reporter's erasure.
     */
    reporterNet: text('reporter_net'),
  },
  (t) => [
    // the queue: a company's open reports, under-18 reports first, then oldest first
    index('reports_open')
      .on(t.companyId, t.tier, t.createdAt, t.id)
      .where(sql`${t.decisionId} IS NULL`),
    index('reports_object').on(t.kind, t.objectId),
    index('reports_reporter').on(t.reporterId),
    index('reports_member').on(t.memberId),
  ],
);

/**
 * A moderator's decision about a member (on reports, or on an appeal of an earlier decision): the
 * record the statement of reasons was made from. `appeal_of` names the decision an appeal was
 * about; its action is then `upheld` or `reversed`.
 */
export const decisions = sqliteTable(
  'decisions',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    memberId: integer('member_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    objectId: text('object_id').notNull(),
    action: text('action', { enum: DECISION_ACTIONS }).notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    appealOf: text('appeal_of'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('decisions_member').on(t.memberId, t.createdAt), uniqueIndex('decisions_appeal').on(t.appealOf)],
);

/**
 * `/complaints`: an appeal of a decision (`decision_id`) or a general complaint (text only).
 * Decided by a moderator other than the one who made the decision appealed.
 */
export const complaints = sqliteTable(
  'complaints',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    memberId: integer('member_id'),
    decisionId: text('decision_id'),
    text: text('text').notNull(),
    createdAt: text('created_at').notNull(),
    outcome: text('outcome', { enum: ['upheld', 'reversed', 'answered'] }),
    answer: text('answer'),
    operatorId: integer('operator_id'),
    decidedAt: text('decided_at'),
  },
  (t) => [
    // the queue: a company's open complaints, oldest first, keyset-paged on (created_at, id)
    index('complaints_open')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.outcome} IS NULL`),
    index('complaints_member').on(t.memberId),
    // one open appeal per decision
    uniqueIndex('complaints_decision').on(t.decisionId),
  ],
);
