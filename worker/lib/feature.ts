import type { BatchItem } from 'drizzle-orm/batch';
import type { Bindings } from '../env';
import type { Db } from './db';

/**
 * What a feature declares besides its routes, so the cross-cutting work reads declarations
 * instead of lists kept by hand: erasure (and, later, the data export) covers every feature's
 * data of a member, and the Cron Triggers run every feature's jobs.
 */
export type Feature = {
  name: string;
  /**
   * Erases this feature's data of one member: files first (a failure then leaves rows to retry
   * with, never files without rows), then the statements for the erasure's one batch.
   */
  erase?: (ctx: { db: Db; env: Bindings; memberId: number }) => Promise<BatchItem<'sqlite'>[]> | BatchItem<'sqlite'>[];
  jobs?: Job[];
};

/** `every5` runs every 5 minutes, `daily` once a day, `weekly` on Monday mornings (wrangler.toml [triggers]). */
export type Schedule = 'every5' | 'daily' | 'weekly';
export type JobContext = { db: Db; env: Bindings; now: Date; features: readonly Feature[] };
export type Job = { name: string; schedule: Schedule; run: (ctx: JobContext) => Promise<unknown> };

/** The erasure statements of every feature for one member. */
export async function erasureOf(features: readonly Feature[], ctx: { db: Db; env: Bindings; memberId: number }) {
  const parts = await Promise.all(features.map((f) => f.erase?.(ctx) ?? []));
  return parts.flat();
}
