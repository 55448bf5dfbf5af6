import { desc, eq, isNull } from 'drizzle-orm';
import type { OperatorReport, ReportReason } from '../../app/core/reports';
import type { Db } from './client';
import { operatorReports, parties } from './schema';

/** Reports of a party's manager, for the operator (ADR 064). */

export async function insertOperatorReport(db: Db, row: typeof operatorReports.$inferInsert): Promise<void> {
  await db.insert(operatorReports).values(row).onConflictDoNothing();
}

/** The open ones, newest first, with their parties' titles. */
export async function openOperatorReports(db: Db, limit = 100): Promise<OperatorReport[]> {
  const rows = await db
    .select({
      id: operatorReports.id,
      partyId: operatorReports.partyId,
      partyTitle: parties.title,
      managerName: operatorReports.managerName,
      excerpt: operatorReports.excerpt,
      reason: operatorReports.reason,
      note: operatorReports.note,
      at: operatorReports.at,
    })
    .from(operatorReports)
    .innerJoin(parties, eq(parties.id, operatorReports.partyId))
    .where(isNull(operatorReports.resolvedAt))
    .orderBy(desc(operatorReports.at))
    .limit(limit);
  return rows.map((row) => ({ ...row, reason: row.reason as ReportReason }));
}
