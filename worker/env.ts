import type { Company, Locale, Tenant } from '../tenants/schema';
import type { SiteSettings } from '../tenants/schema';
import type { Member } from './domain/members';
import type { Db } from './lib/db';
import type { Translate } from './lib/i18n';

export type Bindings = {
  DB: D1Database;
  PHOTOS: R2Bucket;
  /** Cloudflare Images: makes the display and thumbnail versions of photos (Sharp under wrangler dev and the tests). */
  IMAGES: ImagesBinding;
  ASSETS: Fetcher;
  /** One Durable Object per member: its live connections (worker/realtime/inbox.ts). */
  INBOX: DurableObjectNamespace<import('./realtime/inbox').Inbox>;
  /** 'development' locally (enables /dev pages); 'production' when deployed. */
  ENVIRONMENT: string;
  /** VAPID public key for Web Push (base64url, 65 bytes), also in the site settings for the browser's subscribe. */
  VAPID_PUBLIC_KEY: string;
  /** Its private key (the JWK `d`, base64url): `wrangler secret put VAPID_PRIVATE_KEY`; .dev.vars locally. Unset: no pushes (logged). */
  VAPID_PRIVATE_KEY?: string;
  /** Secret mixed into every password hash (wrangler secret; .dev.vars locally). */
  PASSWORD_PEPPER: string;
  /**
   * Cloudflare Email Service (`[[send_email]]`): every mail goes out through it from its site's own
   * domain (lib/mail sendMail). Locally miniflare's binding keeps the message on disk.
   */
  EMAIL: SendEmail;
  /** The deliveries queue (lib/deliveries): one message per outbox row to send. */
  DELIVERIES: Queue<import('./contracts/queues').Delivery>;
  /**
   * The queue Email Service's event subscription publishes to; the worker only consumes it, but
   * development's /dev/mail posts a bounce or a complaint there the way Cloudflare would.
   */
  MAIL_EVENTS?: Queue<unknown>;
  /** Twilio (lib/sms): the account SID, its auth token (a secret: also the status callbacks' signing key), and the sender (a number, an alphanumeric id, or a Messaging Service SID MG…). Unset: SMS stay queued (development: /dev/sms). */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  /** Twilio's API base, https://api.twilio.com unless set (a recorded stand-in in tests). */
  TWILIO_API_URL?: string;
  /** Hosts of the operator console and its API (comma-separated); never a member site's host. */
  OPERATOR_HOSTS?: string;
  /** Days a conversation must be idle before its messages move to R2 (features/chat/chat.archive.ts; 180 unless set). */
  ARCHIVE_AFTER_DAYS?: string;
  /** Local benchmarks only (scripts/workerd.mjs --sql-trace): every statement's SQL is logged once, for the scale bench's query plans. */
  SQL_TRACE?: string;
  /**
   * Overrides every company's `payment_provider` (tenants/companies.json): `sim` in development
   * and tests (.dev.vars, the test bindings); unset when deployed.
   */
  PAYMENT_PROVIDER?: string;
  /** Mollie's API key (`wrangler secret put MOLLIE_API_KEY`: live_… or test_…); never logged. Unset: Mollie answers `unavailable`. */
  MOLLIE_API_KEY?: string;
  /** Mollie's API base, https://api.mollie.com/v2 unless set (a recorded fake in tests). */
  MOLLIE_API_URL?: string;
};

export type Variables = {
  tenant: Tenant;
  company: Company;
  /** The host the request came in on (lower-case, without port). */
  host: string;
  /** Two-letter country from CF-IPCountry, else cf.country; null when unknown. */
  country: string | null;
  locale: Locale;
  t: Translate;
  /** The database of this request (middleware/context). */
  db: Db;
  /** Reads that may lag behind the primary a moment (read replicas), never behind this browser's own writes (middleware/context). */
  replica: Db;
  /** This site's settings: the global ones with the tenant's overrides (middleware/context). */
  settings: SiteSettings;
  /** The SHA-256 of the request's well-formed session cookie (whether or not its session is live), else null (middleware/session). */
  sessionHash: string | null;
  /**
   * The request's member once a route asked (middleware/session memberOf, or a batch's session
   * row): null for a visitor; unset until asked. Read it through memberOf or requireMember.
   */
  memberLookup?: Promise<Member | null>;
  /** Set when the request queued mail, so it is handed to the mail adapter afterwards. */
  mailQueued: boolean;
  /** Set when the request queued an SMS, so it is handed to the SMS adapter afterwards. */
  smsQueued: boolean;
  /** The request's Server-Timing phases so far (lib/timing). */
  timings: string[];
  /** Cloudflare's Ray ID, or a random id: in the request's log line and an unknown error's answer (middleware/request-log). */
  requestId: string;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };

/**
 * The operator host's app: no site, no member; its own database handle and texts (the console's
 * language from Accept-Language), and the operator of the `osid` session cookie (features/operator).
 */
export type OperatorEnv = {
  Bindings: Bindings;
  Variables: Pick<Variables, 'db' | 't' | 'host' | 'locale' | 'mailQueued' | 'requestId'> & {
    operator: (typeof import('./db/schema').operators)['$inferSelect'] | null;
    operatorSessionHash: string | null;
  };
};
