import type { BatchItem } from 'drizzle-orm/batch';
import type { Bindings } from '../env';
import type { Db } from './db';

/**
 * One entry of a member's data export (GDPR articles 15 and 20): a JSON file, or a stored file
 * (an R2 key) read only when the ZIP reaches it. `path` is the entry's name in the ZIP.
 */
export type ExportPart = { path: string; json: unknown } | { path: string; key: string };
export type ExportContext = { db: Db; env: Bindings; memberId: number };

/**
 * What a feature declares besides its routes, so the cross-cutting work reads declarations
 * instead of lists kept by hand: the data export and erasure cover every feature's data of a
 * member, and the Cron Triggers run every feature's jobs.
 */
export type Feature = {
  name: string;
  /**
   * The tables holding members' data this feature answers for: its `export` and `erase` cover
   * them (tests/worker/export.test.ts fails when a table with a member column is nobody's).
   */
  tables?: readonly string[];
  /** This feature's data of one member for the export: JSON parts now, files read lazily. */
  export?: (ctx: ExportContext) => Promise<ExportPart[]>;
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

/** The export parts of every feature for one member, in the features' order. */
export async function exportOf(features: readonly Feature[], ctx: ExportContext) {
  const parts = await Promise.all(features.map((f) => f.export?.(ctx) ?? []));
  return parts.flat();
}
