import type { EndingSessions } from '../db/session-parties';
import { deleteSessions, recordSocketParty } from '../db/session-parties';
import type { Env } from '../env';
import { room } from './parties';
import type { RoomPlace } from './room-place';

/**
 * Ending consultant sessions, the one way it happens (ADR 020): signing out on the page or through
 * the API, account deletion and the cron's expired sessions all come here. The sessions go from
 * D1, and every party in which one of them has a socket closes it at once, with an error frame
 * and a close code that tell the page it is signed out (durable-objects/kernel/sessions.ts).
 *
 * Which parties: each socket's handshake records its party for its session (`recordSocket`, in
 * `session_parties`, which goes with the session). The record is written after the room accepted
 * the socket and only while the session exists, and ending reads the records and deletes the
 * sessions in one transaction; so a socket opened while its session ends is either found here or
 * finds its session gone and is closed by its handshake.
 */

/** Ends the sessions and closes their sockets; answers the provider's ID tokens they kept. */
async function endSessions(env: Env, which: EndingSessions, now: number): Promise<(string | null)[]> {
  // A session whose access token has expired has no socket left to close: every room closes a
  // socket when the token it was opened with expires. So the cron wakes no room.
  const { open, idTokens } = await deleteSessions(env.DB, which, now);
  const byParty = new Map<string, { place: RoomPlace; sessionIds: string[] }>();
  for (const row of open) {
    const party = byParty.get(row.partyId) ?? { place: { ...row, id: row.partyId }, sessionIds: [] };
    party.sessionIds.push(row.sessionId);
    byParty.set(row.partyId, party);
  }
  const told = await Promise.allSettled([...byParty.values()].map(({ place, sessionIds }) => room(env, place).endSessions(sessionIds)));
  for (const result of told) {
    // The session is gone either way; a room that missed this closes the socket when its token expires.
    if (result.status === 'rejected')
      console.error('ending a session: a party could not be told', result.reason instanceof Error ? result.reason.message : result.reason);
  }
  return idTokens;
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
  return recordSocketParty(env.DB, sessionId, partyId);
}
