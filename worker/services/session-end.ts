import type { Env } from '../env';
import { room } from './parties';

/**
 * Ending consultant sessions, the one way it happens (ADR 020): signing out on the page or through
 * the API, account deletion and the cron's expired sessions all come here. The sessions go from
 * D1, and every party in which one of them has a socket closes it at once, with an error frame
 * and a close code that tell the page it is signed out (durable-objects/sessions.ts).
 *
 * Which parties: each socket's handshake records its party for its session (`recordSocket`, in
 * `session_parties`, which goes with the session). The record is written after the room accepted
 * the socket and only while the session exists, and ending reads the records and deletes the
 * sessions in one transaction; so a socket opened while its session ends is either found here or
 * finds its session gone and is closed by its handshake.
 */

type Sessions = { sessionId: string } | { userId: string } | { refreshExpiredBy: number };

function condition(which: Sessions): { where: string; value: string | number } {
  if ('sessionId' in which) return { where: 'sessions.id = ?1', value: which.sessionId };
  if ('userId' in which) return { where: 'sessions.user_id = ?1', value: which.userId };
  return { where: 'sessions.refresh_expires_at < ?1', value: which.refreshExpiredBy };
}

/** Ends the sessions and closes their sockets; answers the provider's ID tokens they kept. */
async function endSessions(env: Env, which: Sessions, now: number): Promise<(string | null)[]> {
  const { where, value } = condition(which);
  // A session whose access token has expired has no socket left to close: every room closes a
  // socket when the token it was opened with expires. So the cron wakes no room.
  const [open, ended] = await env.DB.batch([
    env.DB.prepare(
      `SELECT session_parties.session_id AS sessionId, session_parties.party_id AS partyId FROM session_parties
       JOIN sessions ON sessions.id = session_parties.session_id WHERE ${where} AND sessions.access_expires_at * 1000 > ?2`,
    ).bind(value, now),
    env.DB.prepare(`DELETE FROM sessions WHERE ${where} RETURNING id_token AS idToken`).bind(value),
  ]);
  const byParty = new Map<string, string[]>();
  for (const row of open!.results as { sessionId: string; partyId: string }[]) byParty.set(row.partyId, [...(byParty.get(row.partyId) ?? []), row.sessionId]);
  const told = await Promise.allSettled([...byParty].map(([partyId, sessionIds]) => room(env, partyId).endSessions(sessionIds)));
  for (const result of told) {
    // The session is gone either way; a room that missed this closes the socket when its token expires.
    if (result.status === 'rejected') console.error('ending a session: a party could not be told', result.reason instanceof Error ? result.reason.message : result.reason);
  }
  return (ended!.results as { idToken: string | null }[]).map((row) => row.idToken);
}

/** Signing out: answers the provider's ID token for RP-initiated logout, if one was kept. */
export async function endSession(env: Env, sessionId: string, now = Date.now()): Promise<string | null> {
  const [idToken] = await endSessions(env, { sessionId }, now);
  return idToken ?? null;
}

/** Every session of an account (its deletion). */
export async function endSessionsOf(env: Env, userId: string, now = Date.now()): Promise<void> {
  await endSessions(env, { userId }, now);
}

/** The cron: sessions whose refresh token has expired. */
export async function endExpiredSessions(env: Env, now = Date.now()): Promise<void> {
  await endSessions(env, { refreshExpiredBy: Math.floor(now / 1000) }, now);
}

/**
 * The handshake of a socket opened with a session, after the room accepted it: records the party
 * for the session. False when the session has ended meanwhile (the caller closes the socket).
 */
export async function recordSocket(env: Env, sessionId: string, partyId: string): Promise<boolean> {
  // The record and the check are one statement: the upsert returns a row only while the session exists.
  const row = await env.DB.prepare(
    `INSERT INTO session_parties (session_id, party_id) SELECT id, ?2 FROM sessions WHERE id = ?1
     ON CONFLICT (session_id, party_id) DO UPDATE SET party_id = excluded.party_id RETURNING session_id`,
  )
    .bind(sessionId, partyId)
    .first();
  return row !== null;
}
