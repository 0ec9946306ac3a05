import { fillPlaceholders, getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import { drizzle } from 'drizzle-orm/d1';
import { AsyncLocalStorage } from 'node:async_hooks';
import * as schema from '../db/schema';

/**
 * D1's Sessions API (read replicas; docs/decisions, "Reads near the member"): each request runs in
 * a scope holding two sessions of the binding: `primary` ('first-primary': writes and the reads that
 * must be current) and `replica` (the member's bookmark, or 'first-unconstrained': the reads that may
 * lag). The drizzle handles are made once per isolate over a client that sends each statement to the
 * session of the request it runs in (AsyncLocalStorage); outside a request (jobs, queues) it is the
 * binding itself, always the primary.
 */
type Sessions = { primary: D1DatabaseSession; replica: D1DatabaseSession };
const scope = new AsyncLocalStorage<Sessions>();
type Target = D1Database | D1DatabaseSession;

let tracing = false;
const seen = new Set<string>();
/** Local benchmarks only (env SQL_TRACE, never set when deployed): every statement's SQL is logged once, for the scale bench's query plans. */
export const traceSql = () => void (tracing = true);

/** A prepared statement that runs on the session of the request it runs in (drizzle prepares once and runs per request). */
class RoutedStatement {
  constructor(
    private readonly target: () => Target,
    readonly sql: string,
    readonly args: unknown[] = [],
  ) {}
  bind(...args: unknown[]) {
    return new RoutedStatement(this.target, this.sql, args);
  }
  on(target: Target) {
    return target.prepare(this.sql).bind(...this.args);
  }
  async first(column?: string) {
    return column === undefined ? this.on(this.target()).first() : this.on(this.target()).first(column);
  }
  async all() {
    return this.on(this.target()).all();
  }
  async run() {
    return this.on(this.target()).run();
  }
  async raw(options?: { columnNames?: boolean }) {
    return options?.columnNames ? this.on(this.target()).raw({ columnNames: true }) : this.on(this.target()).raw();
  }
}

function routedClient(d1: D1Database, pick: (s: Sessions) => D1DatabaseSession): D1Database {
  const target = (): Target => {
    const sessions = scope.getStore();
    return sessions ? pick(sessions) : d1;
  };
  return {
    prepare(query: string) {
      if (tracing && !seen.has(query)) (seen.add(query), console.log(`[sql] ${query.replace(/\s+/g, ' ')}`));
      return new RoutedStatement(target, query) as unknown as D1PreparedStatement;
    },
    // as D1's own: a failure comes back as the answer's rejection, never thrown while the call is made
    async batch(statements: D1PreparedStatement[]) {
      const on = target();
      return on.batch((statements as unknown as RoutedStatement[]).map((s) => s.on(on)));
    },
    exec: (query: string) => d1.exec(query),
    dump: () => d1.dump(),
    withSession: (constraint?: string) => d1.withSession(constraint),
  } as D1Database;
}

const made = new WeakMap<D1Database, ReturnType<typeof make>>();
const madeReplica = new WeakMap<D1Database, ReturnType<typeof make>>();
const make = (client: D1Database) => drizzle(client, { schema });

/** The drizzle handle of a D1 binding for writes and current reads, made once per isolate (it holds no request state). */
export function getDb(d1: D1Database) {
  let db = made.get(d1);
  if (!db) made.set(d1, (db = make(routedClient(d1, (s) => s.primary))));
  return db;
}
/** The handle for reads that may lag behind the primary by a moment (a read replica near the member), never behind the member's own writes. */
export function getReplicaDb(d1: D1Database): Db {
  let db = madeReplica.get(d1);
  if (!db) madeReplica.set(d1, (db = make(routedClient(d1, (s) => s.replica))));
  return db;
}

/** A bookmark as D1 hands them out (hex groups joined by dashes); anything else from a cookie is ignored. */
export const validBookmark = (value: string | undefined) => (value && /^[0-9a-f]{1,32}(-[0-9a-f]{1,64}){0,7}$/i.test(value) ? value : null);

/**
 * Runs `work` (a request) with its two sessions: replica reads start at `bookmark` (the member's
 * last write) or anywhere. Answers the bookmark after the request's writes when it moved past
 * `bookmark` (null when nothing was written or D1 gives none, as locally).
 */
export async function inD1Sessions(d1: D1Database, bookmark: string | null, work: () => Promise<void>) {
  const sessions: Sessions = { primary: d1.withSession('first-primary'), replica: d1.withSession(bookmark ?? 'first-unconstrained') };
  await scope.run(sessions, work);
  const after = sessions.primary.getBookmark();
  return after && (!bookmark || after > bookmark) ? after : null;
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
  const ready = {
    getQuery: () => query,
    stmt: p.stmt,
    mapResult: (result: unknown, isFromBatch?: boolean) => p.mapResult(result, isFromBatch),
  };
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
export function reusable<V extends Record<string, unknown>, T extends BatchItem<'sqlite'>>(
  build: (db: Db, p: { [K in keyof V]: SQL }) => T,
) {
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
export function reusableList<V extends Record<string, unknown>, T extends readonly BatchItem<'sqlite'>[]>(
  build: (db: Db, p: { [K in keyof V]: SQL }) => T,
) {
  const prepared = new WeakMap<Db, Prepared[]>();
  return {
    items(db: Db, values: V): T {
      let list = prepared.get(db);
      if (!list) prepared.set(db, (list = build(db, placeholders<V>()).map(prepare)));
      return list.map((p) => itemOf(p, values)) as unknown as T;
    },
  };
}

type Item = BatchItem<'sqlite'>;
/** Named statements for namedBatch: a statement, or a list of them whose results come back as a list. */
export type Named = Record<string, Item | readonly Item[] | undefined>;
type ResultOf<T> = T extends readonly Item[] ? { -readonly [K in keyof T]: Awaited<T[K]> } : Awaited<T>;
/** What namedBatch answers: each name's result, typed as that statement answers alone (undefined for a name given no statement). */
export type NamedResults<T extends Named> = { [K in keyof T]: ResultOf<T[K]> };

/** reusable() for named statements built together (namedBatch's argument): `items(db, values)` are its named batch items. */
export function reusableNamed<V extends Record<string, unknown>, T extends Named>(build: (db: Db, p: { [K in keyof V]: SQL }) => T) {
  const prepared = new WeakMap<Db, [string, Prepared | Prepared[]][]>();
  return {
    items(db: Db, values: V): T {
      let entries = prepared.get(db);
      if (!entries) {
        entries = Object.entries(build(db, placeholders<V>()))
          .filter(([, s]) => s !== undefined)
          .map(([name, s]) => [name, Array.isArray(s) ? s.map(prepare) : prepare(s)]);
        prepared.set(db, entries);
      }
      return Object.fromEntries(
        entries.map(([name, p]) => [name, Array.isArray(p) ? p.map((one) => itemOf(one, values)) : itemOf(p, values)]),
      ) as unknown as T;
    },
  };
}

/**
 * One db.batch() of named statements (object order is batch order), answering a record of their
 * results by the same names, each typed as its statement answers: `r.message` rather than
 * `results.at(-3) as MessageRow[]`, so adding a statement moves no reader.
 */
export async function namedBatch<T extends Named>(db: Db, statements: T): Promise<NamedResults<T>> {
  const results = await runNamed(db, statements);
  if (!results) throw new Error('namedBatch: no statements');
  return results;
}
/** namedBatch that answers null, asking D1 nothing, when no name has a statement. */
export async function runNamed<T extends Named>(db: Db, statements: T): Promise<NamedResults<T> | null> {
  const names = Object.keys(statements);
  const flat: Item[] = [];
  const spans: [start: number, count: number | null][] = [];
  for (const name of names) {
    const s = statements[name];
    if (s === undefined) {
      spans.push([-1, null]);
      continue;
    }
    spans.push([flat.length, Array.isArray(s) ? s.length : null]);
    if (Array.isArray(s)) flat.push(...(s as readonly Item[]));
    else flat.push(s as Item);
  }
  if (!flat.length) return null;
  const results = (await db.batch(flat as [Item, ...Item[]])) as unknown[];
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    const [start, count] = spans[i]!;
    out[name] = start < 0 ? undefined : count === null ? results[start] : results.slice(start, start + count);
  });
  return out as NamedResults<T>;
}

/** Our CHECK constraints whose failure callers answer (worker/db/schema.ts names them). */
export const CHECKS = {
  credits: 'members_credits_not_negative',
  freeMessages: 'members_free_messages_not_negative',
  freeConversations: 'members_free_conversations_not_negative',
} as const;
export type CheckName = (typeof CHECKS)[keyof typeof CHECKS];

/**
 * A constraint failure, read once from SQLite's error text (D1 passes it on, sometimes as the
 * cause of drizzle's error): which kind, and its name: a CHECK's own name, or for UNIQUE and NOT
 * NULL the columns as `table.column[, table.column]`; null when the error is no constraint failure.
 * SQLite words them "CHECK constraint failed: <name>", "UNIQUE constraint failed: t.a, t.b",
 * "NOT NULL constraint failed: t.a", "FOREIGN KEY constraint failed".
 */
export type Constraint = { kind: 'check' | 'unique' | 'notnull' | 'foreign'; name: string; table: string | null };
const KINDS = { CHECK: 'check', UNIQUE: 'unique', 'NOT NULL': 'notnull', 'FOREIGN KEY': 'foreign' } as const;
const CONSTRAINT = /(CHECK|UNIQUE|NOT NULL|FOREIGN KEY) constraint failed(?::\s*([\w.]+(?:,\s*[\w.]+)*))?/;
export function constraintOf(error: unknown): Constraint | null {
  for (let e = error as { message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const found = CONSTRAINT.exec(String(e.message ?? e));
    if (!found) continue;
    const name = found[2] ?? '';
    const kind = KINDS[found[1] as keyof typeof KINDS];
    return { kind, name, table: kind === 'check' ? null : name.includes('.') ? name.split('.')[0]! : null };
  }
  return null;
}
/**
 * Our UNIQUE and NOT NULL constraints whose failure callers answer, as SQLite names them (the
 * columns, `table.column`, of the unique index or the column).
 */
export const UNIQUES = { memberEmail: 'members.company_id, members.email' } as const;
export const NOT_NULLS = { auditCompany: 'audit_log.company_id' } as const;
type Known = { check: CheckName; unique: (typeof UNIQUES)[keyof typeof UNIQUES]; notnull: (typeof NOT_NULLS)[keyof typeof NOT_NULLS] };
/** Did the batch fail on this constraint of ours? */
export function failedOn<K extends keyof Known>(error: unknown, kind: K, name: Known[K]) {
  const c = constraintOf(error);
  return c?.kind === kind && c.name === name;
}
/** Did the batch fail on this CHECK constraint? */
export const failedCheck = (error: unknown, name: CheckName) => failedOn(error, 'check', name);

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

/**
 * `column IN (values)` for a list of any length, bound as ONE parameter (a JSON array read by `json_each`): D1 binds at
 * most 100 parameters a statement, and drizzle's `inArray` binds one per value, so a member's 120 conversations or an
 * object's 150 reporters made the statement fail (a 500). Use it wherever a list is not bounded by a page.
 */
export const inList = (column: SQLiteColumn, values: readonly (number | string)[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
