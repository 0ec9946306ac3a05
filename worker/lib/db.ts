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
