import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { mediaItems } from './media';
import { parties } from './parties';

/**
 * Message templates (ADR 016): folders, templates, their messages, recipients' copies, and the
 * parties playing a shared one.
 */

/**
 * A consultant's message templates (ADR 016): folders form a tree like the media library's
 * (a template in a trashed folder is in the trash with it, without a `trashed_at` of its own).
 */
export const templateFolders = sqliteTable(
  'template_folders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => templateFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [index('template_folders_user_idx').on(t.userId, t.parentId), index('template_folders_trash_idx').on(t.trashedAt)],
);

export const templates = sqliteTable(
  'templates',
  {
    id: text('id').primaryKey(),
    /** The owner: the only one who may change, share or delete it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => templateFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    /** `lastEdited` on the wire: any change to the template or its messages. */
    updatedAt: integer('updated_at').notNull(),
    lastAppliedAt: integer('last_applied_at'),
    trashedAt: integer('trashed_at'),
    /** The unguessable token of its share link while it is shared; null when not (or no longer). */
    shareToken: text('share_token'),
  },
  (t) => [
    index('templates_user_idx').on(t.userId, t.folderId),
    index('templates_trash_idx').on(t.trashedAt),
    uniqueIndex('templates_share_idx').on(t.shareToken),
  ],
);

/**
 * A template's messages in order of `rank`, a fractional index (a move rewrites one row). A media
 * message names a library item of the template's owner; its kind, extension and content type are
 * read from the item, never stored twice.
 */
export const templateMessages = sqliteTable(
  'template_messages',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    rank: text('rank').notNull(),
    /** The chat's message types (app/core/messages.ts MESSAGE_TYPES). */
    messageType: text('message_type').notNull(),
    /** The text, or a media message's caption. */
    message: text('message').notNull(),
    mediaId: text('media_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('template_messages_rank_idx').on(t.templateId, t.rank), index('template_messages_media_idx').on(t.mediaId)],
);

/**
 * Someone else's template added through its share link: the recipient's place for it in their
 * own folders and their own trash state. The template itself stays the owner's.
 */
export const templateRecipients = sqliteTable(
  'template_recipients',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => templateFolders.id, { onDelete: 'set null' }),
    addedAt: integer('added_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.userId] }), index('template_recipients_user_idx').on(t.userId)],
);

/**
 * Someone else's template that a recipient applied in one of her parties (the room plays one at a
 * time), so that its owner taking it back withdraws it there too (worker/services/templates/sharing.ts
 * withdrawFromParties; ADR 020). The row may outlive the play: a room ignores the withdrawal of a
 * template it no longer plays.
 */
export const partySharedTemplates = sqliteTable(
  'party_shared_templates',
  {
    partyId: text('party_id')
      .primaryKey()
      .references(() => parties.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [index('party_shared_templates_template_idx').on(t.templateId)],
);

export type TemplateFolderRow = typeof templateFolders.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type TemplateMessageRow = typeof templateMessages.$inferSelect;
export type TemplateRecipientRow = typeof templateRecipients.$inferSelect;
