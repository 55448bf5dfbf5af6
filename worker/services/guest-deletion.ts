import type { Db } from '../db/client';
import { deleteGuestRows, guestHoldings } from '../db/guests';
import type { Env } from '../env';
import { room } from './parties';

/**
 * A guest's account deleted, at once (ADR 053), with the identities her account took in (ADR
 * 052). The rooms first: each forgets her as it forgets a guest who leaves (her sockets close, her
 * roster entry goes, her tickets are refused); if one fails, nothing in D1 has changed and she can
 * try again. Then, in one D1 batch, her memberships, push rows and guest rows (keys and codes with
 * them); then her pictures in R2. Her messages stay in each party, under the name she wrote them
 * with, as a removed guest's do (the privacy notice says so).
 */
export async function deleteGuestAccount(env: Env, db: Db, guestId: string): Promise<void> {
  const { ids, memberships, pictures } = await guestHoldings(db, guestId);
  await Promise.all(memberships.map(({ party, guestId: memberId }) => room(env, party).dropMember(memberId, 'left')));
  await deleteGuestRows(db, ids);
  if (pictures.length > 0) await env.MEDIA.delete(pictures);
}
