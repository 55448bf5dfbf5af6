import { z } from './zod';

/**
 * Reporting abuse in a party (ADR 064): any member reports a message or a member to the party's
 * manager and host, with a reason; they resolve it (delete the message, remove the guest, or
 * dismiss). A report about the manager goes to the operator instead. Nobody in the party is ever
 * told who reported.
 */

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_ACTIONS = ['dismiss', 'delete', 'remove'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** A member's reports: this many in this window, then `rateLimited`. */
export const REPORT_LIMIT = { count: 5, windowMs: 10 * 60_000 } as const;
/** The words a reporter may add. */
export const REPORT_NOTE_MAX = 500;
/** How much of a reported message the report keeps (what the resolver reads). */
export const REPORT_EXCERPT_CHARS = 300;

/** A report: of a message (`messageId`) or of a member (`memberId`), never both. */
export const NewReportSchema = z
  .object({
    messageId: z.uuid({ error: 'invalidInput' }).optional(),
    memberId: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(64, { error: 'invalidInput' }).optional(),
    reason: z.enum(REPORT_REASONS, { error: 'invalidInput' }),
    note: z.string({ error: 'invalidInput' }).trim().max(REPORT_NOTE_MAX, { error: 'invalidInput' }).optional(),
  })
  .refine((body) => (body.messageId === undefined) !== (body.memberId === undefined), { error: 'invalidInput' });
export type NewReport = z.infer<typeof NewReportSchema>;

export const ResolveReportSchema = z.object({ action: z.enum(REPORT_ACTIONS, { error: 'invalidInput' }) });

/** A report as the manager or host reads it: what and whom, why; never who reported. */
export interface PartyReport {
  id: string;
  /** The reported member (the message's sender for a message). */
  memberId: string;
  memberName: string;
  /** Removed from the party since. */
  memberGone: boolean;
  messageId: string | null;
  /** The message's text as it was reported, cut; null for a member's report. */
  excerpt: string | null;
  /** The message is deleted since. */
  messageGone: boolean;
  reason: ReportReason;
  note: string | null;
  at: number;
}

/** What the room says of a new report: its id, and, for a report of the manager, what the operator is told. */
export interface ReportFiled {
  id: string;
  /** Already filed by her, open: nothing new was written. */
  duplicate: boolean;
  operator: { excerpt: string | null; reason: ReportReason; note: string | null; at: number } | null;
}

/** A report of a party's manager, on the operator's page. */
export interface OperatorReport {
  id: string;
  partyId: string;
  partyTitle: string;
  managerName: string;
  excerpt: string | null;
  reason: ReportReason;
  note: string | null;
  at: number;
}
