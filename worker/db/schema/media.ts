import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { parties } from './parties';

/**
 * The media library and its bytes (ADR 015, 028): folders, items, resumable uploads and their
 * parts, chat uploads, the files a party shows, and deletions owed to R2 and Stream.
 */

/**
 * A consultant's media library: folders form a tree by parent (null: the root). Something inside
 * a trashed folder is in the trash with it without a `trashed_at` of its own, so a restore brings
 * back exactly what was in the folder (app/core/media.ts).
 */
export const mediaFolders = sqliteTable(
  'media_folders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => mediaFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [index('media_folders_user_idx').on(t.userId, t.parentId), index('media_folders_trash_idx').on(t.trashedAt)],
);

export const mediaItems = sqliteTable(
  'media_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => mediaFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** What the consultant wrote about it (ADR 039); null when nothing. */
    description: text('description'),
    /** image, video, audio or application (app/core/media.ts MEDIA_KINDS). */
    mediaType: text('media_type').notNull(),
    contentType: text('content_type').notNull(),
    /** The file's extension as the client named it (`mediaExtension` on the wire), lower case. */
    extension: text('extension'),
    /** Bytes, as announced when the item was created. */
    size: integer('size').notNull(),
    /** waiting (for the upload), converting, ready or failed (app/core/media.ts MEDIA_STATES). */
    state: text('state').notNull(),
    /** The original in R2 (MEDIA): `{userId}/{id}`, the owner's user id, then the item's. */
    storageKey: text('storage_key').notNull(),
    /** A thumbnail or poster in R2, once there is one. */
    previewKey: text('preview_key'),
    /** The video's id at Cloudflare Stream (worker/media/stream.ts), once a conversion started. */
    streamUid: text('stream_uid'),
    /** Stream's HLS master playlist and poster, once the video is ready to stream. */
    hlsUrl: text('hls_url'),
    posterUrl: text('poster_url'),
    /** What the client's analysis found before the upload (a video's orientation and whether it has an audio track). */
    isPortrait: integer('is_portrait', { mode: 'boolean' }),
    noAudio: integer('no_audio', { mode: 'boolean' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
    /**
     * Set when the cron purged it from the trash while a party message or a template still showed
     * it: gone from the library, kept (and served to those who see that message) until nothing
     * references it (worker/media/collect.ts).
     */
    purgedAt: integer('purged_at'),
  },
  (t) => [
    index('media_items_user_idx').on(t.userId, t.folderId),
    index('media_items_trash_idx').on(t.trashedAt),
    index('media_items_purged_idx').on(t.purgedAt),
  ],
);

/**
 * A media item's resumable upload (worker/media/tus.ts): how many bytes are safely stored, and
 * the R2 multipart upload they went into. Made with the item; kept after the last byte so a
 * client that asks again learns the upload is complete. `offset` is `parts` whole parts plus the
 * bytes of a carry-over object that do not fill a part yet.
 */
export const mediaUploads = sqliteTable(
  'media_uploads',
  {
    mediaId: text('media_id')
      .primaryKey()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    /** R2's id of the multipart upload, once the first whole part was written. */
    multipartId: text('multipart_id'),
    offset: integer('offset').notNull(),
    parts: integer('parts').notNull(),
    /**
     * While a PATCH writes: until when it holds the upload (a lease renewed while its bytes arrive;
     * worker/media/tus.ts), and the lease's token. Every write of upload state names the token, so
     * a request whose lease was taken over writes nothing.
     */
    lockedUntil: integer('locked_until'),
    lease: text('lease'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('media_uploads_updated_idx').on(t.updatedAt)],
);

/** The parts of a multipart upload that R2 has, with the etags completing it needs. */
export const mediaUploadParts = sqliteTable(
  'media_upload_parts',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => mediaUploads.mediaId, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.partNumber] })],
);

/**
 * A photo or voice message uploaded into a party (the only kinds a guest may send), kept under
 * the party and in no library. `uploaderId` is the member who sent it: a guest's id, or the
 * manager's user id. The bytes arrive in one PUT; until then the row waits.
 */
export const partyUploads = sqliteTable(
  'party_uploads',
  {
    id: text('id').primaryKey(),
    /**
     * The party it was uploaded into. No foreign key: a photo forwarded into another party outlives
     * its own party, and the cron deletes an upload once no party has it (`party_media`).
     */
    partyId: text('party_id').notNull(),
    uploaderId: text('uploader_id').notNull(),
    /** photo or voice: the message type it was announced for. */
    messageType: text('message_type').notNull(),
    /** image or audio (app/core/media.ts MEDIA_KINDS). */
    mediaType: text('media_type').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension'),
    /** Bytes, once they are in. */
    size: integer('size'),
    /** waiting (for the PUT) or ready. */
    state: text('state').notNull(),
    /** `parties/{partyId}/{id}` in R2 (MEDIA). */
    storageKey: text('storage_key').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('party_uploads_party_idx').on(t.partyId), index('party_uploads_created_idx').on(t.createdAt)],
);

/**
 * Which parties a file was put into for a message (a library item, a party upload, or either
 * forwarded): every member of such a party may view it (worker/services/media.ts mayViewMedia).
 */
export const partyMedia = sqliteTable(
  'party_media',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.mediaId] }), index('party_media_media_idx').on(t.mediaId)],
);

/**
 * Bytes to delete: an R2 key or a Stream video of a file whose row is already gone. The row goes
 * and these are written in one transaction, so nothing can name the file once its bytes start to
 * go; the bytes go after, and a run that stops halfway leaves the rest for the next cron.
 */
export const mediaDeletions = sqliteTable(
  'media_deletions',
  {
    /** `r2` (a key in MEDIA) or `stream` (a video uid at Stream). */
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.target] })],
);

export type MediaFolderRow = typeof mediaFolders.$inferSelect;
export type MediaItemRow = typeof mediaItems.$inferSelect;
export type MediaUploadRow = typeof mediaUploads.$inferSelect;
export type PartyUploadRow = typeof partyUploads.$inferSelect;
