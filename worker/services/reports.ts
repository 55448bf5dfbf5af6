import { AppError } from '../../app/core/errors';
import type { Member } from '../../app/core/protocol';
import type { NewReport, PartyReport, ReportAction } from '../../app/core/reports';
import type { Db } from '../db/client';
import { insertOperatorReport } from '../db/reports';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { removeGuest } from './moderation';
import { managerMember, room, roomFacts, unwrap } from './parties';
import { fullName } from '../../app/core/text';

/**
 * Reports of abuse (ADR 064). The party's room keeps them and decides who may file, read and
 * resolve; a report of the manager is written to D1 for the operator; a resolution's deletion or
 * removal goes the way the manager's own would (the room's delete, the moderation's removal).
 */

export async function fileReport(env: Env, db: Db, party: PartyRow, member: Member, input: NewReport): Promise<{ id: string }> {
  const filed = unwrap(await room(env, party).fileReport(member, roomFacts(party), input));
  if (filed.operator) {
    const manager = await managerMember(db, party);
    await insertOperatorReport(db, { id: filed.id, partyId: party.id, managerName: fullName(manager), ...filed.operator });
  }
  return { id: filed.id };
}

export async function partyReports(env: Env, party: PartyRow, member: Member): Promise<PartyReport[]> {
  return unwrap(await room(env, party).reports(member, roomFacts(party)));
}

export async function resolveReport(env: Env, db: Db, party: PartyRow, member: Member, reportId: string, action: ReportAction): Promise<void> {
  const stub = room(env, party);
  const facts = roomFacts(party);
  const target = unwrap(await stub.reportTarget(member, facts, reportId));
  if (action === 'delete') {
    if (!target.messageId) throw new AppError('invalidInput');
    const deleted = await stub.deleteMessages(member, facts, [target.messageId]);
    // Deleted already (by its sender or another resolver): the report is settled all the same.
    if (!deleted.ok && deleted.code !== 'messageNotFound') throw new AppError(deleted.code);
  }
  if (action === 'remove') await removeGuest(env, db, party, member, target.memberId);
  unwrap(await stub.resolveReport(member, facts, reportId, action));
}
