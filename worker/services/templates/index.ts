/**
 * A consultant's message templates (ADR 016): the domain functions behind /api/templates and the
 * pages. Everything is seen from one consultant: their folders, their own templates, and their
 * copies of templates others shared with them (a copy is a place in their folders and their own
 * trash state; the template itself stays the owner's). Someone else's template that was not shared
 * with them is reported like one that does not exist. The rules are in app/core/templates.ts and
 * app/core/folders.ts. By subject:
 *
 * - shelf.ts     what one of the asker's entries is, how it is listed, what her standing allows
 * - lists.ts     a folder's entries, the folder tree, search, the trash
 * - entries.ts   templates and folders: create, rename, move, trash, restore, delete; the cron's purge
 * - detail.ts    one template with its messages, as the editor and a party's play read it
 * - messages.ts  a template's messages: add, edit, delete, reorder, copy, import, forward
 * - sharing.ts   the share link, taking it back, and a recipient adding a shared template
 */
export * from './detail';
export * from './entries';
export * from './lists';
export * from './messages';
export * from './sharing';
