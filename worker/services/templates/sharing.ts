import { AppError } from '../../../app/core/errors';
import { SHARE_TOKEN_BYTES, isShareToken } from '../../../app/core/templates';
import type { SharePreview, TemplateEntry } from '../../../app/core/templates';
import { randomToken } from '../../auth/crypto';
import type { Db } from '../../db/client';
import type { TemplateRecipientRow, TemplateRow } from '../../db/schema';
import { addCopy, copyOf, templateByShareToken, updateTemplate } from '../../db/templates';
import type { Env } from '../../env';
import { folderAt } from '../library';
import type { SharedPlay } from '../../db/shared-plays';
import { forgetSharedPlays, recordSharedPlayIfCopyHeld, sharedPlaysOfOwner, unshareTemplate } from '../../db/shared-plays';
import { room } from '../parties';
import type { RoomPlace } from '../room-place';
import { entryOf, liveAtOwner, nameOf, ownFolders } from './shelf';
import { editable } from './detail';

/**
 * Sharing a template (ADR 016, 020): the owner's link, taking it back from everyone who added it
 * (and from the parties playing it), and a recipient adding it to her folders.
 */

/** PUT /templates/{id}/share. The owner's link; the same one while it stays shared. */
export async function shareTemplate(db: Db, userId: string, id: string): Promise<{ shareToken: string }> {
  const template = await editable(db, userId, id);
  if (template.shareToken) return { shareToken: template.shareToken };
  const shareToken = randomToken(SHARE_TOKEN_BYTES);
  await updateTemplate(db, id, { shareToken });
  return { shareToken };
}

/**
 * PUT /templates/{id}/revokeShare. The link stops working ('This link is invalid'), and the
 * template leaves everyone who added it: recipients read the owner's template itself, so stopping
 * sharing is the owner's one way to take it back (sharing again makes a new link). Where a
 * recipient plays it in a party, it stops there at once (ADR 020).
 */
export async function revokeShare(env: Env, db: Db, userId: string, id: string): Promise<void> {
  await editable(db, userId, id);
  const played = await unshareTemplate(env.DB, id);
  const missed = await withdrawFromParties(env, played);
  // A record stays until its room was told, so revoking again tells the rooms this one missed.
  const told = played.filter((row) => !missed.includes(row)).map((row) => row.partyId);
  await forgetSharedPlays(env.DB, id, told);
  if (missed.length > 0) throw new Error('revoking a share: a party playing the template could not be told');
}

/**
 * Each party's room stops its copy of a template its owner took back and tells its manager's
 * devices. Answers the rows whose room could not be told.
 */
export async function withdrawFromParties(env: Env, played: SharedPlay[]): Promise<SharedPlay[]> {
  const told = await Promise.allSettled(played.map((row) => room(env, { ...row, id: row.partyId }).withdrawTemplate(row.templateId)));
  return played.filter((_, index) => told[index]!.status === 'rejected');
}

/**
 * Records that the manager of a party (a recipient) plays someone else's shared template there,
 * after the room took it, so that its owner taking it back reaches the party. Only while the
 * recipient still holds her copy, in the same statement; when she no longer does (it was taken
 * back after she was allowed to apply it) the room withdraws it again and the answer is false.
 * Revoking deletes the copies and reads these records in one transaction, so of a revoke and an
 * apply at the same time, one always finds the other.
 */
export async function recordSharedPlay(env: Env, party: RoomPlace, templateId: string, recipientId: string): Promise<boolean> {
  if (await recordSharedPlayIfCopyHeld(env.DB, party.id, templateId, recipientId)) return true;
  if ((await withdrawFromParties(env, [{ ...party, partyId: party.id, templateId }])).length > 0)
    throw new Error('a template taken back could not be withdrawn from its party');
  return false;
}

/**
 * An account's templates are about to be deleted (account deletion): recipients playing them lose
 * them as on a revoke. Throws when a room could not be told, before anything is deleted, so the
 * next run tries again.
 */
export async function withdrawTemplatesOf(env: Env, userId: string): Promise<void> {
  if ((await withdrawFromParties(env, await sharedPlaysOfOwner(env.DB, userId))).length > 0)
    throw new Error('deleting templates: a party playing one could not be told');
}

/** The shared template a token names, when it is shared and not in its owner's trash. */
async function sharedBy(db: Db, token: string): Promise<{ template: TemplateRow; ownerName: string }> {
  if (!isShareToken(token)) throw new AppError('shareLinkInvalid');
  const row = await templateByShareToken(db, token);
  if (!row || !(await liveAtOwner(db, [row.template])).has(row.template.id)) throw new AppError('shareLinkInvalid');
  return { template: row.template, ownerName: nameOf(row) };
}

/** GET /templates/share/{token}. Title and sharer only: anyone holding the link may see them. */
export async function previewShare(db: Db, token: string): Promise<SharePreview> {
  const { template, ownerName } = await sharedBy(db, token);
  return { title: template.title, sharedBy: ownerName };
}

/**
 * What the add-template page shows (/addTemplate/{shareToken}): title and sharer, and for a
 * signed-in consultant whether it is their own template (they are told so, not offered to add it)
 * or already among their templates outside the trash.
 */
export async function shareLanding(db: Db, token: string, userId: string | null): Promise<SharePreview & { own: boolean; added: boolean }> {
  const { template, ownerName } = await sharedBy(db, token);
  const own = template.userId === userId;
  const copy = userId === null || own ? undefined : await copyOf(db, userId, template.id);
  return { title: template.title, sharedBy: ownerName, own, added: copy !== undefined && copy.trashedAt === null };
}

/**
 * POST /templates/share/{token}. Adds the template to the consultant's templates in the
 * folder the path names. Added before: it moves there and comes out of the trash. The owner
 * cannot add their own.
 */
export async function acceptShare(db: Db, userId: string, token: string, path: string, now = Date.now()): Promise<TemplateEntry> {
  const [{ template, ownerName }, { tree }] = await Promise.all([sharedBy(db, token), ownFolders(db, userId)]);
  if (template.userId === userId) throw new AppError('ownTemplate');
  const folderId = folderAt(path, tree);
  const row: TemplateRecipientRow = { templateId: template.id, userId, folderId, addedAt: now, trashedAt: null };
  await addCopy(db, row);
  return entryOf(db, { kind: 'copy', row, template, ownerName }, tree);
}
