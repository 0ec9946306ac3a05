import { fillPlaceholders, getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../db/schema';

const made = new WeakMap<D1Database, ReturnType<typeof make>>();
const make = (d1: D1Database) => drizzle(d1, { schema });

/** The drizzle handle of a D1 binding, made once per isolate (it holds no request state). */
export function getDb(d1: D1Database) {
  let db = made.get(d1);
  if (!db) made.set(d1, (db = make(d1)));
  return db;
}
export type Db = ReturnType<typeof getDb>;

/** What drizzle's D1 session needs of a batch item (drizzle-orm 0.45, d1/session.ts `batch`). */
type Prepared = {
  getQuery(): { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
  all(values?: Record<string, unknown>): Promise<unknown>;
};

const placeholders = <V>() => new Proxy({} as { [K in keyof V]: SQL }, { get: (_, name) => sql`${sql.placeholder(String(name))}` });
const prepare = (statement: unknown) => (statement as { prepare(): Prepared }).prepare();
/** A batch item answering what the prepared statement answers, with these values bound. */
function itemOf(p: Prepared, values: Record<string, unknown>) {
  const { sql: text, params } = p.getQuery();
  const query = { sql: text, params: fillPlaceholders(params, values) };
  const ready = { getQuery: () => query, stmt: p.stmt, mapResult: (result: unknown, isFromBatch?: boolean) => p.mapResult(result, isFromBatch) };
  return { _prepare: () => ready };
}

/**
 * A statement that drizzle builds once per D1 binding instead of on every request: `build` gets
 * its values as named parameters (placeholders, typed as SQL), and each use binds them. Building
 * a statement costs 0.1 to 0.5 ms of CPU (the member row alone has 46 columns), more than SQLite
 * takes to run the hot chat queries, so the hot calls use these. `item(db, values)` goes into
 * db.batch() and answers what the built statement would; `all(db, values)` runs it alone.
 * The batch item follows drizzle's D1 batch protocol (its prepared query's `getQuery`, `stmt`
 * and `mapResult`); tests/worker/reusable.test.ts holds it to the builder's own answers.
 */
export function reusable<V extends Record<string, unknown>, T extends BatchItem<'sqlite'>>(build: (db: Db, p: { [K in keyof V]: SQL }) => T) {
  const prepared = new WeakMap<Db, Prepared>();
  const get = (db: Db) => {
    let p = prepared.get(db);
    if (!p) prepared.set(db, (p = prepare(build(db, placeholders<V>()))));
    return p;
  };
  type Result = T extends PromiseLike<infer R> ? R : never;
  return {
    item: (db: Db, values: V): T => itemOf(get(db), values) as unknown as T,
    all: (db: Db, values: V) => get(db).all(values) as Promise<Result>,
  };
}

/** reusable() for a list of statements built together (one batch's worth): `items(db, values)` are its batch items. */
export function reusableList<V extends Record<string, unknown>, T extends readonly BatchItem<'sqlite'>[]>(build: (db: Db, p: { [K in keyof V]: SQL }) => T) {
  const prepared = new WeakMap<Db, Prepared[]>();
  return {
    items(db: Db, values: V): T {
      let list = prepared.get(db);
      if (!list) prepared.set(db, (list = build(db, placeholders<V>()).map(prepare)));
      return list.map((p) => itemOf(p, values)) as unknown as T;
    },
  };
}

/**
 * `INSERT INTO table SELECT …` with the values named by column. drizzle's insert…select lists every
 * column of the table in its own order, so a raw SELECT would be positional and a new column
 * would shift every value after it (or fail every call). Here the SELECT's values follow that
 * order by name: `values` gives some columns, the others get their default (a `.default()`, a
 * `$defaultFn`) or NULL, exactly as drizzle's `values()` does. `tail` is the rest of the SELECT
 * (`FROM … WHERE …`, or only `WHERE …`).
 */
export function insertSelect<T extends SQLiteTable>(db: Db, table: T, values: { [K in keyof T['$inferInsert']]?: SQL }, tail: SQL) {
  const given = values as Record<string, SQL | undefined>;
  const list = Object.entries(getTableColumns(table))
    // generated columns are not inserted (drizzle's own list leaves them out too)
    .filter(([, column]) => column.generated === undefined || column.generated.type === 'byDefault')
    .map(([key, column]) => {
      if (given[key]) return given[key];
      const fallback: unknown = column.default !== undefined ? column.default : column.defaultFn?.();
      if (fallback === undefined || fallback === null) return sql`NULL`;
      return is(fallback, SQL) ? fallback : sql`${column.mapToDriverValue(fallback)}`;
    });
  const unknown = Object.keys(given).filter((key) => !(key in getTableColumns(table)));
  if (unknown.length) throw new Error(`insertSelect: no column ${unknown.join(', ')}`);
  return db.insert(table).select(sql`SELECT ${sql.join(list, sql`, `)} ${tail}`);
}
