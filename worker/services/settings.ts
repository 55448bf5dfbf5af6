import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userSettings } from '../db/schema';

/** Settings per user, not per profile, with defaults for a user who never changed one. */
export interface Settings {
  selectedProfileId: string | null;
  companyMode: boolean;
  releaseNotesSeen: string | null;
  bannerDismissed: boolean;
}

const DEFAULTS: Settings = { selectedProfileId: null, companyMode: false, releaseNotesSeen: null, bannerDismissed: false };

export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const row = await db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) });
  if (!row) return { ...DEFAULTS };
  return {
    selectedProfileId: row.selectedProfileId,
    companyMode: row.companyMode,
    releaseNotesSeen: row.releaseNotesSeen,
    bannerDismissed: row.bannerDismissed,
  };
}

/** Changes some settings in one statement (an upsert), leaving the others as they are. */
export async function updateSettings(db: Db, userId: string, patch: Partial<Settings>): Promise<Settings> {
  const now = Date.now();
  const [row] = await db
    .insert(userSettings)
    .values({ ...DEFAULTS, ...patch, userId, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: now } })
    .returning();
  return {
    selectedProfileId: row!.selectedProfileId,
    companyMode: row!.companyMode,
    releaseNotesSeen: row!.releaseNotesSeen,
    bannerDismissed: row!.bannerDismissed,
  };
}
