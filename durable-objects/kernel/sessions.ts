import type { ErrorCode } from '#core/errors';
import { SOCKET_CLOSE } from '#core/protocol-version';
import type { SocketSession } from '../contract';

/**
 * A consultant's socket lives no longer than the session that opened it (ADR 020). The Worker
 * names the session at the handshake; the room tags the socket with it, so that ending a session
 * (worker/services/session-end.ts) closes exactly its sockets, and closes a socket once the access
 * token it was opened with expires: the alarm at that time, or the socket's next frame, whichever
 * comes first. The page then refreshes the token and reconnects; a signed-out page signs in again.
 * No frame waits for D1.
 */

/** The socket's tag for its session: `getWebSockets(tag)` finds the session's sockets. */
export function sessionTag(sessionId: string): string {
  return `session:${sessionId}`;
}

/** What this module needs of the room. */
export interface SessionSockets {
  readonly sockets: {
    /** Open sockets with this tag (a member id, or a session's tag). */
    open(tag: string): WebSocket[];
    /** The session a socket was opened with is in its attachment. */
    attachment(ws: WebSocket): { session?: SocketSession } | undefined;
  };
  /** Tells the socket why with an error frame, closes it, and counts it gone. */
  end(ws: WebSocket, code: ErrorCode, closeCode: number): void;
}

/** The sessions ended (signed out, deleted): their sockets close at once. */
export function endSessions(room: SessionSockets, sessionIds: readonly string[]): void {
  for (const id of sessionIds) {
    for (const ws of room.sockets.open(sessionTag(id))) room.end(ws, 'unauthorized', SOCKET_CLOSE.signedOut);
  }
}

/** Whether the socket's session has expired (a socket without one is a guest's). */
export function sessionExpired(session: SocketSession | null, now: number): boolean {
  return session !== null && session.expiresAt <= now;
}

/** Closes the manager's sockets whose access token has expired. */
export function closeExpiredSessions(room: SessionSockets, managerId: string, now: number): void {
  for (const ws of room.sockets.open(managerId)) {
    if (sessionExpired(room.sockets.attachment(ws)?.session ?? null, now)) room.end(ws, 'sessionExpired', SOCKET_CLOSE.sessionExpired);
  }
}

/** When the next of the manager's sockets expires, for the alarm; null when none has a session. */
export function sessionsDue(room: SessionSockets, managerId: string): number | null {
  let due: number | null = null;
  for (const ws of room.sockets.open(managerId)) {
    const expiresAt = room.sockets.attachment(ws)?.session?.expiresAt;
    if (expiresAt !== undefined && (due === null || expiresAt < due)) due = expiresAt;
  }
  return due;
}
