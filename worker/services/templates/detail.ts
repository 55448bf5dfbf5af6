import { AppError } from '../../../app/core/errors';
import { folderTree, inTrashedFolder } from '../../../app/core/folders';
import type { FolderTree } from '../../../app/core/folders';
import type { MediaKind, MediaState } from '../../../app/core/media';
import type { MessageType } from '../../../app/core/messages';
import { IdSchema } from '../../../app/core/schemas';
import { mayOnTemplate, refusal } from '../../../app/core/templates';
import type { TemplateDetail, TemplateMessage, TemplateRole } from '../../../app/core/templates';
import type { Db } from '../../db/client';
import { folderRows } from '../../db/library';
import type { TemplateRow } from '../../db/schema';
import type { MessageWithMedia } from '../../db/templates';
import { copyOf, messagesInOrder, ownerNames, templateById, updateTemplate } from '../../db/templates';
import type { Access, Found } from './shelf';
import { liveAtOwner, nameOf, ownFolders, templateEntry, withCounts } from './shelf';

/** One template with its messages (index.ts), as the editor and a party's play read it, and who may change it. */

/** The asker's standing towards a template, or null for a stranger (or no such template). */
export async function accessTo(db: Db, userId: string, id: string): Promise<Access | null> {
  if (!IdSchema.safeParse(id).success) return null;
  const template = await templateById(db, id);
  if (!template) return null;
  if (template.userId === userId) return { template, role: 'owner', copy: null, ownerName: null };
  const [copy, owner] = await Promise.all([copyOf(db, userId, id), ownerNames(db, template.userId)]);
  if (!copy || !owner || !(await liveAtOwner(db, [template])).has(id)) return null;
  return { template, role: 'recipient', copy, ownerName: nameOf(owner) };
}

/** In the asker's trash: the owner's template trashed or in a trashed folder, or the recipient's copy. */
export function accessTrashed(access: Access, tree: FolderTree): boolean {
  const place = access.copy ?? access.template;
  return place.trashedAt !== null || inTrashedFolder(place.folderId, tree);
}

/** The messages as the API sends them; a media item's trash state needs its owner's media folders. */
export async function messagesOf(db: Db, rows: MessageWithMedia[]): Promise<TemplateMessage[]> {
  const inFolders = rows.filter((row) => row.media?.folderId);
  const mediaTree = inFolders.length === 0 ? folderTree([]) : folderTree(await folderRows(db, 'media', inFolders[0]!.media!.userId));
  return rows.map(({ message, media }) => {
    const base: TemplateMessage = {
      id: message.id,
      templateId: message.templateId,
      rank: message.rank,
      messageType: message.messageType as MessageType,
      message: message.message,
      mediaId: message.mediaId,
      created: message.createdAt,
      lastEdited: message.updatedAt,
    };
    if (!media) return base;
    return {
      ...base,
      mediaAttachment: media.id,
      mediaAttachmentType: media.mediaType as MediaKind,
      mediaExtension: media.extension,
      mediaAttachmentOwner: media.userId,
      contentType: media.contentType,
      mediaTitle: media.title,
      mediaState: media.state as MediaState,
      hasPreview: media.previewKey !== null,
      mediaTrashed: media.trashedAt !== null || inTrashedFolder(media.folderId, mediaTree),
    };
  });
}

async function detailOf(db: Db, access: Access, tree: FolderTree): Promise<TemplateDetail> {
  const found: Exclude<Found, { kind: 'folder' }> = access.copy
    ? { kind: 'copy', row: access.copy, template: access.template, ownerName: access.ownerName ?? '' }
    : { kind: 'own', row: access.template };
  const [facts, rows] = await Promise.all([withCounts(db, [access.template]), messagesInOrder(db, access.template.id)]);
  return { ...templateEntry(found, tree, facts.get(access.template.id)), role: access.role, messages: await messagesOf(db, rows) };
}

/**
 * GET /templates/{id}. The template with its messages in order, for its owner and for who added it.
 * Trashed ones are not opened: a template in the trash is only restored or purged.
 */
export async function getTemplate(db: Db, userId: string, id: string): Promise<TemplateDetail> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  if (!access) throw new AppError('templateNotFound');
  if (accessTrashed(access, tree)) throw new AppError('templateTrashed');
  return detailOf(db, access, tree);
}

/**
 * A template to play into a party (worker/services/template-apply.ts): its messages in order, when
 * the consultant may use it (its owner, or a recipient whose copy is not in the trash); otherwise
 * null. The one way the party side reads a template.
 */
export async function loadPlayableTemplate(db: Db, userId: string, id: string): Promise<TemplateDetail | null> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  if (!access || accessTrashed(access, tree)) return null;
  return detailOf(db, access, tree);
}

/** `lastApplied` on the wire. Set when a template is played into a party; no edit of it. */
export async function markTemplateApplied(db: Db, id: string, now = Date.now()): Promise<void> {
  await updateTemplate(db, id, { lastAppliedAt: now });
}

/** The owner's template, open for changes: a recipient is refused, a stranger finds nothing. */
export async function editable(db: Db, userId: string, id: string): Promise<TemplateRow> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  const role: TemplateRole = access?.role ?? 'stranger';
  if (!access || !mayOnTemplate(role, 'edit')) throw new AppError(refusal(role));
  if (accessTrashed(access, tree)) throw new AppError('templateTrashed');
  return access.template;
}
