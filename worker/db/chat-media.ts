import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import type { PartyUploadRow } from './schema';
import { partyMedia, partyUploads } from './schema';

/**
 * Files of media messages as the Worker reads them (worker/services/chat-media.ts holds the
 * rules): `party_uploads`, a photo or voice message uploaded into a party, and whether a party
 * shows a file (`party_media`, written by worker/db/party-media.ts).
 */

export async function insertPartyUpload(db: Db, row: PartyUploadRow): Promise<void> {
  await db.insert(partyUploads).values(row);
}

export function partyUploadById(db: Db, id: string): Promise<PartyUploadRow | undefined> {
  return db.query.partyUploads.findFirst({ where: eq(partyUploads.id, id) });
}

/** The upload a member announced in a party. */
export function announcedUpload(db: Db, partyId: string, uploaderId: string, id: string): Promise<PartyUploadRow | undefined> {
  return db.query.partyUploads.findFirst({
    where: and(eq(partyUploads.id, id), eq(partyUploads.partyId, partyId), eq(partyUploads.uploaderId, uploaderId)),
  });
}

/** The upload, once its bytes are stored. */
export function readyPartyUpload(db: Db, id: string): Promise<PartyUploadRow | undefined> {
  return db.query.partyUploads.findFirst({ where: and(eq(partyUploads.id, id), eq(partyUploads.state, 'ready')) });
}

/** Its bytes are stored. */
export async function markPartyUploadReady(db: Db, id: string, size: number): Promise<void> {
  await db.update(partyUploads).set({ state: 'ready', size }).where(eq(partyUploads.id, id));
}

/** The party shows the file in a message or has it offered for one. */
export async function partyShowsFile(db: Db, partyId: string, mediaId: string): Promise<boolean> {
  const linked = await db.query.partyMedia.findFirst({ where: and(eq(partyMedia.partyId, partyId), eq(partyMedia.mediaId, mediaId)) });
  return linked !== undefined;
}
