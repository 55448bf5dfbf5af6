import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';

export interface ProfileOption {
  id: string;
  firstName: string;
  lastName: string;
}

export async function listProfiles(db: Db, userId: string): Promise<ProfileOption[]> {
  return db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(asc(profiles.createdAt), asc(profiles.lastName));
}
