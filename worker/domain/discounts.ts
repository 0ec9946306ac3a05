import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DiscountCode, PaymentMethod } from '../contracts/payments';
import { PAYMENT_METHODS } from '../contracts/payments.values';
import { discountCodes, discountRedemptions, payments } from '../db/schema';
import { insertSelect, reusable, type Db } from '../lib/db';
import { AppError } from '../lib/errors';
import type { Member } from './members';
import { sessionTokenMemberId, type SessionValues } from './sessions';

/**
 * Discount codes: the company's codes (rows of `discount_codes`) and two built-in codes computed
 * per member, all used once per member through `discount_redemptions` (held by the payment that
 * carries the code, in the batch that writes it; released when that payment fails, is cancelled
 * or expires; used when it is paid). Used by GET /api/discountcode.php, the payment start and
 * settling.
 */

/** Spec section 9: the time bonus, 25 % for a non-paid member in the first 4 hours after signup, once. */
export const TIME_BONUS = { code: 'TIMEBONUS25', percentage: 25, seconds: 14_400 } as const;
/** The welcome code: 25 % on the first purchase, for 7 days after signup (README: the spec says only "time-limited"). */
export const WELCOME = { code: 'WELKOM25', percentage: 25, seconds: 7 * 86_400 } as const;
/** Both give the first purchase its discount, so they share one redemption: holding or using either uses both. */
const BUILT_IN: readonly string[] = [TIME_BONUS.code, WELCOME.code];

export type Discount = {
  code: string;
  kind: DiscountCode['kind'];
  percentage: number;
  country: string | null;
  userId: number | null;
  currency: string | null;
  minimumOrderValue: number | null;
  paymentMethods: PaymentMethod[] | null;
  expiresAt: Date | null;
};

/** Codes are entered case-insensitively and stored upper-case. */
export const normalizeCode = (entered: string) => entered.trim().toUpperCase();

/** The price with the discount: round(price × (100 − percentage) / 100), in minor units. */
export const discountedAmount = (price: number, percentage: number) => Math.round((price * (100 - percentage)) / 100);

const plus = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000);

function builtIn(member: Member, code: string): Discount | null {
  const rule = code === TIME_BONUS.code ? TIME_BONUS : code === WELCOME.code ? WELCOME : null;
  if (!rule) return null;
  return {
    code: rule.code,
    kind: rule === TIME_BONUS ? 'time_bonus' : 'welcome',
    percentage: rule.percentage,
    country: null,
    userId: member.id,
    currency: null,
    minimumOrderValue: null,
    paymentMethods: null,
    expiresAt: plus(member.createdAt, rule.seconds),
  };
}

function methodsOf(json: string | null): PaymentMethod[] | null {
  if (json === null) return null;
  try {
    const list: unknown = JSON.parse(json);
    if (Array.isArray(list)) return list.filter((m): m is PaymentMethod => (PAYMENT_METHODS as readonly unknown[]).includes(m));
  } catch {
    // a malformed row restricts to nothing rather than opening every method
  }
  return [];
}

/**
 * The code as this member may know it: a built-in code, or a code of the member's company that
 * has started and is either for everyone or personal to this member. Anything else (another
 * company's code, another member's personal code, a code not started yet) is not found.
 */
export async function findDiscount(db: Db, member: Member, entered: string, now: Date): Promise<Discount | null> {
  const code = normalizeCode(entered);
  const own = builtIn(member, code);
  if (own) return own;
  const row = await db.query.discountCodes.findFirst({
    where: and(eq(discountCodes.companyId, member.companyId), eq(discountCodes.code, code), lte(discountCodes.startsAt, now.toISOString())),
  });
  if (!row || (row.userId !== null && row.userId !== member.id)) return null;
  return {
    code: row.code,
    kind: 'code',
    percentage: row.percentage,
    country: row.country,
    userId: row.userId,
    currency: row.currency,
    minimumOrderValue: row.minimumOrderValue,
    paymentMethods: methodsOf(row.paymentMethods),
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
  };
}

/** The codes whose redemption counts for this one (the built-in codes share theirs). */
const sharing = (d: Pick<Discount, 'code' | 'kind'>) => (d.kind === 'code' ? [d.code] : [...BUILT_IN]);

/** Has the member used or held this code (a held code counts as used)? */
async function redeemed(db: Db, memberId: number, d: Discount) {
  const row = await db.query.discountRedemptions.findFirst({
    columns: { code: true },
    // eslint-disable-next-line no-restricted-syntax -- bounded: one code, or the few built-in ones
    where: and(eq(discountRedemptions.memberId, memberId), inArray(discountRedemptions.code, sharing(d))),
  });
  return row !== undefined;
}

const expiredAt = (d: Discount, now: Date) => d.expiresAt !== null && now.getTime() >= d.expiresAt.getTime();

/** Minor units in the member's language ('€ 25,00'). */
function money(minor: number, currency: string, locale: string) {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export type DiscountContext = {
  /** The buyer's country and its currency (as packages.php decides them). */
  country: string;
  currency: string;
  /** The package's price (minor units, before the discount), when a package is chosen. */
  price?: number;
  /** The payment method, when chosen. */
  method?: PaymentMethod;
  locale: string;
};

/**
 * A code checked for this member (and the package and method when given): 404 code_not_found,
 * 409 code_used (held counts), 410 code_expired, 400 code_country (another country, or a code in
 * another currency), code_method, code_minimum_order (with the amount in the member's language).
 * A built-in code for a paid member is not found (the time bonus and the welcome code are for
 * the first purchase).
 */
export async function checkDiscount(db: Db, member: Member, entered: string, ctx: DiscountContext, now: Date): Promise<Discount> {
  const d = await findDiscount(db, member, entered, now);
  if (!d) throw new AppError('code_not_found', 404);
  if (await redeemed(db, member.id, d)) throw new AppError('code_used', 409);
  if (d.kind !== 'code' && member.paidUser) throw new AppError('code_not_found', 404);
  if (expiredAt(d, now)) throw new AppError('code_expired', 410);
  if ((d.country !== null && d.country !== ctx.country) || (d.currency !== null && d.currency !== ctx.currency))
    throw new AppError('code_country', 400);
  if (ctx.method !== undefined && d.paymentMethods !== null && !d.paymentMethods.includes(ctx.method))
    throw new AppError('code_method', 400);
  if (ctx.price !== undefined && d.minimumOrderValue !== null && ctx.price < d.minimumOrderValue)
    throw new AppError('code_minimum_order', 400, { amount: money(d.minimumOrderValue, d.currency ?? ctx.currency, ctx.locale) });
  return d;
}

/**
 * The member's active discount (GET /api/discountcode.php?welcome=true): the time bonus while it
 * runs and is unused, else the welcome code while it is valid and unused; null for a paid member
 * and after both.
 */
export async function activeDiscount(db: Db, member: Member, now: Date): Promise<Discount | null> {
  // past both (the usual member): no query
  if (!mayHaveActiveDiscount(member, now)) return null;
  return activeDiscountOf(member, await redeemed(db, member.id, builtIn(member, WELCOME.code)!), now);
}

/** Whether the member is free and within a built-in code's time (else the active discount is none, whatever was redeemed). */
export function mayHaveActiveDiscount(member: Member, now: Date): boolean {
  return !member.paidUser && (!expiredAt(builtIn(member, WELCOME.code)!, now) || !expiredAt(builtIn(member, TIME_BONUS.code)!, now));
}

/** activeDiscount with the redemption known (`redeemed`: the member held or used a built-in code). */
export function activeDiscountOf(member: Member, redeemed: boolean, now: Date): Discount | null {
  if (redeemed || !mayHaveActiveDiscount(member, now)) return null;
  const timeBonus = builtIn(member, TIME_BONUS.code)!;
  if (!expiredAt(timeBonus, now)) return timeBonus;
  const welcome = builtIn(member, WELCOME.code)!;
  return expiredAt(welcome, now) ? null : welcome;
}

/**
 * For the batch that looks the session up itself (the app shell's): a redemption of a built-in code
 * by the session's member (none, or one row), for activeDiscountOf once the session row has settled
 * the member.
 */
const sessionRedemption = reusable<SessionValues, ReturnType<typeof buildSessionRedemption>>((db, p) =>
  buildSessionRedemption(db, sessionTokenMemberId(p)),
);
const buildSessionRedemption = (db: Db, me: SQL) =>
  db
    .select({ code: discountRedemptions.code })
    .from(discountRedemptions)
    // eslint-disable-next-line no-restricted-syntax -- bounded: the few built-in codes
    .where(and(eq(discountRedemptions.memberId, me), inArray(discountRedemptions.code, [...BUILT_IN])))
    .limit(1);
export const sessionRedemptionItem = (db: Db, values: SessionValues) => sessionRedemption.item(db, values);

/** Spec section 3's discount code object (a code answered is usable: active, not expired). */
export function discountJson(d: Discount, now: Date): DiscountCode {
  return {
    code: d.code,
    country: d.country,
    user_id: d.userId,
    expires: d.expiresAt?.toISOString() ?? null,
    value_percentage: d.percentage,
    percentage: d.percentage,
    currency: d.currency,
    minimum_order_value: d.minimumOrderValue,
    status: 'active',
    validity: d.expiresAt ? Math.max(0, Math.floor((d.expiresAt.getTime() - now.getTime()) / 1000)) : null,
    expired: false,
    paymentmethods: d.paymentMethods,
    kind: d.kind,
  };
}

/**
 * The hold of a code for a payment, for the batch that writes the payment: inserted only while the
 * member has no redemption of this code (or, for a built-in code, of either built-in code). The
 * caller's batch then keeps its payment only when the hold was made (the payments feature's
 * `insertOpenPayment`), so
 * parallel starts with one code leave exactly one payment and one hold.
 */
export function holdDiscount(db: Db, hold: { code: string; kind: Discount['kind']; memberId: number; paymentId: string; at: Date }) {
  const codes = sql.join(
    sharing(hold).map((c) => sql`${c}`),
    sql`, `,
  );
  return insertSelect(
    db,
    discountRedemptions,
    {
      code: sql`${hold.code}`,
      memberId: sql`${hold.memberId}`,
      paymentId: sql`${hold.paymentId}`,
      status: sql`'held'`,
      createdAt: sql`${hold.at.toISOString()}`,
    },
    sql`WHERE NOT EXISTS (SELECT 1 FROM ${discountRedemptions} WHERE ${discountRedemptions.memberId} = ${hold.memberId} AND ${discountRedemptions.code} IN (${codes}))`,
  ).onConflictDoNothing();
}

/**
 * Releases the payment's hold, for the batch that marks it failed, canceled or expired: the row is
 * deleted (the code can be tried again) only while it is held and the payment really ended
 * unpaid, so a late report racing a paid one releases nothing.
 */
export const releaseDiscount = (db: Db, paymentId: string) =>
  db
    .delete(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.paymentId, paymentId),
        eq(discountRedemptions.status, 'held'),
        sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.status} IN ('failed', 'canceled', 'expired'))`,
      ),
    );

/**
 * The payment's code becomes used, for the batch that marks it paid (also when its hold had been
 * released because the provider reported a failure before the money came).
 */
export const useDiscount = (db: Db, paymentId: string, at: Date) =>
  insertSelect(
    db,
    discountRedemptions,
    {
      code: sql`${payments.discountCode}`,
      memberId: sql`${payments.memberId}`,
      paymentId: sql`${payments.id}`,
      status: sql`'used'`,
      createdAt: sql`${at.toISOString()}`,
    },
    sql`FROM ${payments} WHERE ${payments.id} = ${paymentId} AND ${payments.discountCode} IS NOT NULL`,
  ).onConflictDoUpdate({ target: [discountRedemptions.code, discountRedemptions.memberId], set: { status: 'used' } });
