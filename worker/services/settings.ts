import type { Db } from '../db/client';
import type { SettingsRow } from '../db/schema';
import { settingsRow, upsertSettings } from '../db/settings';

/** Settings per user, not per profile, with defaults for a user who never changed one. */
export interface Settings {
  selectedProfileId: string | null;
  companyMode: boolean;
  releaseNotesSeen: string | null;
  bannerDismissed: boolean;
}

const DEFAULTS: Settings = { selectedProfileId: null, companyMode: false, releaseNotesSeen: null, bannerDismissed: false };

function settings(row: SettingsRow): Settings {
  return {
    selectedProfileId: row.selectedProfileId,
    companyMode: row.companyMode,
    releaseNotesSeen: row.releaseNotesSeen,
    bannerDismissed: row.bannerDismissed,
  };
}

export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const row = await settingsRow(db, userId);
  return row ? settings(row) : { ...DEFAULTS };
}

/** Changes some settings in one statement (an upsert), leaving the others as they are. */
export async function updateSettings(db: Db, userId: string, patch: Partial<Settings>): Promise<Settings> {
  const now = Date.now();
  return settings(await upsertSettings(db, { ...DEFAULTS, ...patch, userId, updatedAt: now }, { ...patch, updatedAt: now }));
}

/** PUT /profile/banner: whether the workspace's app banner stays away (ADR 040). */
export async function setBannerDismissed(db: Db, userId: string, bannerDismissed: boolean): Promise<{ bannerDismissed: boolean }> {
  return { bannerDismissed: (await updateSettings(db, userId, { bannerDismissed })).bannerDismissed };
}
