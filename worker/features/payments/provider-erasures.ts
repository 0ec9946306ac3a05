import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { providerErasures } from '../../db/schema';
import { insertSelect, type Db } from '../../lib/db';
import type { JobContext } from '../../lib/feature';
import { isProviderName, paymentProvider, PaymentProviderError } from '../../lib/payments';

/**
 * Erasure at the payment providers: a member's customers there (Mollie: `DELETE
 * /v2/customers/{id}`, which cancels the customer's mandates and subscriptions; the payments stay,
 * as the law asks) are deleted after the member's erasure, reliably. The erasure's batch writes one
 * row per customer (`erasureRows`); the `provider-erasures` job (every 5 minutes) deletes each at
 * its provider, retried with backoff until the provider confirms it or says it is gone already.
 * Nothing is ever given up: a row that keeps failing stays, with its error, and is logged.
 */

/** Rows one run takes at most; each is one provider call of at most 10 s, PARALLEL at a time. */
const PER_RUN = 60;
const PARALLEL = 6;
/** A claimed row comes due again after this when its run died before recording an outcome. */
const LEASE_MS = 15 * 60_000;
/** The wait after the n-th failed attempt: 5 minutes, tripled each time, at most a day. */
export const erasureBackoffMs = (attempts: number) => Math.min(5 * 60_000 * 3 ** Math.max(0, attempts - 1), 86_400_000);

/**
 * The statement of the erasure's batch: a row for every customer of the member at a provider (the
 * saved customers and any customer a mandate names), due at once; a customer already written is
 * left as it is.
 */
export const erasureRows = (db: Db, memberId: number, now: Date) =>
  insertSelect(
    db,
    providerErasures,
    { provider: sql`provider`, customerId: sql`customer_id`, createdAt: sql`${now.toISOString()}`, nextAt: sql`${now.toISOString()}` },
    sql`FROM (SELECT provider, customer_id FROM payment_customers WHERE member_id = ${memberId}
              UNION SELECT provider, provider_customer_id FROM mandates WHERE member_id = ${memberId}) WHERE true`,
  ).onConflictDoNothing();

type Outcome = { done: true } | { done: false; error: string };

/** One customer deleted at its provider; a sim customer outside development has nothing to delete from here. */
async function eraseOne(ctx: Pick<JobContext, 'db' | 'env'>, row: typeof providerErasures.$inferSelect): Promise<Outcome> {
  if (!isProviderName(row.provider)) return { done: false, error: `unknown provider ${row.provider}` };
  try {
    await paymentProvider(row.provider, ctx).deleteCustomer(row.customerId);
    return { done: true };
  } catch (error) {
    if (row.provider === 'sim' && error instanceof PaymentProviderError && error.unavailable) return { done: true };
    return { done: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The job: claims the due rows (one UPDATE, so racing runs never call twice), calls the providers, records the outcomes in one batch. */
export async function eraseAtProviders({ db, env, now }: Pick<JobContext, 'db' | 'env' | 'now'>) {
  const at = now.toISOString();
  const due = db
    .select({ id: providerErasures.id })
    .from(providerErasures)
    .where(and(isNull(providerErasures.doneAt), lte(providerErasures.nextAt, at)))
    .orderBy(providerErasures.nextAt)
    .limit(PER_RUN);
  const claimed = await db
    .update(providerErasures)
    .set({ nextAt: new Date(now.getTime() + LEASE_MS).toISOString(), attempts: sql`${providerErasures.attempts} + 1` })
    // eslint-disable-next-line no-restricted-syntax -- bounded: a subquery: no value is bound
    .where(inArray(providerErasures.id, due))
    .returning();
  if (!claimed.length) return 0;
  const outcomes: Outcome[] = [];
  for (let i = 0; i < claimed.length; i += PARALLEL)
    outcomes.push(...(await Promise.all(claimed.slice(i, i + PARALLEL).map((row) => eraseOne({ db, env }, row)))));
  const statements = claimed.map((row, i) => {
    const outcome = outcomes[i]!;
    if (outcome.done) return db.update(providerErasures).set({ doneAt: at, error: null }).where(eq(providerErasures.id, row.id));
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'payments: erasure at the provider failed, tried again later',
        provider: row.provider,
        row: row.id,
        attempts: row.attempts,
        error: outcome.error,
      }),
    );
    return db
      .update(providerErasures)
      .set({ nextAt: new Date(now.getTime() + erasureBackoffMs(row.attempts)).toISOString(), error: outcome.error.slice(0, 500) })
      .where(eq(providerErasures.id, row.id));
  });
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return outcomes.filter((o) => o.done).length;
}
