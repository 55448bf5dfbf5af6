import { and, eq, sql } from 'drizzle-orm';
import { partyUploadById } from './chat-media';
import type { Db } from './client';
import { mediaItemById } from './media';
import { actsAs } from './memberships';
import { parties, partyMedia, templateMessages, templateRecipients } from './schema';

/**
 * Stored files as /files serves them (worker/api/files.ts): a library item or a party upload, and
 * the rows that let someone other than its owner view one (worker/services/media.ts mayViewMedia
 * holds the rule).
 */

/** A stored file as access and serving see it: a library item or a party upload. */
export interface MediaFile {
  id: string;
  /** The library's owner (a consultant's user id), or the member who uploaded it into a party. */
  ownerId: string;
}

/** What serving needs of a file. */
export interface StoredFile extends MediaFile {
  title: string;
  contentType: string;
  extension: string | null;
  storageKey: string;
  previewKey: string | null;
  state: string;
}

export async function storedFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const item = await mediaItemById(db, id);
  if (item) return { ...item, ownerId: item.userId };
  const upload = await partyUploadById(db, id);
  if (!upload) return undefined;
  // No title of its own: a download is named after what it is (photo.jpg, voice.m4a).
  return { ...upload, ownerId: upload.uploaderId, title: upload.messageType, previewKey: null };
}

/** A message of a template shared with the consultant names the file. */
export async function inTemplateSharedWith(db: Db, userId: string, mediaId: string): Promise<boolean> {
  const found = await db
    .select({ templateId: templateMessages.templateId })
    .from(templateMessages)
    .innerJoin(templateRecipients, and(eq(templateRecipients.templateId, templateMessages.templateId), eq(templateRecipients.userId, userId)))
    .where(eq(templateMessages.mediaId, mediaId))
    .limit(1);
  return found.length > 0;
}

/**
 * A party shows the file (`party_media`) whose manager is the consultant `userId` or whose present
 * member (not removed) is the guest `guestId`; either may be null.
 */
export async function shownInPartyOf(db: Db, mediaId: string, viewer: { userId: string | null; guestId: string | null }): Promise<boolean> {
  const member =
    viewer.guestId === null
      ? sql`0`
      : sql`EXISTS (SELECT 1 FROM party_members m WHERE m.party_id = ${partyMedia.partyId} AND ${actsAs(sql`m.guest_id`, viewer.guestId)} AND m.removed_at IS NULL)`;
  const manager = viewer.userId === null ? sql`0` : sql`${parties.userId} = ${viewer.userId}`;
  const found = await db
    .select({ partyId: partyMedia.partyId })
    .from(partyMedia)
    .innerJoin(parties, eq(parties.id, partyMedia.partyId))
    .where(and(eq(partyMedia.mediaId, mediaId), sql`(${manager} OR ${member})`))
    .limit(1);
  return found.length > 0;
}
