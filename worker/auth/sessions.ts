import { ACCESS_TOKEN_TTL_S, REFRESH_REUSE_GRACE_S, REFRESH_TOKEN_TTL_S } from '../../app/core/limits';
import type { Db } from '../db/client';
import { insertSession, rotateSessionTokens, sessionByAccessHash, sessionByPreviousRefreshHash } from '../db/sessions';
import { randomToken, sha256 } from './crypto';

/**
 * Consultant sessions are Salon's own tokens, issued after the provider vouched for the person:
 * a short-lived access token and a rotating refresh token, both stored only as hashes. Sessions
 * end through worker/services/session-end.ts alone, which also closes their sockets.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Unix seconds when the access token expires. */
  expiresAt: number;
  userId: string;
  sessionId: string;
}

/** What the app is answered (POST /api/auth/token, /refresh): the tokens, never the session's own id. */
export type AppTokens = Omit<SessionTokens, 'sessionId'>;

export function appTokens({ accessToken, refreshToken, expiresAt, userId }: SessionTokens): AppTokens {
  return { accessToken, refreshToken, expiresAt, userId };
}

/** A consultant signed in by a valid access token: who, by which session, and until when. */
export interface ConsultantSession {
  userId: string;
  sessionId: string;
  /** Unix seconds when the access token in use expires. */
  expiresAt: number;
}

export type AccessCheck = ({ status: 'valid' } & ConsultantSession) | { status: 'expired' } | { status: 'invalid' };

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function issueTokens(): Promise<{ accessToken: string; refreshToken: string; accessHash: string; refreshHash: string }> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  return { accessToken, refreshToken, accessHash: await sha256(accessToken), refreshHash: await sha256(refreshToken) };
}

export async function createSession(db: Db, userId: string, idToken: string | null): Promise<SessionTokens> {
  const tokens = await issueTokens();
  const now = nowSeconds();
  const expiresAt = now + ACCESS_TOKEN_TTL_S;
  const sessionId = crypto.randomUUID();
  await insertSession(db, {
    id: sessionId,
    userId,
    accessHash: tokens.accessHash,
    accessExpiresAt: expiresAt,
    refreshHash: tokens.refreshHash,
    refreshExpiresAt: now + REFRESH_TOKEN_TTL_S,
    idToken,
    previousRefreshHash: null,
    rotatedAt: null,
    createdAt: Date.now(),
  });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt, userId, sessionId };
}

export async function checkAccessToken(db: Db, accessToken: string): Promise<AccessCheck> {
  const row = await sessionByAccessHash(db, await sha256(accessToken));
  if (!row) return { status: 'invalid' };
  if (row.accessExpiresAt <= nowSeconds()) return { status: 'expired' };
  return { status: 'valid', userId: row.userId, sessionId: row.id, expiresAt: row.accessExpiresAt };
}

/** Rotates both tokens. The old refresh token stops working; null when it is unknown or expired. */
export async function refreshSession(db: Db, refreshToken: string): Promise<SessionTokens | null> {
  const now = nowSeconds();
  const tokens = await issueTokens();
  const expiresAt = now + ACCESS_TOKEN_TTL_S;
  const row = await rotateSessionTokens(db, await sha256(refreshToken), now, {
    accessHash: tokens.accessHash,
    accessExpiresAt: expiresAt,
    refreshHash: tokens.refreshHash,
    refreshExpiresAt: now + REFRESH_TOKEN_TTL_S,
  });
  if (!row) return null;
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt, userId: row.userId, sessionId: row.sessionId };
}

/**
 * The session a refresh token named until another request rotated it moments ago (ADR 041): a
 * page's requests sent at once all carry the same refresh token, and only the first rotates it.
 * The others pass as that session but get no tokens; the first one's answer sets them.
 */
export async function recentlyRotatedSession(db: Db, refreshToken: string): Promise<ConsultantSession | null> {
  const row = await sessionByPreviousRefreshHash(db, await sha256(refreshToken), nowSeconds() - REFRESH_REUSE_GRACE_S);
  return row ? { userId: row.userId, sessionId: row.id, expiresAt: row.accessExpiresAt } : null;
}
