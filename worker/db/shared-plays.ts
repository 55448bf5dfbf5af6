/**
 * Which recipient's party plays which shared template (`party_shared_templates`), so that the
 * owner taking a template back reaches every party playing it (ADR 020). Raw SQL where one
 * statement or one batch must decide: taking back deletes the copies and reads these records in
 * one transaction, and recording a play checks the copy in the same statement, so of a take-back
 * and an apply at the same time one always finds the other.
 */

/** A recipient's party playing a shared template, with where the party's room lives (ADR 050). */
export interface SharedPlay {
  partyId: string;
  templateId: string;
  roomJurisdiction: string | null;
  roomLocation: string | null;
}

/** The records as rows of SharedPlay; callers add their WHERE (on `template_id`). */
export const PLAYED = `SELECT party_id AS partyId, template_id AS templateId, parties.room_jurisdiction AS roomJurisdiction,
  parties.room_location AS roomLocation FROM party_shared_templates JOIN parties ON parties.id = party_shared_templates.party_id`;

/**
 * The owner takes a template back: its link stops, every recipient's copy goes, and the parties
 * playing it are answered, in one transaction. Their records stay until `forgetSharedPlays`.
 */
export async function unshareTemplate(d1: D1Database, templateId: string): Promise<SharedPlay[]> {
  const [, , played] = await d1.batch([
    d1.prepare('UPDATE templates SET share_token = NULL WHERE id = ?1').bind(templateId),
    d1.prepare('DELETE FROM template_recipients WHERE template_id = ?1').bind(templateId),
    d1.prepare(`${PLAYED} WHERE template_id = ?1`).bind(templateId),
  ]);
  return played!.results as SharedPlay[];
}

/** The records of these parties for this template go (their rooms were told). */
export async function forgetSharedPlays(d1: D1Database, templateId: string, partyIds: readonly string[]): Promise<void> {
  // One JSON parameter rather than one per party: D1 binds at most 100 (worker/db/chunks.ts).
  await d1
    .prepare('DELETE FROM party_shared_templates WHERE template_id = ?1 AND party_id IN (SELECT value FROM json_each(?2))')
    .bind(templateId, JSON.stringify(partyIds))
    .run();
}

/**
 * Records that a party plays a shared template, only while the recipient still holds her copy, in
 * the same statement. False when she no longer does.
 */
export async function recordSharedPlayIfCopyHeld(d1: D1Database, partyId: string, templateId: string, recipientId: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `INSERT INTO party_shared_templates (party_id, template_id)
     SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM template_recipients WHERE template_id = ?2 AND user_id = ?3)
     ON CONFLICT (party_id) DO UPDATE SET template_id = excluded.template_id RETURNING party_id`,
    )
    .bind(partyId, templateId, recipientId)
    .first();
  return row !== null;
}

/** The parties playing any of an owner's templates (before her account's templates are deleted). */
export async function sharedPlaysOfOwner(d1: D1Database, userId: string): Promise<SharedPlay[]> {
  const { results } = await d1.prepare(`${PLAYED} WHERE template_id IN (SELECT id FROM templates WHERE user_id = ?1)`).bind(userId).all<SharedPlay>();
  return results;
}
