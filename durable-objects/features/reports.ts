import type { NewReport, PartyReport, ReportAction, ReportFiled, ReportReason } from '#core/reports';
import { REPORT_EXCERPT_CHARS, REPORT_LIMIT } from '#core/reports';
import { fullName, truncate } from '#core/text';
import type { Outcome } from '../contract';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { fail } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';

/**
 * Reports of abuse (ADR 064), in the room's own SQLite: a row per report with what and whom it
 * names, the reason and the reporter (kept for the rate and for duplicates, never sent to anyone).
 * The manager and the host read the open ones that are not about themselves; a report of the
 * manager is marked for the operator and the Worker writes it to D1. The room decides who may
 * report and resolve; the Worker carries out a resolution's deletion or removal by the existing
 * paths, then marks the report resolved here.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  message_id TEXT,
  excerpt TEXT,
  reason TEXT NOT NULL,
  note TEXT,
  reporter_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  to_operator INTEGER NOT NULL DEFAULT 0,
  resolved_at INTEGER,
  resolution TEXT
);
CREATE INDEX IF NOT EXISTS reports_reporter ON reports (reporter_id, at);
`;

interface ReportRow {
  id: string;
  member_id: string;
  message_id: string | null;
  excerpt: string | null;
  reason: string;
  note: string | null;
  reporter_id: string;
  at: number;
  to_operator: number;
  resolved_at: number | null;
}

/** A report's target, for the Worker's part of a resolution. */
export interface ReportTarget {
  memberId: string;
  messageId: string | null;
}

export class Reports implements Feature {
  readonly name = 'reports';

  constructor(private readonly room: Room) {}

  load(): void {
    this.room.sql.exec(SCHEMA);
  }

  private rows(where: string, ...values: SqlStorageValue[]): ReportRow[] {
    return this.room.sql.exec<Record<string, SqlStorageValue>>(`SELECT * FROM reports WHERE ${where}`, ...values).toArray() as unknown as ReportRow[];
  }

  /** The member reports a message or a member; at most REPORT_LIMIT in its window. */
  file(reporter: StoredMember, input: NewReport): Outcome<ReportFiled> {
    const now = this.room.now();
    let target: StoredMember | undefined;
    let excerpt: string | null = null;
    if (input.messageId) {
      const message = this.room.store.findById(input.messageId);
      if (!message || message.deleted) return fail('messageNotFound');
      target = this.room.store.members.get(message.sender);
      excerpt = truncate(message.message, REPORT_EXCERPT_CHARS);
    } else {
      target = this.room.store.members.get(input.memberId!);
      // The manager, before she ever entered her room: known by the party's facts.
      const owner = this.room.store.facts?.ownerUserId;
      if (!target && owner && input.memberId === owner) target = { id: owner, firstName: '', lastName: '', role: 'manager', removed: false, seenSeq: 0 };
    }
    if (!target) return fail(input.messageId ? 'messageNotFound' : 'notMember');
    if (target.id === reporter.id) return fail('reportSelf');
    const open = this.rows('reporter_id = ? AND member_id = ? AND message_id IS ? AND resolved_at IS NULL', reporter.id, target.id, input.messageId ?? null)[0];
    if (open) return { ok: true, value: { id: open.id, duplicate: true, operator: null } };
    const recent = this.rows('reporter_id = ? AND at > ?', reporter.id, now - REPORT_LIMIT.windowMs).length;
    if (recent >= REPORT_LIMIT.count) return fail('rateLimited');
    const id = crypto.randomUUID();
    const toOperator = target.role === 'manager';
    const note = input.note ? input.note : null;
    this.room.sql.exec(
      'INSERT INTO reports (id, member_id, message_id, excerpt, reason, note, reporter_id, at, to_operator) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      target.id,
      input.messageId ?? null,
      excerpt,
      input.reason,
      note,
      reporter.id,
      now,
      toOperator ? 1 : 0,
    );
    if (!toOperator) this.tellResolvers(target.id);
    return {
      ok: true,
      value: { id, duplicate: false, operator: toOperator ? { excerpt, reason: input.reason, note, at: now } : null },
    };
  }

  /** Who resolves reports: the manager and the host. */
  private resolver(member: StoredMember): boolean {
    return member.role === 'manager' || member.role === 'host';
  }

  /** The open reports she may read: not the operator's, not about herself. */
  list(member: StoredMember): Outcome<PartyReport[]> {
    if (!this.resolver(member)) return fail('forbidden');
    const reports = this.rows('resolved_at IS NULL AND to_operator = 0 AND member_id != ? ORDER BY at', member.id).map((row): PartyReport => {
      const target = this.room.store.members.get(row.member_id);
      const message = row.message_id ? this.room.store.findById(row.message_id) : null;
      return {
        id: row.id,
        memberId: row.member_id,
        memberName: target ? fullName(target) : '',
        memberGone: !target || target.removed,
        messageId: row.message_id,
        excerpt: row.excerpt,
        messageGone: row.message_id !== null && (!message || message.deleted),
        reason: row.reason as ReportReason,
        note: row.note,
        at: row.at,
      };
    });
    return { ok: true, value: reports };
  }

  /** An open report she may resolve, and what it names. */
  target(member: StoredMember, reportId: string): Outcome<ReportTarget> {
    if (!this.resolver(member)) return fail('forbidden');
    const row = this.rows('id = ? AND resolved_at IS NULL AND to_operator = 0 AND member_id != ?', reportId, member.id)[0];
    if (!row) return fail('reportNotFound');
    return { ok: true, value: { memberId: row.member_id, messageId: row.message_id } };
  }

  /**
   * Marks the report resolved with what was done; a message's deletion or a member's removal also
   * settles the other open reports of the same message or member.
   */
  resolve(member: StoredMember, reportId: string, action: ReportAction): Outcome<null> {
    const found = this.target(member, reportId);
    if (!found.ok) return found;
    const now = this.room.now();
    this.room.sql.exec('UPDATE reports SET resolved_at = ?, resolution = ? WHERE id = ?', now, action, reportId);
    if (action === 'delete' && found.value.messageId)
      this.room.sql.exec('UPDATE reports SET resolved_at = ?, resolution = ? WHERE message_id = ? AND resolved_at IS NULL', now, action, found.value.messageId);
    if (action === 'remove')
      this.room.sql.exec(
        'UPDATE reports SET resolved_at = ?, resolution = ? WHERE member_id = ? AND resolved_at IS NULL AND to_operator = 0',
        now,
        action,
        found.value.memberId,
      );
    this.tellResolvers(found.value.memberId);
    return { ok: true, value: null };
  }

  /** The manager's and the host's pages hear how many reports they have open (not the one they are about). */
  private tellResolvers(about: string): void {
    for (const member of this.room.store.members.values()) {
      if (member.removed || !this.resolver(member) || member.id === about) continue;
      const open = this.rows('resolved_at IS NULL AND to_operator = 0 AND member_id != ?', member.id).length;
      this.room.sendToMember(member.id, { type: 'reportsOpen', count: open });
    }
  }

  /** A resolver's socket hears her open count with its welcome. */
  welcome(member: StoredMember) {
    if (!this.resolver(member)) return [];
    const open = this.rows('resolved_at IS NULL AND to_operator = 0 AND member_id != ?', member.id).length;
    return open > 0 ? [{ type: 'reportsOpen' as const, count: open }] : [];
  }
}
