import { AppError } from '#core/errors';
import type { FollowUp } from '#core/follow-up';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { memberInParty, room, roomFacts } from './parties';

/**
 * The follow-up list of a party (ADR 045), for the JSON API and the workspace's page and export.
 * The room answers it by its contract and checks the reader's role itself: its manager alone.
 */
export async function followUpList(env: Env, db: Db, partyId: string, identity: Identity): Promise<{ party: PartyRow; list: FollowUp }> {
  const { party, member } = await memberInParty(db, partyId, identity, { evenEnded: true });
  const outcome = await room(env, party).followUp(member, roomFacts(party));
  if (!outcome.ok) throw new AppError(outcome.code);
  return { party, list: outcome.value };
}
