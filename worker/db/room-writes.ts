import { and, eq } from 'drizzle-orm';
import { database } from './client';
import { parties, partyMembers } from './schema';

/**
 * What a party's room writes to D1 (durable-objects/): its copy of the hosts, a member's new name
 * and the dashboard's summary. The room owns these facts; D1 follows it for the pages and the API.
 */

/**
 * D1's record of who hosts the party, set to the room's (durable-objects/features/members/hosts.ts). Raw SQL: one
 * statement, so D1 never holds a mix of two states; the ids go as one JSON parameter, so any number fit.
 */
export async function recordHosts(d1: D1Database, partyId: string, hostIds: string[]): Promise<void> {
  const hosts = 'guest_id IN (SELECT value FROM json_each(?2))';
  await d1.prepare(`UPDATE party_members SET is_host = (${hosts}) WHERE party_id = ?1 AND is_host <> (${hosts})`).bind(partyId, JSON.stringify(hostIds)).run();
}

/** D1 owns memberships: a member's rename in the room is written there too. */
export async function recordMemberName(d1: D1Database, partyId: string, member: { id: string; firstName: string; lastName: string }): Promise<void> {
  await database(d1)
    .update(partyMembers)
    .set({ firstName: member.firstName, lastName: member.lastName })
    .where(and(eq(partyMembers.partyId, partyId), eq(partyMembers.guestId, member.id)));
}

/** The dashboard's summary of a party: its latest message and how far its manager has read. */
export interface PartySummary {
  latestSeq: number;
  latestAt: number | null;
  latestSenderId: string | null;
  latestSenderName: string | null;
  managerSeenSeq: number;
}

export async function recordSummary(d1: D1Database, partyId: string, summary: PartySummary): Promise<void> {
  await database(d1).update(parties).set(summary).where(eq(parties.id, partyId));
}

/** The dashboard's counts of leads (ADR 059): members who asked to host a party, and about the team. */
export async function recordLeads(d1: D1Database, partyId: string, counts: { booking: number; team: number }): Promise<void> {
  await database(d1).update(parties).set({ bookingLeads: counts.booking, teamLeads: counts.team }).where(eq(parties.id, partyId));
}
