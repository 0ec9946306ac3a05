import { clock } from './clock';
import type { Db } from './db';
import { minutesOf, RateLimited } from './errors';
import { overLimit, rateLimitUse, type Rule } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits per client on the calls worth abusing, counted in `rate_limits` (fixed windows, one
 * atomic upsert per key): per connecting address (`ip`) and, where the call has a session, per
 * member (`member`). Each is far above what a person does by hand (README, "Limits per client").
 */
export const CLIENT_LIMITS = {
  /** a person signs up once; a household or a shared address a few times */
  signup: { ip: { limit: 5, windowMs: HOUR } },
  /** above the lockout: one address trying many accounts (the lockout counts per account) */
  login: { ip: { limit: 30, windowMs: 10 * MINUTE } },
  /** each request answers whether an address has an account (the spec's 'E-mailadres niet gevonden') */
  reset: { ip: { limit: 10, windowMs: HOUR } },
  activation: { ip: { limit: 20, windowMs: HOUR }, member: { limit: 10, windowMs: HOUR } },
  password: { ip: { limit: 20, windowMs: HOUR }, member: { limit: 10, windowMs: HOUR } },
  mailChange: { ip: { limit: 20, windowMs: HOUR }, member: { limit: 10, windowMs: HOUR } },
  /** the location step asks once or twice; a map being dragged a few dozen times */
  geocode: { ip: { limit: 120, windowMs: 10 * MINUTE }, member: { limit: 120, windowMs: 10 * MINUTE } },
  /** each start calls the payment provider; a member also has STARTS_PER_DAY (payments.service.ts) */
  paymentStart: { ip: { limit: 30, windowMs: HOUR } },
  /** reports (visitors too) and complaints: a person reports a handful of things a day */
  report: { ip: { limit: 20, windowMs: HOUR }, member: { limit: 20, windowMs: HOUR } },
  complaint: { ip: { limit: 10, windowMs: HOUR }, member: { limit: 5, windowMs: HOUR } },
} satisfies Record<string, { ip: Rule; member?: Rule }>;
export type LimitedCall = keyof typeof CLIENT_LIMITS;

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/**
 * The connecting address as Cloudflare reports it (the `CF-Connecting-IP` header's value; it
 * replaces any value a client sends), normalised: IPv4 as is, IPv6 as its /64 (one subscriber gets a whole /64, so a
 * single address is no client). Null when the header is missing or is no address.
 */
export function clientAddress(connectingIp: string | null | undefined): string | null {
  const raw = (connectingIp ?? '').trim().toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(raw)) return raw;
  // an IPv4 client written as IPv6 (::ffff:a.b.c.d) is that IPv4 client
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(raw);
  if (mapped) return mapped[1]!;
  if (!/^[0-9a-f:.]{2,45}$/.test(raw) || !raw.includes(':')) return null;
  if (raw === '::1') return raw;
  const [head = '', tail = ''] = raw.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = raw.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The address the limits count: none in development for a request without the header (the worker
 * tests) or from this machine (wrangler dev and the e2e suite sign up many members from it).
 * Deployed, Cloudflare always sets the header; should it ever be missing, all such requests
 * share one client, `unknown`.
 */
export function countedAddress(connectingIp: string | null | undefined, environment: string): string | null {
  const address = clientAddress(connectingIp);
  if (environment === 'development') return address && !LOOPBACK.has(address) ? address : null;
  return address ?? 'unknown';
}

/** Who makes a limited call: the counted address (countedAddress) and the member, if any. */
export type LimitedClient = { address: string | null; memberId?: number | null };

/**
 * Counts this call against its limits per address and per member (one D1 round trip) and throws
 * 429 `slow_down` with `Retry-After` when either is used up. A refused call still counts, so
 * hammering does not reopen the window sooner.
 */
export async function limitClient(db: Db, call: LimitedCall, { address, memberId }: LimitedClient, now = clock.now()): Promise<void> {
  const rules: { ip: Rule; member?: Rule } = CLIENT_LIMITS[call];
  const checks: { key: string; rule: Rule }[] = [];
  if (address) checks.push({ key: `client:${call}:ip:${address}`, rule: rules.ip });
  if (rules.member && memberId) checks.push({ key: `client:${call}:member:${memberId}`, rule: rules.member });
  if (!checks.length) return;
  const [first, ...rest] = checks.map(({ key, rule }) => rateLimitUse(db, key, rule.windowMs, now));
  const results = await db.batch([first!, ...rest]);
  const waits = results.map(([row], i) => overLimit(row, checks[i]!.rule, now)).filter((s): s is number => s !== null);
  if (waits.length) {
    const wait = Math.max(...waits);
    throw new RateLimited('slow_down', wait, { minutes: minutesOf(wait) });
  }
}
