import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { clock } from './clock';
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
 * The connecting address as Cloudflare reports it (`CF-Connecting-IP`; it replaces any value a
 * client sends), normalised: IPv4 as is, IPv6 as its /64 (one subscriber gets a whole /64, so a
 * single address is no client). Null when the header is missing or is no address.
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  const raw = (c.req.header('cf-connecting-ip') ?? '').trim().toLowerCase();
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
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The address the limits count: none in development for a request without the header (the worker
 * tests) or from this machine (wrangler dev and the e2e suite sign up many members from it).
 * Deployed, Cloudflare always sets the header; should it ever be missing, all such requests
 * share one client, `unknown`.
 */
export function countedAddress(c: Context<AppEnv>): string | null {
  const address = clientAddress(c);
  if (c.env.ENVIRONMENT === 'development') return address && !LOOPBACK.has(address) ? address : null;
  return address ?? 'unknown';
}

/**
 * Counts this call against its limits per address and per member (`memberId`, the caller's member
 * when it has one: one D1 round trip) and throws 429 `slow_down` with `Retry-After` when either is
 * used up. A refused call still counts, so hammering does not reopen the window sooner.
 */
export async function limitClient(c: Context<AppEnv>, call: LimitedCall, memberId?: number | null): Promise<void> {
  const rules: { ip: Rule; member?: Rule } = CLIENT_LIMITS[call];
  const address = countedAddress(c);
  const checks: { key: string; rule: Rule }[] = [];
  if (address) checks.push({ key: `client:${call}:ip:${address}`, rule: rules.ip });
  if (rules.member && memberId) checks.push({ key: `client:${call}:member:${memberId}`, rule: rules.member });
  if (!checks.length) return;
  const db = c.get('db');
  const now = clock.now();
  const [first, ...rest] = checks.map(({ key, rule }) => rateLimitUse(db, key, rule.windowMs, now));
  const results = await db.batch([first!, ...rest]);
  const waits = results.map(([row], i) => overLimit(row, checks[i]!.rule, now)).filter((s): s is number => s !== null);
  if (waits.length) {
    const wait = Math.max(...waits);
    throw new RateLimited('slow_down', wait, { minutes: minutesOf(wait) });
  }
}
