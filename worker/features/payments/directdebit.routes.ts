import { Hono } from 'hono';
import {
  directDebitConfirmInput,
  directDebitInput,
  type DirectDebitAnswer,
  type DirectDebitConfirmAnswer,
  type DirectDebitConfirmInput,
  type DirectDebitInput,
  type PaymentStatus,
} from '../../contracts/payments';
import { checkDiscount, discountedAmount } from '../../domain/discounts';
import { ensureCustomer, newMandateId, saveMandate } from '../../domain/mandates';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, randomKey, sameSecret } from '../../lib/crypto';
import { AppError, RateLimited, ValidationError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { maskIban, sepaIban } from '../../lib/iban';
import { PaymentProviderError } from '../../lib/payments';
import { maskPhone, mobileE164 } from '../../lib/phone';
import { secondsLeft, takeLimit } from '../../lib/rate-limit';
import { queueSms, renderSms } from '../../lib/sms';
import { fieldIssue, localize, type RawIssue } from '../../lib/validate';
import { jsonObject } from '../../middleware/validate';
import { requireMember } from '../../middleware/session';
import { SUPPORTED_LOCALES, type Locale } from '../../../tenants/schema';
import { isBlocked, insertRequest, linkPayment, markUsed, rateLimitCount, requestOf, takeAttempt } from './directdebit.queries';
import { insertOpenPayment, markStartFailed } from './payments.queries';
import { currentProvider, offer, providerFailed, settleStarted } from './payments.service';

/** Spec section 5 and issue 10: the SMS code is 6 digits, valid 10 minutes, single use, 5 tries. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
/** Direct-debit forms a member may send a day (each one sends an SMS). */
export const REQUESTS_PER_DAY = 3;
/** Mandates one IBAN may sign a day, over all members. */
export const MANDATES_PER_IBAN_PER_DAY = 2;
const DAY_MS = 86_400_000;

const FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;

/** A uniformly random 6-digit code (rejection sampling: no digit more likely than another). */
function newCode() {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1)) as unknown as [number];
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

/** The code's hash, bound to its request (a code is worth nothing for another request); the pepper is the password pepper's secret. */
const otpHash = (pepper: string, requestId: string, code: string) => hmacHex(pepper, `directdebit-otp:${requestId}:${code}`);
/** An IBAN in a rate-limit key: keyed, so the counters table holds no account numbers. */
const ibanKey = async (pepper: string, iban: string) =>
  `directdebit-iban:${(await hmacHex(pepper, `directdebit-iban:${iban}`)).slice(0, 32)}`;

/**
 * The form, checked with the contract and then, for the IBAN and the phone the contract let
 * through, with their real rules: the IBAN's checksum and SEPA country (iban_invalid), a mobile
 * number of the buyer's country or in international form (phone_invalid). A missing field is
 * field_required like an empty one; an unknown tier alone is 404 package_not_found; every other
 * issue is 400 invalid_request with the issues, localized. Answers the IBAN in electronic form and
 * the phone in E.164.
 */
function formInput(t: Translate, body: Record<string, unknown>, country: string) {
  const filled: Record<string, unknown> = { ...body };
  for (const field of FIELDS) if (filled[field] === undefined || filled[field] === null) filled[field] = '';
  const result = directDebitInput.safeParse(filled);
  const issues: RawIssue[] = result.success ? [] : [...result.error.issues];
  const flagged = new Set(issues.map((i) => String(i.path[0] ?? '')));
  const iban = typeof filled['iban'] === 'string' ? sepaIban(filled['iban']) : null;
  const phone = typeof filled['phone'] === 'string' ? mobileE164(filled['phone'], country) : null;
  if (!flagged.has('iban') && !iban) issues.push(fieldIssue(['iban'], 'iban_invalid'));
  if (!flagged.has('phone') && !phone) issues.push(fieldIssue(['phone'], 'phone_invalid'));
  if (issues.length) {
    if (issues.every((i) => i.path[0] === 'package')) throw new AppError('package_not_found', 404);
    throw new ValidationError(localize(t, issues));
  }
  const input: DirectDebitInput = result.data!;
  return { ...input, iban: iban!, phone: phone! };
}

/** The member's language for the SMS (the request's when the profile names none we ship). */
const smsLocale = (language: string, fallback: Locale): Locale =>
  (SUPPORTED_LOCALES as readonly string[]).includes(language) ? (language as Locale) : fallback;

export const directDebitRoutes = new Hono<AppEnv>()
  /**
   * Step 1: the form for a package. Checked in this order: euros (400 method_unavailable), the
   * form (400 with issues, 404 package_not_found), the discount code (as payment.php checks it), the block list (403
   * directdebit_blocked), the IBAN's mandates today and the member's forms today (429
   * directdebit_limit). Then the request and its SMS are one batch; the code itself is kept only
   * as an HMAC.
   */
  .post('/directdebit.php', async (c) => {
    const me = await requireMember(c);
    const body = await jsonObject(c);
    const { country, currency, packages } = offer(c, me);
    // direct debit takes euros only: not a form for this buyer at all
    if (currency !== 'EUR') throw new AppError('method_unavailable', 400);
    const input = formInput(c.get('t'), body, country);
    const pkg = packages.find((p) => p.id === input.package);
    if (!pkg) throw new AppError('package_not_found', 404);
    const db = c.get('db');
    const now = clock.now();
    const discount = input.discount_code
      ? await checkDiscount(
          db,
          me,
          input.discount_code,
          { country, currency, price: pkg.price, method: 'directdebit', locale: c.get('locale') },
          now,
        )
      : null;
    if (await isBlocked(db, input.iban, input.phone)) throw new AppError('directdebit_blocked', 403);
    const pepper = c.env.PASSWORD_PEPPER;
    const ibanUses = await rateLimitCount(db, await ibanKey(pepper, input.iban), DAY_MS, now);
    if (ibanUses.count >= MANDATES_PER_IBAN_PER_DAY)
      throw new RateLimited('directdebit_limit', secondsLeft(ibanUses.windowStart, DAY_MS, now));
    const wait = await takeLimit(db, `directdebit:${me.id}`, { limit: REQUESTS_PER_DAY, windowMs: DAY_MS }, now);
    if (wait !== null) throw new RateLimited('directdebit_limit', wait);

    const id = randomKey(18);
    const code = newCode();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    const tenant = c.get('tenant');
    const amount = discount ? discountedAmount(pkg.price, discount.percentage) : pkg.price;
    await insertRequest(
      db,
      {
        id,
        memberId: me.id,
        companyId: tenant.company_id,
        site: tenant.slug,
        country,
        package: pkg.id,
        credits: pkg.credits,
        amount,
        currency,
        discountCode: discount?.code ?? null,
        discountKind: discount?.kind ?? null,
        discountPercentage: discount?.percentage ?? null,
        fullAmount: discount ? pkg.price : null,
        holder: input.account_holder,
        iban: input.iban,
        street: input.street,
        houseNumber: input.house_number,
        zip: input.zip,
        city: input.city,
        phone: input.phone,
        otpHash: await otpHash(pepper, id, code),
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      },
      queueSms(db, {
        memberId: me.id,
        site: tenant.slug,
        to: input.phone,
        kind: 'directdebit_code',
        text: renderSms(smsLocale(me.language, c.get('locale')), 'directdebit_code', { site_name: tenant.name, code }),
        expiresAt,
      }),
    );
    c.set('smsQueued', true);
    const answer: DirectDebitAnswer = {
      request_id: id,
      phone: maskPhone(input.phone),
      expires_at: expiresAt.toISOString(),
      amount,
      currency,
      credits: pkg.credits,
    };
    return c.json(answer, 201);
  })
  /**
   * Step 2: the SMS code. Every try is counted before the code is compared (one atomic UPDATE, at
   * most 5 a request); the right code makes the request used (once), then the mandate is made at
   * the provider and saved, and the payment (pending while the bank collects it) is written with
   * the discount's hold in one batch and collected with the mandate.
   */
  .post('/directdebit-confirm.php', async (c) => {
    const me = await requireMember(c);
    const parsed = directDebitConfirmInput.safeParse(await jsonObject(c));
    // a malformed code can never be right: 'Code ongeldig', no try taken
    if (!parsed.success) throw new AppError('otp_invalid', 400);
    const input: DirectDebitConfirmInput = parsed.data;
    const db = c.get('db');
    const now = clock.now();
    const request = await takeAttempt(db, me.id, input.request_id, OTP_MAX_TRIES, now);
    if (!request) {
      if (!(await requestOf(db, me.id, input.request_id))) throw new AppError('not_found_generic', 404);
      throw new AppError('otp_expired', 410);
    }
    const pepper = c.env.PASSWORD_PEPPER;
    if (!(await sameSecret(await otpHash(pepper, request.id, input.otp), request.otpHash))) throw new AppError('otp_invalid', 400);
    if (!(await markUsed(db, request.id, now))) throw new AppError('otp_expired', 410);
    if (!request.iban || !request.holder) throw new AppError('otp_expired', 410);
    const wait = await takeLimit(db, await ibanKey(pepper, request.iban), { limit: MANDATES_PER_IBAN_PER_DAY, windowMs: DAY_MS }, now);
    if (wait !== null) throw new RateLimited('directdebit_limit', wait);

    const provider = currentProvider(c);
    const paymentId = randomKey(18);
    const start = {
      id: paymentId,
      memberId: me.id,
      companyId: request.companyId,
      site: request.site,
      country: request.country,
      package: request.package,
      credits: request.credits,
      amount: request.amount,
      currency: request.currency,
      method: 'directdebit' as const,
      provider: provider.name,
    };
    // the code entered at step 1 is held now, with the payment (a parallel start with it writes nothing)
    const held =
      request.discountCode && request.discountKind
        ? { code: request.discountCode, kind: request.discountKind, percentage: request.discountPercentage, fullAmount: request.fullAmount }
        : null;
    if (!(await insertOpenPayment(db, start, now, held))) throw new AppError('code_used', 409);
    await linkPayment(db, request.id, paymentId);

    const origin = new URL(c.req.url).origin;
    let created: { id: string; status: PaymentStatus };
    try {
      const customerId = await ensureCustomer(db, provider, me, c.get('locale'), request.country);
      const mandateId = newMandateId();
      const mandate = await provider.createMandate({
        customerId,
        consumerName: request.holder,
        consumerAccount: request.iban,
        signatureDate: now.toISOString().slice(0, 10),
        reference: mandateId,
      });
      await saveMandate(db, {
        id: mandateId,
        memberId: me.id,
        provider: provider.name,
        providerCustomerId: customerId,
        providerMandateId: mandate.id,
        method: 'directdebit',
        label: maskIban(request.iban),
        status: mandate.status,
        createdAt: now.toISOString(),
      });
      created = await provider.createRecurringPayment({
        amount: request.amount,
        currency: request.currency,
        description: `${c.get('tenant').name}: ${request.credits} credits`,
        method: 'directdebit',
        customerId,
        mandateId: mandate.id,
        webhookUrl: `${origin}/hooks/payments/${provider.name}`,
        redirectUrl: `${origin}/credits/${request.package}/directdebit?payment=${paymentId}`,
        reference: paymentId,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) await markStartFailed(db, paymentId, clock.now());
      providerFailed(error);
    }
    await settleStarted(c.get('db'), provider, paymentId, created!);
    return c.json({ payment_id: paymentId, package: request.package } satisfies DirectDebitConfirmAnswer, 201);
  });
