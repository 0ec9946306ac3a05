import type { Context } from 'hono';
import type { Member } from '../../domain/members';
import type { AppEnv } from '../../env';
import { hmacHex } from '../../lib/crypto';
import type { Db } from '../../lib/db';
import { requestAddress } from '../../middleware/client';
import { ageReviewed, openUnderageReports, underageReportsBy } from './reports.queries';

/**
 * When an under-18 report hides a profile at once (README, "Under-18 reports"): a minor must not
 * stay visible, and one anonymous request must not hide an adult. It hides at once when the
 * reporter is a member with some history, or when two independent reporters made such a report;
 * never again once a moderator has looked at the member's age. Every other one only queues, first.
 */

/** A reporter with some history: confirmed e-mail, an account this old, no measure of their own. */
export const TRUSTED_ACCOUNT_DAYS = 7;
/** Past this many under-18 reports in 24 hours, a member's further ones only queue (a grudge, or a stolen account). */
export const TRUSTED_HIDES_PER_DAY = 3;

export const trustedReporter = (me: Member, now: Date) =>
  me.status === 'active' &&
  !!me.emailConfirmedAt &&
  me.moderation === 'none' &&
  !me.fictional &&
  now.getTime() - Date.parse(me.createdAt) >= TRUSTED_ACCOUNT_DAYS * 86_400_000;

/** The reporter's network: IPv4 /24, IPv6 /48 (addresses next to each other are one reporter). */
function network(address: string) {
  if (!address.includes(':')) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  return `${address.split(':').slice(0, 3).join(':')}::/48`;
}

/** A keyed hash of the reporter's network (the pepper under its own label), or null without an address. */
export async function reporterNet(c: Context<AppEnv>) {
  const address = requestAddress(c);
  return address ? (await hmacHex(c.env.PASSWORD_PEPPER, `report-net:${network(address)}`)).slice(0, 32) : null;
}

type Reporter = { reporterId: number | null; reporterNet: string | null };

/** Two reports come from independent reporters: not one member, and from two networks (or, with no network known, two members). */
export function independent(a: Reporter, b: Reporter) {
  if (a.reporterId !== null && a.reporterId === b.reporterId) return false;
  if (a.reporterNet && b.reporterNet) return a.reporterNet !== b.reporterNet;
  return a.reporterId !== null && b.reporterId !== null;
}

/** Whether this new under-18 report about `memberId` hides the member at once. */
export async function hidesAtOnce(db: Db, memberId: number, me: Member | null, net: string | null, now: Date) {
  // a moderator has decided on this member's age before: only a new decision hides them again
  if (await ageReviewed(db, memberId)) return false;
  if (me && trustedReporter(me, now) && (await underageReportsBy(db, me.id, now)) < TRUSTED_HIDES_PER_DAY) return true;
  const open = await openUnderageReports(db, memberId);
  return open.some((r) => independent(r, { reporterId: me?.id ?? null, reporterNet: net }));
}
