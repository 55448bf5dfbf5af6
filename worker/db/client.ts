import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

const databases = new WeakMap<D1Database, Db>();

/**
 * The database of a D1 binding, made once per isolate: building one reads the whole schema's
 * relations, which a join storm's profile showed as 3 % of the Worker's CPU when done per request.
 */
export function database(d1: D1Database): Db {
  let db = databases.get(d1);
  if (!db) databases.set(d1, (db = drizzle(d1, { schema })));
  return db;
}

export type Db = ReturnType<typeof drizzle<typeof schema>>;

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database and run with placeholders: for the reads every socket and API
 * call makes (its party, membership and key), where building the SQL cost as much as running it.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let made = statements.get(db);
  if (!made) statements.set(db, (made = new Map()));
  if (!made.has(name)) made.set(name, build(db));
  return made.get(name) as T;
}
