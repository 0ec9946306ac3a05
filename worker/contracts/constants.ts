/**
 * The plain constant lists of the contracts, without zod: the web imports its values from here
 * (a value import from a schema file would bring zod and every schema into the web bundle).
 */

/** The values of the profile's choice fields (spec section 3); labels live in locales/. */
export const PROFILE_CHOICES = {
  gender: ['male', 'female'],
  sexuality: ['hetero', 'gay', 'lesbian', 'bi'],
  hair_colour: ['blond', 'brown', 'black', 'red', 'grey', 'other'],
  eye_colour: ['blue', 'green', 'brown', 'grey', 'hazel'],
  body_type: ['slim', 'average', 'athletic', 'curvy', 'plus'],
  relationship_status: ['single', 'relationship', 'married', 'divorced', 'widowed', 'open'],
  tattoos: ['none', 'some', 'many'],
  signup_reason: ['casual', 'relationship', 'friendship', 'chat', 'adventure'],
} as const;

/** The fixed tag set of spec section 3; the id is the tag as the spec names it. */
export const INTEREST_TAGS = [
  'adventure', 'analsex', 'animals', 'art', 'astrology', 'bbq', 'beach', 'beer', 'biking',
  'bondage', 'coffee', 'cooking', 'dancing', 'exchanging pictures', 'fashion', 'foodie',
  'gardening', 'gym', 'hiking', 'hugging', 'kissing', 'lingerie', 'massages', 'masturbating',
  'movies', 'music', 'one night stand', 'oral sex', 'outdoors', 'party', 'photography',
  'politics', 'public sex', 'reading', 'relationship', 'sadomasochism', 'safe sex', 'sex',
  'sex toys', 'shopping', 'sports', 'sushi', 'tattoos', 'tea', 'theater', 'threesome',
  'travelling', 'vegetarian', 'video games', 'wine',
] as const;
export type InterestTag = (typeof INTEREST_TAGS)[number];
export const MAX_INTERESTS = 20;
export const ABOUT_ME_MAX = 2000;
/** A fictional profile's persona note for the chat operators (the console's editor). */
export const FICTIONAL_NOTE_MAX = 4000;
/** Search results per page. */
export const PAGE_SIZE = 20;

export const SIGNUP_STEPS = ['photo', 'location', 'personal', 'about', 'push', 'confirm', 'done'] as const;
export const PUSH_PERMISSIONS = ['granted', 'denied', 'default'] as const;
export const DELETE_REASONS = ['found_partner', 'not_enough_members', 'too_expensive', 'privacy', 'other'] as const;
/** Spec section 9: a deleted account can be reactivated for 14 days. */
export const DELETION_GRACE_DAYS = 14;
export const PASSWORD_MIN = 8;

/** Spec sections 6 and 9: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;
/** GET /api/likes.php: likes a page, per list; the first page also holds every new like, up to LIKES_NEW_CAP. */
export const LIKES_PAGE = 100;
export const LIKES_NEW_CAP = 500;

/** Spec sections 1 and 9: free members up to 3 photos, premium members up to 25. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What the upload field accepts (the server checks the content, whatever the type says). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** Chat: messages a page (newest first, paged backwards), conversations a page of the list. */
export const MESSAGES_PAGE = 30;
export const CHATS_PAGE = 30;
/** The kinds of message. */
export const MESSAGE_KINDS = ['text', 'gift', 'image'] as const;
/** The gift catalogue: names in locales (gifts.<id>), images in web/public/gifts/<id>.svg, price the site's gift_credits. */
export const GIFTS = ['rose', 'heart', 'champagne', 'chocolate', 'teddy', 'diamond'] as const;
/** The unread badge shows 99+ from 100. */
export const BADGE_CAP = 99;

/** Credit packages: four tiers per site and country (spec section 2: a red discount ribbon on p2, a green one on p3). */
export const PACKAGE_TIERS = ['p0', 'p1', 'p2', 'p3'] as const;
/** How a member pays (spec section 2: the payment method choice). Direct debit runs through /directdebit. */
export const PAYMENT_METHODS = ['ideal', 'creditcard', 'paypal', 'directdebit'] as const;
/** A payment's life: open (made, not yet at the provider's page), pending (being processed), then paid, failed, canceled or expired. */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;
/** Transactions a page. */
export const TRANSACTIONS_PAGE = 30;
/** Spec sections 2 and 9: the navigation's credits badge shows at 10 credits or fewer. */
export const CREDITS_BADGE_AT = 10;

/** Spec section 3's notification preference types (h-push uses the same keys), each per channel. */
export const NOTIFICATION_TYPES = ['new_conversation', 'new_message', 'like', 'unread_reminder', 'promotions', 'weekly_update', 'news', 'reminders'] as const;
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
/** Without a choice of the member's: on, except promotions and news, which need the member's consent (opt-in). */
export const NOTIFICATION_DEFAULTS: Record<(typeof NOTIFICATION_TYPES)[number], boolean> = {
  new_conversation: true,
  new_message: true,
  like: true,
  unread_reminder: true,
  promotions: false,
  weekly_update: true,
  news: false,
  reminders: true,
};
/** Why mail to a member's address stopped (spec section 4): `notifications_disabled` lists these. */
export const MAIL_DISABLED_REASONS = ['spam_complaint', 'bounce', 'unsubscribe'] as const;
/** A member counts as online this long after their last activity (README, "Activity and online"). */
export const ONLINE_MINUTES = 5;
/** Operator roles (issue 15): admins run their company's operators and read the audit log; moderators decide on photos; chat operators answer for fictional profiles. */
export const OPERATOR_ROLES = ['admin', 'moderator', 'chat'] as const;
/** The shortest password an operator may choose (ASVS 2.1.1: at least 12 characters). */
export const OPERATOR_PASSWORD_MIN = 12;
/** Why a moderator removes a photo: the ground of the statement of reasons the member gets. */
export const PHOTO_REMOVAL_REASONS = ['not_a_person', 'not_own_photo', 'minor', 'explicit', 'contact_details', 'offensive', 'other'] as const;
/** Pending photos per page of the moderation queue, and audit entries per page. */
export const MODERATION_PAGE = 24;
export const AUDIT_PAGE = 50;

/**
 * Spec section 2, "Static pages: {token}": a legal page at the site's root (`/faq` is `/pages/faq`).
 * Every other one-segment path that is not an app route (APP_ROOT_ROUTES) answers 404.
 */
export const STATIC_PAGE_TOKENS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
/** The app's one-segment routes (web/app/router.tsx), so the shell knows which others are unknown. */
export const APP_ROOT_ROUTES = [
  'likes', 'members', 'chats', 'account-deleted', 'complaints', 'complete-signup', 'credits', 'directdebit',
  'lang-config', 'login', 'match-finder', 'notifications', 'premium', 'pricing', 'profile', 'reset-password',
  'signup', 'signup-matches', 'swipe-game', 'transactions', 'reactivate', 'offline', 'pages', 'landers',
  'unsubscribe', 'activate', 'mail-change',
] as const;
/** Reports (EU DSA notice and action): what can be reported, and why. */
export const REPORT_KINDS = ['profile', 'photo', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['illegal', 'harassment', 'spam', 'fake', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** A moderator's decision on reports (`none`, `remove` the content, `restrict`, `ban`), or on an appeal (`upheld`, `reversed`). */
export const DECISION_ACTIONS = ['none', 'remove', 'restrict', 'ban', 'upheld', 'reversed'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];
/** A member's moderation state: `hidden` (an under-18 report waiting), `restricted`, `banned`. */
export const MODERATION_STATES = ['none', 'hidden', 'restricted', 'banned'] as const;
export const REPORT_TEXT_MAX = 1000;
export const COMPLAINT_TEXT_MAX = 2000;
/** Spec section 2: the landing pages under /landers/{name}/{slug?} (tinderswipe takes no slug). */
export const LANDERS = [
  'alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork',
  'transitionsvideolanding', 'video', 'tinderswipe',
] as const;
export type LanderName = (typeof LANDERS)[number];
/**
 * Each lander's chunk under web/features/landers/kinds/ (the same table as the lander page's
 * KINDS): the shell's preload hints and the bench's JS walk (tests/bench/landers.mjs) read it.
 */
export const LANDER_KINDS: Record<LanderName, string> = {
  alonetonight: 'alone-tonight',
  collagelanding: 'collage',
  gallery: 'gallery',
  iconslanding: 'icons',
  maplanding: 'map',
  socialnetwork: 'social',
  transitionsvideolanding: 'transitions',
  video: 'video',
  tinderswipe: 'swipe',
};
/** How many profiles a lander shows at most. */
export const LANDER_PROFILES = 12;

/**
 * The worker's close codes on a live connection (contracts/live.ts): the session ended, or its
 * right to the connection did (a logout, password change, deletion; an operator disabled or given
 * another role: the client asks who is logged in), the member was banned (the tab goes to
 * /pages/ban; the close reason is `banned` or `banned <appeal token>`).
 */
export const LIVE_CLOSE = { sessionEnded: 4001, banned: 4403 } as const;
/** The live connections' addresses (contracts/live.ts LiveSockets). */
export const LIVE_PATHS = { member: '/api/live.php', desk: '/api/operator/live.php' } as const;
