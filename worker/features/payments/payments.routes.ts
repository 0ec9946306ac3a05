import { Hono, type Context } from 'hono';
import {
  issuersQuery,
  paymentQuery,
  startPaymentInput,
  TRANSACTIONS_PAGE,
  transactionQuery,
  transactionsQuery,
  type IssuersAnswer,
  type PackagesAnswer,
  type PaymentAnswer,
  type Receipt,
  type StartPaymentAnswer,
  type Transaction,
  type TransactionAnswer,
  type TransactionsAnswer,
} from '../../contracts/payments';
import { checkDiscount, discountedAmount } from '../../domain/discounts';
import { ensureCustomer } from '../../domain/mandates';
import { memberById, type Member } from '../../domain/members';
import {
  isOpen,
  methodsFor,
  offeredMethods,
  paymentJson,
  receiptNumber,
  STARTABLE,
  syncPayment,
  transactionKind,
  vatOf,
  type PaymentRow,
} from '../../domain/payments';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { randomKey } from '../../lib/crypto';
import { AppError, RateLimited } from '../../lib/errors';
import { paymentProvider, PaymentProviderError } from '../../lib/payments';
import { limitRequest } from '../../middleware/client';
import { takeLimit } from '../../lib/rate-limit';
import { registry, tenantBySlug } from '../../lib/tenants';
import { parseOrThrow } from '../../lib/validate';
import { jsonObject, validate } from '../../middleware/validate';
import { memberOf, requireMember } from '../../middleware/session';
import { currentProvider, offer, providerFailed, STARTS_PER_DAY } from './payments.service';
import {
  insertOpenPayment,
  ledgerPage,
  ledgerRowOf,
  markStartFailed,
  paymentOf,
  setProviderPayment,
  type LedgerRow,
} from './payments.queries';

/** Contract messages become the call's codes: an unknown tier is 404 package_not_found, an unknown method 400 method_unavailable. */
function startInput(c: Context<AppEnv>, body: Record<string, unknown>) {
  const result = startPaymentInput.safeParse(body);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((i) => String(i.path[0] ?? '')));
  if (fields.size === 1 && fields.has('package')) throw new AppError('package_not_found', 404);
  if (fields.size === 1 && fields.has('method')) throw new AppError('method_unavailable', 400);
  return parseOrThrow(c.get('t'), startPaymentInput, body);
}

const transactionJson = (r: LedgerRow): Transaction => ({
  id: r.id,
  kind: transactionKind(r.reason, r.delta),
  reason: r.reason,
  credits: r.delta,
  balance_after: r.balanceAfter,
  created_at: r.createdAt,
  payment: r.payment
    ? {
        payment_id: r.payment.id,
        package: paymentJson(r.payment).package,
        amount: r.payment.amount,
        currency: r.payment.currency,
        method: r.payment.method,
      }
    : null,
});

/** The receipt of a purchase: the seller is the company the payment was made with, VAT at the buyer country's rate. */
function receiptOf(p: PaymentRow, buyer: Member): Receipt | null {
  const company = registry.companies.get(p.companyId);
  if (!company || p.status !== 'paid') return null;
  const vatNumber =
    company.vat_numbers.find((n) => n.startsWith(p.country)) ??
    company.vat_numbers.find((n) => n.startsWith(company.country)) ??
    company.vat_numbers[0] ??
    null;
  return {
    number: receiptNumber(p),
    company: {
      name: company.name,
      address: company.address,
      zip: company.zip,
      city: company.city,
      country: company.country,
      kvk: company.kvk,
      vat_number: vatNumber,
    },
    site: tenantBySlug(p.site)?.name ?? p.site,
    buyer: { name: buyer.name, email: buyer.email, country: p.country },
    amount: p.amount,
    currency: p.currency,
    ...vatOf(p.amount, p.country),
    discount: paymentJson(p).discount,
  };
}

export const paymentRoutes = new Hono<AppEnv>()
  // Public (the /pricing page too): the packages of the buyer's country and the ways to pay there.
  .get('/packages.php', async (c) => {
    const { country, currency, packages } = offer(c, await memberOf(c));
    let methods: PackagesAnswer['methods'];
    try {
      methods = await methodsFor(currentProvider(c), currency, { amount: packages[0]!.price, locale: c.get('locale'), country });
    } catch (error) {
      // prices stay visible when the provider cannot be asked; starting a payment then says why
      if (!(error instanceof AppError || error instanceof PaymentProviderError)) throw error;
      if (error instanceof PaymentProviderError) console.error('payments: methods failed', error.message);
      methods = offeredMethods(currency).map((id) => ({ id, issuers: false }));
    }
    c.header('Cache-Control', 'private, no-store');
    return c.json({ country, currency, packages, methods } satisfies PackagesAnswer, 200);
  })
  .get('/issuers.php', validate('query', issuersQuery), async (c) => {
    await requireMember(c);
    const { method } = c.req.valid('query');
    const provider = currentProvider(c);
    let issuers: IssuersAnswer['issuers'];
    try {
      issuers = method === 'directdebit' ? [] : await provider.issuers(method);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error('payments: issuers failed', error.message);
      throw new AppError('payment_provider_error', 502);
    }
    c.header('Cache-Control', 'private, max-age=300');
    return c.json({ issuers } satisfies IssuersAnswer, 200);
  })
  .post('/payment.php', async (c) => {
    const me = await requireMember(c);
    await limitRequest(c, 'paymentStart', me.id);
    const input = startInput(c, await jsonObject(c));
    const { country, currency, packages } = offer(c, me);
    const pkg = packages.find((p) => p.id === input.package);
    if (!pkg) throw new AppError('package_not_found', 404);
    if (!STARTABLE.includes(input.method) || !offeredMethods(currency).includes(input.method))
      throw new AppError('method_unavailable', 400);
    const db = c.get('db');
    // a code is checked as discountcode.php checks it, for this package and method (a blank one is none)
    const discount = input.discount_code
      ? await checkDiscount(
          db,
          me,
          input.discount_code,
          { country, currency, price: pkg.price, method: input.method, locale: c.get('locale') },
          clock.now(),
        )
      : null;
    const amount = discount ? discountedAmount(pkg.price, discount.percentage) : pkg.price;
    const provider = currentProvider(c);
    const fail = providerFailed;
    const taken = await provider.methods(currency, { amount, locale: c.get('locale'), country }).catch(fail);
    const method = taken.find((m) => m.id === input.method);
    if (!method) throw new AppError('method_unavailable', 400);
    if (input.issuer !== undefined && !method.issuers.some((i) => i.id === input.issuer)) throw new AppError('invalid_request', 400);
    const now = clock.now();
    const wait = await takeLimit(db, `payment-start:${me.id}`, { limit: STARTS_PER_DAY, windowMs: 86400_000 }, now);
    if (wait !== null) throw new RateLimited('too_many_requests', wait);

    const id = randomKey(18);
    const origin = new URL(c.req.url).origin;
    const tenant = c.get('tenant');
    const start = {
      id,
      memberId: me.id,
      companyId: tenant.company_id,
      site: tenant.slug,
      country,
      package: pkg.id,
      credits: pkg.credits,
      amount,
      currency,
      method: input.method,
      issuer: input.issuer,
      provider: provider.name,
    };
    // the code is held for this payment in the batch that writes it: a parallel start with it writes nothing
    const held = discount && { code: discount.code, kind: discount.kind, percentage: discount.percentage, fullAmount: pkg.price };
    if (!(await insertOpenPayment(db, start, now, held))) throw new AppError('code_used', 409);
    let created;
    try {
      // a card payment is the first of a sequence for the member's customer: once paid it leaves a card mandate (repeat orders)
      const customerId = input.method === 'creditcard' ? await ensureCustomer(db, provider, me, c.get('locale'), country) : undefined;
      created = await provider.createPayment({
        amount,
        currency,
        description: `${tenant.name}: ${pkg.credits} credits`,
        method: input.method,
        issuer: input.issuer ?? null,
        redirectUrl: `${origin}/credits/${pkg.id}/${input.method}?payment=${id}`,
        webhookUrl: `${origin}/hooks/payments/${provider.name}`,
        reference: id,
        locale: c.get('locale'),
        country,
        ...(customerId ? { customerId, sequenceType: 'first' as const } : {}),
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) await markStartFailed(db, id, clock.now());
      fail(error);
    }
    await setProviderPayment(db, id, created!.id, created!.status, clock.now());
    const answer: StartPaymentAnswer = {
      payment_id: id,
      credits: pkg.credits,
      method: input.method,
      amount,
      currency,
      checkout_url: created!.checkoutUrl,
      discount: discount ? { code: discount.code, percentage: discount.percentage, full_amount: pkg.price } : null,
    };
    return c.json(answer, 201);
  })
  // The member back from the provider (and polling while it decides): the provider is asked first.
  .get('/payment.php', validate('query', paymentQuery), async (c) => {
    const me = await requireMember(c);
    const db = c.get('db');
    let payment = await paymentOf(db, me.id, c.req.valid('query').id);
    if (!payment) throw new AppError('not_found_generic', 404);
    if (isOpen(payment.status)) {
      try {
        payment = await syncPayment(db, paymentProvider(payment.provider, { db, env: c.env }), payment, clock.now());
      } catch (error) {
        // the stored state is answered (read again: the settle may have been written before a later call failed); the provider's webhook settles the rest
        if (!(error instanceof PaymentProviderError)) throw error;
        console.error('payments: status check failed', payment.id, error.message);
        payment = (await paymentOf(db, me.id, payment.id)) ?? payment;
      }
    }
    const member = (await memberById(db, me.id)) ?? me;
    c.header('Cache-Control', 'private, no-store');
    const answer: PaymentAnswer = { payment: paymentJson(payment), user: (await userBody(db, member, c.get('tenant').niche)).user };
    return c.json(answer, 200);
  })
  // ?page=N: the ledger; ?id=N: one row with its receipt.
  .get('/transactions.php', async (c) => {
    const me = await requireMember(c);
    const db = c.get('db');
    const query = c.req.query();
    c.header('Cache-Control', 'private, no-store');
    if ('id' in query) {
      const { id } = parseOrThrow(c.get('t'), transactionQuery, query);
      const row = await ledgerRowOf(db, me.id, id);
      if (!row) throw new AppError('not_found_generic', 404);
      const answer: TransactionAnswer = {
        transaction: transactionJson(row),
        receipt: row.payment && row.reason === 'purchase' ? receiptOf(row.payment, me) : null,
      };
      return c.json(answer, 200);
    }
    const { page } = parseOrThrow(c.get('t'), transactionsQuery, query);
    const { rows, more } = await ledgerPage(db, me.id, page, TRANSACTIONS_PAGE);
    return c.json({ transactions: rows.map(transactionJson), page, more } satisfies TransactionsAnswer, 200);
  });
