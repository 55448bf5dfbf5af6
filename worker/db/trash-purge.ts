import { doomedFolders } from './library';
import type { SharedPlay } from './shared-plays';
import { PLAYED } from './shared-plays';

/**
 * The cron's trash purges as single batches (one transaction each): the doomed folders are a
 * recursive query over the folder tree (worker/db/library.ts), and every statement of a purge must
 * see the same tree, so each statement starts from the same `WITH RECURSIVE doomed`. `?1` is the
 * cutoff: what was trashed at or before it goes.
 */

const DOOMED_MEDIA_FOLDERS = doomedFolders('media');
const DOOMED_ITEMS = `purged_at IS NULL AND ((trashed_at IS NOT NULL AND trashed_at <= ?1) OR folder_id IN (SELECT id FROM doomed))`;

/**
 * Media: items trashed before the cutoff, or inside a doomed folder, are marked purged and taken out
 * of their folder (so the folder's deletion does not take their rows along); the folders go.
 */
export async function purgeMediaRows(d1: D1Database, cutoff: number, now: number): Promise<{ folders: number; items: number }> {
  const [items, folders] = await d1.batch([
    d1.prepare(`${DOOMED_MEDIA_FOLDERS} UPDATE media_items SET purged_at = ?2, folder_id = NULL WHERE ${DOOMED_ITEMS}`).bind(cutoff, now),
    d1.prepare(`${DOOMED_MEDIA_FOLDERS} DELETE FROM media_folders WHERE id IN (SELECT id FROM doomed)`).bind(cutoff),
  ]);
  return { items: items!.meta.changes, folders: folders!.meta.changes };
}

const DOOMED_TEMPLATE_FOLDERS = doomedFolders('templates');
const DOOMED_TEMPLATES = `SELECT id FROM templates WHERE (trashed_at IS NOT NULL AND trashed_at <= ?1) OR folder_id IN (SELECT id FROM doomed)`;

/**
 * Templates: the templates and folders, with everything in them, and recipients' trashed copies (a
 * copy inside a deleted folder goes with it rather than back to the root). Answers the parties that
 * were playing a template deleted here (their records go with it), so their rooms can be told.
 */
export async function purgeTemplateRows(d1: D1Database, cutoff: number): Promise<{ played: SharedPlay[]; copies: number; templates: number; folders: number }> {
  const [played, copies, , , removed, folders] = await d1.batch([
    d1.prepare(`${DOOMED_TEMPLATE_FOLDERS} ${PLAYED} WHERE template_id IN (${DOOMED_TEMPLATES})`).bind(cutoff),
    d1
      .prepare(
        `${DOOMED_TEMPLATE_FOLDERS} DELETE FROM template_recipients WHERE (trashed_at IS NOT NULL AND trashed_at <= ?1) OR folder_id IN (SELECT id FROM doomed)`,
      )
      .bind(cutoff),
    d1.prepare(`${DOOMED_TEMPLATE_FOLDERS} DELETE FROM template_recipients WHERE template_id IN (${DOOMED_TEMPLATES})`).bind(cutoff),
    d1.prepare(`${DOOMED_TEMPLATE_FOLDERS} DELETE FROM template_messages WHERE template_id IN (${DOOMED_TEMPLATES})`).bind(cutoff),
    d1.prepare(`${DOOMED_TEMPLATE_FOLDERS} DELETE FROM templates WHERE id IN (${DOOMED_TEMPLATES})`).bind(cutoff),
    d1.prepare(`${DOOMED_TEMPLATE_FOLDERS} DELETE FROM template_folders WHERE id IN (SELECT id FROM doomed)`).bind(cutoff),
  ]);
  return {
    played: played!.results as SharedPlay[],
    copies: copies!.meta.changes,
    templates: removed!.meta.changes,
    folders: folders!.meta.changes,
  };
}

/** The parties playing this template now: their rooms are told before it is deleted by hand. */
export async function partiesPlaying(d1: D1Database, templateId: string): Promise<SharedPlay[]> {
  const { results } = await d1.prepare(`${PLAYED} WHERE template_id = ?1`).bind(templateId).all<SharedPlay>();
  return results;
}

/**
 * One template deleted for good by its owner (ADR 038): its messages, recipients' copies and the
 * records of parties playing it go with it (the tables' ON DELETE CASCADE).
 */
export async function deleteTemplateRow(d1: D1Database, templateId: string): Promise<void> {
  await d1.prepare('DELETE FROM templates WHERE id = ?1').bind(templateId).run();
}
