import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import type { D1PreparedQuery } from 'drizzle-orm/d1';
import { DrizzleD1Database, SQLiteD1Session, drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { AppError, isAppError } from '../../app/core/errors';
import * as schema from './schema';

const databases = new WeakMap<D1Database, Db>();

/**
 * The database of a D1 binding outside any session, made once per isolate: every query goes to the
 * primary. For what is not a person's request: the party's room, the cron, the push queue, the
 * bench's helpers. A request reads through its session (`sessionDatabase`, ADR 049).
 */
export function database(d1: D1Database): Db {
  let db = databases.get(d1);
  if (!db) databases.set(d1, (db = drizzle(d1, { schema })));
  return db;
}

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * The schema's relations and the dialect, worked out once per isolate: `drizzle()` does this on
 * every call, which a join storm's profile showed as 3 % of the Worker's CPU when done per request.
 */
let relational: { dialect: SQLiteAsyncDialect; schema: { fullSchema: typeof schema; schema: unknown; tableNamesMap: Record<string, string> } } | null = null;

function relationalSchema() {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { dialect: new SQLiteAsyncDialect(), schema: { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap } };
  }
  return relational;
}

/** The database of one D1 session: drizzle over the session, as `drizzle()` makes it, without redoing the schema's relations. */
function overSession(session: D1DatabaseSession): Db {
  const { dialect, schema: relations } = relationalSchema();
  // The session has what drizzle calls on a client (prepare, batch); its types only name D1Database.
  const client = session as unknown as D1Database;
  const db = new DrizzleD1Database('async', dialect, new SQLiteD1Session(client, dialect, relations as never, {}), relations as never) as Db;
  db.$client = client;
  return db;
}

/**
 * A bookmark as D1 makes them (`00000001-00000002-00000003-` and 32 hex digits): anything else a
 * client sends is ignored, since D1 would wait for a replica that never reaches it.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function validBookmark(value: string | null | undefined): string | null {
  return value && BOOKMARK.test(value) ? value : null;
}

/** Whether `next` is a later point of the database than `before` (their fixed-width hex sorts as text). */
export function laterBookmark(next: string | null, before: string | null): boolean {
  return next !== null && BOOKMARK.test(next) && (before === null || next.slice(0, 26) > before.slice(0, 26));
}

/**
 * How a request reads (ADR 049): `reads`, from the nearest replica that has seen the person's last
 * write (her bookmark), or any replica without one; `primary`, the first query from the primary and
 * the rest from replicas that have seen it (a write request, whose checks must see everyone's writes).
 */
export type Consistency = 'reads' | 'primary';

export interface SessionDatabase {
  db: Db;
  /** Where the session is now: the bookmark to hand back to the person. */
  bookmark(): string | null;
}

/**
 * A request's database: one D1 session, reads from a nearby replica where its consistency allows,
 * every call answered within the request's patience (`patientSession`).
 */
export function sessionDatabase(d1: D1Database, consistency: Consistency, bookmark: string | null, patienceMs = DATABASE_PATIENCE_MS): SessionDatabase {
  const session = d1.withSession(consistency === 'primary' ? 'first-primary' : (validBookmark(bookmark) ?? 'first-unconstrained'));
  return { db: overSession(patientSession(session, Date.now() + patienceMs)), bookmark: () => session.getBookmark() };
}

/**
 * How long one request waits for the database in all (issue 40, item 8): a page whose data is slow
 * or out of reach says so in the reader's language within 5 s (`dataUnavailable`, 503) instead of
 * hanging; the send path of an open party never waits for D1 (the room has what it needs).
 */
export const DATABASE_PATIENCE_MS = 4000;

/** Whether a failure is the database out of reach (`within`), also where drizzle wrapped it in its own error as its cause. */
export function isDataUnavailable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (isAppError(cause) && cause.code === 'dataUnavailable') return true;
  return false;
}

/** A call that has not answered by `deadline` fails with `dataUnavailable` (the call itself runs on). */
function within<T>(deadline: number, call: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('dataUnavailable')), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

const patientStatements = new WeakMap<object, D1PreparedStatement>();

/** A session whose statements and batches answer by `deadline` or fail. */
function patientSession(session: D1DatabaseSession, deadline: number): D1DatabaseSession {
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const patient = {
      bind: (...values: unknown[]) => statement(real.bind(...values)),
      first: (column?: string) => within(deadline, column === undefined ? real.first() : real.first(column)),
      run: () => within(deadline, real.run()),
      all: () => within(deadline, real.all()),
      raw: (options?: { columnNames?: boolean }) => within(deadline, real.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    patientStatements.set(patient, real);
    return patient;
  };
  return {
    prepare: (sql: string) => statement(session.prepare(sql)),
    batch: <T>(statements: D1PreparedStatement[]) => within(deadline, session.batch<T>(statements.map((one) => patientStatements.get(one) ?? one))),
    getBookmark: () => session.getBookmark(),
  } as D1DatabaseSession;
}

const statements = new Map<string, { query: D1PreparedQuery; client: unknown }>();

/**
 * A query built once per isolate and run with placeholders: for the reads every socket and API
 * call makes (its party, membership and key), where building the SQL cost as much as running it.
 * Its SQL is built once; its D1 statement is the given database's (a request's session), so a
 * prepared read goes where the request's other reads go (drizzle's D1 query runs `this.stmt`).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let made = statements.get(name);
  if (!made) statements.set(name, (made = { query: build(db) as D1PreparedQuery, client: db.$client }));
  if (made.client === db.$client) return made.query as T;
  return Object.create(made.query, { stmt: { value: db.$client.prepare(made.query.getQuery().sql) } }) as T;
}
