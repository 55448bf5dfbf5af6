import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from './client';
import { sessions } from './schema';

/**
 * `sessions`: consultants' sessions as worker/auth/sessions.ts issues and checks them (tokens
 * stored as hashes only). Ending sessions is worker/db/session-parties.ts's.
 */

export type SessionRow = typeof sessions.$inferSelect;

/** The hashes of a session's two tokens and when each expires (Unix seconds). */
export type SessionTokenHashes = Pick<SessionRow, 'accessHash' | 'accessExpiresAt' | 'refreshHash' | 'refreshExpiresAt'>;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The session an access token's hash belongs to, expired or not. */
export async function sessionByAccessHash(db: Db, accessHash: string): Promise<Pick<SessionRow, 'id' | 'userId' | 'accessExpiresAt'> | undefined> {
  return db.query.sessions.findFirst({ columns: { id: true, userId: true, accessExpiresAt: true }, where: eq(sessions.accessHash, accessHash) });
}

/**
 * Gives the session whose refresh token has this hash, unexpired at `now` (Unix seconds), new
 * tokens; answers whose session it is, or undefined when none was. One statement: a refresh token
 * rotates once.
 */
export async function rotateSessionTokens(
  db: Db,
  refreshHash: string,
  now: number,
  tokens: SessionTokenHashes,
): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ ...tokens, previousRefreshHash: sql`${sessions.refreshHash}`, rotatedAt: now })
    .where(and(eq(sessions.refreshHash, refreshHash), gt(sessions.refreshExpiresAt, now)))
    .returning({ userId: sessions.userId, sessionId: sessions.id });
  return row;
}

/**
 * The session whose refresh token this hash was until a rotation at or after `rotatedSince` (Unix
 * seconds), with its current access token's expiry; undefined for any other hash.
 */
export async function sessionByPreviousRefreshHash(
  db: Db,
  refreshHash: string,
  rotatedSince: number,
): Promise<Pick<SessionRow, 'id' | 'userId' | 'accessExpiresAt'> | undefined> {
  return db.query.sessions.findFirst({
    columns: { id: true, userId: true, accessExpiresAt: true },
    where: and(eq(sessions.previousRefreshHash, refreshHash), gte(sessions.rotatedAt, rotatedSince)),
  });
}
