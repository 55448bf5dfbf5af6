import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { TEMPLATE_PLACEHOLDER } from '../../app/core/templates';
import { inChunks } from './chunks';
import type { Db } from './client';
import { inFolder } from './library';
import type { LibraryFolderRow } from './library';
import type { MediaItemRow, TemplateMessageRow, TemplateRecipientRow, TemplateRow } from './schema';
import { mediaItems, templateFolders, templateMessages, templateRecipients, templates, users } from './schema';

/**
 * A consultant's message templates (ADR 016): `templates`, their messages, and the recipients'
 * copies of shared ones (`template_recipients`). worker/services/templates/ holds the rules;
 * the folders are worker/db/library.ts's, the records of shared templates played in parties
 * worker/db/shared-plays.ts's.
 */

/** A template with its owner's name. */
export interface TemplateWithOwner {
  template: TemplateRow;
  firstName: string;
  lastName: string;
}

/** A recipient's copy, with the template and its owner's name. */
export interface CopyWithTemplate extends TemplateWithOwner {
  copy: TemplateRecipientRow;
}

/** A message with the library item it names, if that is still there. */
export interface MessageWithMedia {
  message: TemplateMessageRow;
  media: MediaItemRow | null;
}

/** What the list shows of a template besides its row. */
export interface TemplateFacts {
  /** The latest change to the template or any of its messages. */
  lastEdited: number;
  /** How many have added it. */
  sharedWith: number;
}

export function templateById(db: Db, id: string): Promise<TemplateRow | undefined> {
  return db.query.templates.findFirst({ where: eq(templates.id, id) });
}

export function ownTemplate(db: Db, userId: string, id: string): Promise<TemplateRow | undefined> {
  return db.query.templates.findFirst({ where: and(eq(templates.id, id), eq(templates.userId, userId)) });
}

export function ownTemplateFolder(db: Db, userId: string, id: string): Promise<LibraryFolderRow | undefined> {
  return db.query.templateFolders.findFirst({ where: and(eq(templateFolders.id, id), eq(templateFolders.userId, userId)) });
}

/** The owner's templates directly in a folder (null: the top level), not trashed themselves. */
export function ownTemplatesIn(db: Db, userId: string, folderId: string | null): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), inFolder(templates.folderId, folderId), isNull(templates.trashedAt)));
}

/** The owner's templates not trashed themselves, in any folder. */
export function untrashedTemplates(db: Db, userId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), isNull(templates.trashedAt)));
}

/** The owner's templates put in the trash themselves. */
export function trashedTemplates(db: Db, userId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), isNotNull(templates.trashedAt)));
}

/** The template folders of these owners (a recipient's sharers: a team leader or two). */
export async function templateFoldersOf(db: Db, userIds: readonly string[]): Promise<LibraryFolderRow[]> {
  return (await inChunks(userIds, (chunk) => db.select().from(templateFolders).where(inArray(templateFolders.userId, chunk)))).flat();
}

/** The latest change to a template or any of its messages. */
const lastEdited = sql<number>`max(${templates.updatedAt}, coalesce((SELECT max(m.updated_at) FROM template_messages m WHERE m.template_id = ${templates.id}), 0))`;

/** The facts of these templates, by id. */
export async function templateFacts(db: Db, ids: readonly string[]): Promise<Map<string, TemplateFacts>> {
  if (ids.length === 0) return new Map();
  const [edited, shared] = await Promise.all([
    inChunks(ids, (chunk) => db.select({ id: templates.id, lastEdited }).from(templates).where(inArray(templates.id, chunk))).then((found) => found.flat()),
    inChunks(ids, (chunk) =>
      db
        .select({ id: templateRecipients.templateId, n: count() })
        .from(templateRecipients)
        .where(inArray(templateRecipients.templateId, chunk))
        .groupBy(templateRecipients.templateId),
    ).then((found) => found.flat()),
  ]);
  const counts = new Map(shared.map((row) => [row.id, row.n]));
  return new Map(edited.map((row) => [row.id, { lastEdited: row.lastEdited, sharedWith: counts.get(row.id) ?? 0 }]));
}

export async function insertTemplate(db: Db, row: TemplateRow): Promise<void> {
  await db.insert(templates).values(row);
}

export type TemplateChanges = Partial<Pick<TemplateRow, 'title' | 'folderId' | 'trashedAt' | 'updatedAt' | 'lastAppliedAt' | 'shareToken'>>;

export async function updateTemplate(db: Db, id: string, changes: TemplateChanges): Promise<void> {
  await db.update(templates).set(changes).where(eq(templates.id, id));
}

// ---- recipients' copies -----------------------------------------------------------------------

/** The consultant's copies of templates shared with her, each with its template and owner. */
export function copiesOf(db: Db, userId: string): Promise<CopyWithTemplate[]> {
  return db
    .select({ copy: templateRecipients, template: templates, firstName: users.firstName, lastName: users.lastName })
    .from(templateRecipients)
    .innerJoin(templates, eq(templates.id, templateRecipients.templateId))
    .innerJoin(users, eq(users.id, templates.userId))
    .where(eq(templateRecipients.userId, userId));
}

/** The consultant's copy of a template. */
export function copyOf(db: Db, userId: string, templateId: string): Promise<TemplateRecipientRow | undefined> {
  return db.query.templateRecipients.findFirst({ where: and(eq(templateRecipients.templateId, templateId), eq(templateRecipients.userId, userId)) });
}

export type CopyChanges = Partial<Pick<TemplateRecipientRow, 'folderId' | 'trashedAt'>>;

export async function updateCopy(db: Db, userId: string, templateId: string, changes: CopyChanges): Promise<void> {
  await db
    .update(templateRecipients)
    .set(changes)
    .where(and(eq(templateRecipients.templateId, templateId), eq(templateRecipients.userId, userId)));
}

/** Adds the copy; one added before moves to the row's folder and out of the trash. */
export async function addCopy(db: Db, row: TemplateRecipientRow): Promise<void> {
  await db
    .insert(templateRecipients)
    .values(row)
    .onConflictDoUpdate({ target: [templateRecipients.templateId, templateRecipients.userId], set: { folderId: row.folderId, trashedAt: null } });
}

/** The template a share link names, with its owner's name. */
export async function templateByShareToken(db: Db, token: string): Promise<TemplateWithOwner | undefined> {
  const rows = await db
    .select({ template: templates, firstName: users.firstName, lastName: users.lastName })
    .from(templates)
    .innerJoin(users, eq(users.id, templates.userId))
    .where(eq(templates.shareToken, token));
  return rows[0];
}

/** A template's owner's name. */
export function ownerNames(db: Db, userId: string): Promise<{ firstName: string; lastName: string } | undefined> {
  return db.query.users.findFirst({ columns: { firstName: true, lastName: true }, where: eq(users.id, userId) });
}

// ---- messages ---------------------------------------------------------------------------------

/** Every read of a template's messages leaves out the hidden placeholder (app/core/templates.ts, ADR 038); ranks still count it. */
const shown = ne(templateMessages.message, TEMPLATE_PLACEHOLDER);

/** A template's messages in order, each with the item it names. */
export function messagesInOrder(db: Db, templateId: string): Promise<MessageWithMedia[]> {
  return db
    .select({ message: templateMessages, media: mediaItems })
    .from(templateMessages)
    .leftJoin(mediaItems, eq(mediaItems.id, templateMessages.mediaId))
    .where(and(eq(templateMessages.templateId, templateId), shown))
    .orderBy(asc(templateMessages.rank));
}

/** One message of a template, with the item it names. */
export async function messageWithMedia(db: Db, templateId: string, messageId: string): Promise<MessageWithMedia | undefined> {
  const rows = await db
    .select({ message: templateMessages, media: mediaItems })
    .from(templateMessages)
    .leftJoin(mediaItems, eq(mediaItems.id, templateMessages.mediaId))
    .where(and(eq(templateMessages.templateId, templateId), eq(templateMessages.id, messageId), shown));
  return rows[0];
}

export function templateMessage(db: Db, templateId: string, messageId: string): Promise<TemplateMessageRow | undefined> {
  return db.query.templateMessages.findFirst({ where: and(eq(templateMessages.id, messageId), eq(templateMessages.templateId, templateId), shown) });
}

/** Every message's id and rank, in no order. */
export function messageRanks(db: Db, templateId: string): Promise<{ id: string; rank: string }[]> {
  return db.select({ id: templateMessages.id, rank: templateMessages.rank }).from(templateMessages).where(eq(templateMessages.templateId, templateId));
}

/** New messages, all or none. */
export async function insertMessages(db: Db, rows: TemplateMessageRow[]): Promise<void> {
  const inserts = rows.map((row) => db.insert(templateMessages).values(row));
  if (inserts.length > 0) await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
}

export async function updateMessageText(db: Db, messageId: string, message: string, now: number): Promise<void> {
  await db.update(templateMessages).set({ message, updatedAt: now }).where(eq(templateMessages.id, messageId));
}

/** The messages go and the template's change moves to `now`, in one transaction. */
export async function deleteMessages(db: Db, templateId: string, messageIds: readonly string[], now: number): Promise<void> {
  const deletes = await inChunks(
    messageIds,
    async (chunk) => [db.delete(templateMessages).where(and(eq(templateMessages.templateId, templateId), inArray(templateMessages.id, chunk)))],
    { fixed: 1 },
  );
  await db.batch([db.update(templates).set({ updatedAt: now }).where(eq(templates.id, templateId)), ...deletes.flat()]);
}

/**
 * New ranks for messages, in one transaction, each moved message's change at `now`. With
 * `stepAside`, the moved messages first take ranks no other message has: SQLite checks the unique
 * index row by row, and a new rank may equal the old rank of another moved message.
 */
export async function writeRanks(db: Db, ranks: ReadonlyMap<string, string>, stepAside: boolean, now: number): Promise<void> {
  const aside = stepAside
    ? [...ranks.keys()].map((messageId) =>
        db
          .update(templateMessages)
          .set({ rank: `~${messageId}` })
          .where(eq(templateMessages.id, messageId)),
      )
    : [];
  const updates = [
    ...aside,
    ...[...ranks].map(([messageId, rank]) => db.update(templateMessages).set({ rank, updatedAt: now }).where(eq(templateMessages.id, messageId))),
  ];
  if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
}
