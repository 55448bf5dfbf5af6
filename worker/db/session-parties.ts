/**
 * Consultant sessions and the parties their sockets are open in (`session_parties`), as ending a
 * session reads them (worker/services/session-end.ts, ADR 020).
 */

/** Which sessions end: one, every one of an account, or those whose refresh token expired. */
export type EndingSessions = { sessionId: string } | { userId: string } | { refreshExpiredBy: number };

function condition(which: EndingSessions): { where: string; value: string | number } {
  if ('sessionId' in which) return { where: 'sessions.id = ?1', value: which.sessionId };
  if ('userId' in which) return { where: 'sessions.user_id = ?1', value: which.userId };
  return { where: 'sessions.refresh_expires_at < ?1', value: which.refreshExpiredBy };
}

/** A party where an ending session may have a socket, with where its room lives (ADR 050). */
export interface OpenSocketParty {
  sessionId: string;
  partyId: string;
  roomJurisdiction: string | null;
  roomLocation: string | null;
}

/**
 * Deletes the sessions; answers the parties where one still may have a socket (its access token
 * has not expired by `now`) and the provider's ID tokens they kept. Raw SQL: the records are read
 * and the sessions deleted in one transaction, so a socket recorded meanwhile is either read here
 * or finds its session gone (`recordSocketParty`).
 */
export async function deleteSessions(d1: D1Database, which: EndingSessions, now: number): Promise<{ open: OpenSocketParty[]; idTokens: (string | null)[] }> {
  const { where, value } = condition(which);
  const [open, ended] = await d1.batch([
    d1
      .prepare(
        `SELECT session_parties.session_id AS sessionId, session_parties.party_id AS partyId, parties.room_jurisdiction AS roomJurisdiction,
         parties.room_location AS roomLocation FROM session_parties JOIN sessions ON sessions.id = session_parties.session_id
         JOIN parties ON parties.id = session_parties.party_id WHERE ${where} AND sessions.access_expires_at * 1000 > ?2`,
      )
      .bind(value, now),
    d1.prepare(`DELETE FROM sessions WHERE ${where} RETURNING id_token AS idToken`).bind(value),
  ]);
  return {
    open: open!.results as OpenSocketParty[],
    idTokens: (ended!.results as { idToken: string | null }[]).map((row) => row.idToken),
  };
}

/**
 * Records that the session has a socket in the party; false when the session has ended. Raw SQL:
 * the record and the check are one statement, the upsert returns a row only while the session exists.
 */
export async function recordSocketParty(d1: D1Database, sessionId: string, partyId: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `INSERT INTO session_parties (session_id, party_id) SELECT id, ?2 FROM sessions WHERE id = ?1
       ON CONFLICT (session_id, party_id) DO UPDATE SET party_id = excluded.party_id RETURNING session_id`,
    )
    .bind(sessionId, partyId)
    .first();
  return row !== null;
}
