import { AppError, isAppError } from '#core/errors';
import type { Recap, RecapConsultant } from '#core/recap';
import type { Member } from '#core/protocol';
import type { Db } from '../db/client';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { room } from './parties';
import { getProfile } from './profiles';

/**
 * A guest's recap of a party (ADR 046): hers alone, so it names no guest; it is always the asker's
 * own. Guests and the host read theirs, also after the party ended (when the rest of the party is
 * closed to them); the manager has none (she has the party itself and its follow-up list).
 */
export async function guestRecap(env: Env, db: Db, party: PartyRow, member: Member): Promise<Recap> {
  if (member.role === 'manager') throw new AppError('forbidden');
  const [outcome, consultant] = await Promise.all([room(env, party).recap(member), consultantOf(db, party)]);
  if (!outcome.ok) throw new AppError(outcome.code);
  return { ...outcome.value, title: party.title, consultant };
}

/** The managing profile's public card and shop link; null when the profile is gone. */
async function consultantOf(db: Db, party: PartyRow): Promise<RecapConsultant | null> {
  if (!party.profileId) return null;
  try {
    const { shortId, firstName, lastName, phoneNo, email, website, biography, profilePic, shopLink } = await getProfile(db, party.userId, party.profileId);
    return { shortId, firstName, lastName, phoneNo, email, website, biography, profilePic, shopLink };
  } catch (error) {
    if (isAppError(error) && error.code === 'profileNotFound') return null;
    throw error;
  }
}
