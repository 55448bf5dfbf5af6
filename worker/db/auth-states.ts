import { eq, lt } from 'drizzle-orm';
import type { Db } from './client';
import { authStates } from './schema';

/** `auth_states`: sign-ins in flight (worker/auth/oidc.ts), keyed by the OAuth state. */

export type AuthStateRow = typeof authStates.$inferSelect;

/** Forgets the sign-ins begun before `cutoff` (never finished). */
export async function forgetAuthStatesBefore(db: Db, cutoff: number): Promise<void> {
  await db.delete(authStates).where(lt(authStates.createdAt, cutoff));
}

export async function insertAuthState(db: Db, row: AuthStateRow): Promise<void> {
  await db.insert(authStates).values(row);
}

/** The sign-in begun under this state, deleted as it is read: a state is used once. */
export async function takeAuthState(db: Db, state: string): Promise<AuthStateRow | undefined> {
  const [row] = await db.delete(authStates).where(eq(authStates.state, state)).returning();
  return row;
}
