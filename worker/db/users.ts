import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import type { UserRow } from './schema';
import { profiles, userSettings, users } from './schema';

/** `users`: consultants' accounts, one per identity at a provider (worker/auth/oidc.ts signs them in). */

/** What the provider says of the person, stored on the account at each sign-in. */
export type ProviderFields = Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'companyName'>;

/** The account of the provider's identity (`sub` at `issuer`), or undefined before its first sign-in. */
export async function userIdByProvider(db: Db, issuer: string, sub: string): Promise<string | undefined> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: and(eq(users.oidcIssuer, issuer), eq(users.oidcSub, sub)) });
  return row?.id;
}

export async function updateProviderFields(db: Db, userId: string, fields: ProviderFields): Promise<void> {
  await db.update(users).set(fields).where(eq(users.id, userId));
}

/** A new account with its first profile and its settings, in one transaction. */
export async function insertAccount(
  db: Db,
  account: { user: typeof users.$inferInsert; profile: typeof profiles.$inferInsert; settings: typeof userSettings.$inferInsert },
): Promise<void> {
  await db.batch([db.insert(users).values(account.user), db.insert(profiles).values(account.profile), db.insert(userSettings).values(account.settings)]);
}

/** The account holder's names, as the provider last gave them. */
export async function userNames(db: Db, userId: string): Promise<{ firstName: string; lastName: string } | undefined> {
  return db.query.users.findFirst({ columns: { firstName: true, lastName: true }, where: eq(users.id, userId) });
}
