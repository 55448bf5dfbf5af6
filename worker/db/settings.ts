import { eq } from 'drizzle-orm';
import type { Db } from './client';
import type { SettingsRow } from './schema';
import { userSettings } from './schema';

/** `user_settings`: one row per user, written only once a setting changes (worker/services/settings.ts holds the defaults). */

export async function settingsRow(db: Db, userId: string): Promise<SettingsRow | undefined> {
  return db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });
}

/**
 * Writes `row` when the user has no settings yet, else only `changes`, in one statement (an
 * upsert); answers the row as stored.
 */
export async function upsertSettings(db: Db, row: SettingsRow, changes: Partial<Omit<SettingsRow, 'userId'>>): Promise<SettingsRow> {
  const [stored] = await db.insert(userSettings).values(row).onConflictDoUpdate({ target: userSettings.userId, set: changes }).returning();
  return stored!;
}
