import { formatDate } from '#core/dates';
import type { ExportMember, GuestExportPage } from '#core/export';
import { followUpCsv } from '#core/follow-up';
import { markerOf } from '#core/markers';
import type { ChatMessage } from '#core/messages';
import type { Language } from '../../app/i18n/config';
import type { Db } from '../db/client';
import type { ExportRunRow } from '../db/exports';
import { accountRow } from '../db/exports';
import { storedFile } from '../db/files';
import { guestHoldings, guestRow } from '../db/guests';
import { folderRows } from '../db/library';
import type { LibraryFolderRow } from '../db/library';
import { untrashedMediaItems } from '../db/media';
import { partyIdsOf, partyRow } from '../db/parties';
import { profileRows } from '../db/profiles';
import type { PartyRow } from '../db/schema';
import { messagesInOrder, untrashedTemplates } from '../db/templates';
import type { Env } from '../env';
// The one way to a party's room (where ADR 050 places it), as every service reaches it.
import { room, roomFacts } from '../services/parties';
import type { RoomPlace } from '../services/room-place';
import type { PackItem } from './pack';
import type { FileLink, PartyLog, PartyPageFacts } from './party-html';
import { guestPartyHtml, page, partyHtml } from './party-html';
import { archiveTexts, fill, followUpTexts } from './texts';
import type { ArchiveTexts } from './texts';
import { crc32 } from './zip';
import { escapeHtml } from '../mail/html';

/**
 * The first phase of an export (ADR 062): reads the account (D1, each party's room a page at a
 * time) and writes its documents (README.html, the JSON and HTML of every party, library.json,
 * templates.json, account.json, the follow-up lists), each deflated into R2 beside the archive, and
 * lists every file the archive will hold, in order: the plan that the second phase packs. A run
 * that fails here starts the phase again (its documents are written again, whole).
 */

/** What the room is asked for at a time. */
const PAGE = 500;
/** R2 reads in flight at once while files are looked up. */
const LOOKUPS = 8;

/** Archive times and dates are in the product's zone; the export names it (ADR 062). */
export const EXPORT_TIME_ZONE = 'Europe/Berlin';

export interface ManagerOf {
  (party: PartyRow): Promise<{ id: string; firstName: string; lastName: string; role: 'manager' }>;
}

/** A file's (or folder's) name as it may stand in an archive path. */
export function safeName(text: string, fallback = 'file'): string {
  const cleaned = text
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}

const extensionOf = (extension: string | null | undefined) => (extension ? `.${extension.replace(/[^a-z0-9]/gi, '').slice(0, 8)}` : '');

class Plan {
  readonly items: PackItem[] = [];
  private readonly names = new Set<string>();
  private docs = 0;

  constructor(
    private readonly env: Env,
    private readonly prefix: string,
  ) {}

  /** A path no other entry has: ` (2)` before the extension when taken. */
  unique(path: string): string {
    let candidate = path;
    for (let n = 2; this.names.has(candidate.toLowerCase()); n++) candidate = path.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`);
    this.names.add(candidate.toLowerCase());
    return candidate;
  }

  /** A stored file of `size` bytes under `key`, as `path`. */
  file(path: string, key: string, size: number): string {
    const name = this.unique(path);
    this.items.push({ name, key, size, method: 0 });
    return name;
  }

  /** A document the export wrote: deflated into R2 now, its CRC and size kept for the archive. */
  async doc(path: string, text: string): Promise<string> {
    const name = this.unique(path);
    const raw = new TextEncoder().encode(text);
    const deflated = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    const key = `${this.prefix}docs/${++this.docs}`;
    await this.env.MEDIA.put(key, deflated);
    this.items.push({ name, key, size: deflated.length, method: 8, crc: crc32(raw), rawSize: raw.length });
    return name;
  }
}

/** Sizes of R2 objects by key (null: not there), looked up a few at a time. */
async function sizes(env: Env, keys: string[]): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  for (let at = 0; at < keys.length; at += LOOKUPS) {
    const batch = keys.slice(at, at + LOOKUPS);
    const heads = await Promise.all(batch.map((key) => env.MEDIA.head(key)));
    batch.forEach((key, index) => found.set(key, heads[index]?.size ?? null));
  }
  return found;
}

/** Paths of a library's folders that are not in the trash (a trashed folder's inside is trashed too). */
function folderPaths(rows: LibraryFolderRow[], top: string): Map<string, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string | null => {
    if (paths.has(id)) return paths.get(id)!;
    const row = byId.get(id);
    if (!row || row.trashedAt !== null || depth > 64) return null;
    const parent = row.parentId === null ? top : pathOf(row.parentId, depth + 1);
    if (parent === null) return null;
    const path = `${parent}/${safeName(row.title, 'folder')}`;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id);
  return paths;
}

/** Files of messages, each once: a library item where the library has it, else under `folder`. */
async function messageFiles(env: Env, db: Db, plan: Plan, messages: readonly ChatMessage[], known: Map<string, string | null>, folder: string): Promise<void> {
  const wanted = [...new Set(messages.flatMap((message) => (message.mediaAttachment && !known.has(message.mediaAttachment) ? [message.mediaAttachment] : [])))];
  const stored = await Promise.all(wanted.map((id) => storedFile(db, id)));
  const present = await sizes(
    env,
    stored.flatMap((file) => (file ? [file.storageKey] : [])),
  );
  wanted.forEach((id, index) => {
    const file = stored[index];
    const size = file ? present.get(file.storageKey) : null;
    known.set(id, file && size !== null && size !== undefined ? plan.file(`${folder}/${id}${extensionOf(file.extension)}`, file.storageKey, size) : null);
  });
}

const relative = (from: string) => (path: string) => `${'../'.repeat(from.split('/').length - 1)}${path.split('/').map(encodeURIComponent).join('/')}`;

function partyFacts(party: PartyRow, managerName: string): PartyPageFacts {
  return { title: party.title, host: party.host, startAt: party.startAt, expiresAt: party.expiresAt, createdAt: party.createdAt, managerName };
}

const partyFolder = (party: PartyRow, language: Language) =>
  `parties/${formatDate(party.startAt ?? party.createdAt, language, EXPORT_TIME_ZONE).replace(/[./]/g, '-')} ${safeName(party.title, 'party')}`;

function readme(texts: ArchiveTexts, language: Language, name: string, made: number, sections: { title: string; links: [string, string][] }[]): string {
  const body = `<h1>${escapeHtml(fill(texts.title, { name }))}</h1><p class="facts">${escapeHtml(fill(texts.made, { date: formatDate(made, language, EXPORT_TIME_ZONE) }))}</p>
${sections
  .filter((section) => section.links.length > 0)
  .map(
    (section) =>
      `<h2>${escapeHtml(section.title)}</h2><ul>${section.links.map(([label, path]) => `<li><a href="${escapeHtml(relative('README.html')(path))}">${escapeHtml(label)}</a></li>`).join('')}</ul>`,
  )
  .join('\n')}`;
  return page(language, fill(texts.title, { name }), body);
}

/** The room's pages of a party, read whole. */
export async function partyLog(env: Env, place: RoomPlace): Promise<PartyLog> {
  const stub = room(env, place);
  const log: PartyLog = { members: [], messages: [], reactions: {}, cards: [] };
  for (let after = 0, more = true; more;) {
    const page = await stub.exportPage(after, PAGE);
    if (after === 0) log.members = page.members as ExportMember[];
    log.messages.push(...(page.messages as ChatMessage[]));
    Object.assign(log.reactions, page.reactions);
    log.cards.push(...page.cards);
    after = page.lastSeq;
    more = page.hasMore;
  }
  return log;
}

/** A consultant's account: parties, library, templates, profiles and follow-up lists. */
export async function collectConsultant(env: Env, db: Db, run: ExportRunRow, managerOf: ManagerOf): Promise<PackItem[]> {
  const userId = run.userId!;
  const language = run.language as Language;
  const texts = archiveTexts(language);
  const plan = new Plan(env, `exports/${run.id}/`);
  const links = new Map<string, string | null>();
  const account = await accountRow(db, userId);

  // The library first: a file a party or a template shows too is then linked there, not copied.
  const mediaFolders = folderPaths(await folderRows(db, 'media', userId), 'library');
  const items = (await untrashedMediaItems(db, userId)).filter((item) => item.folderId === null || mediaFolders.has(item.folderId));
  const itemSizes = await sizes(
    env,
    items.map((item) => item.storageKey),
  );
  const library = items.map((item) => {
    const size = itemSizes.get(item.storageKey);
    const folder = item.folderId === null ? 'library' : mediaFolders.get(item.folderId)!;
    const file =
      size === null || size === undefined ? null : plan.file(`${folder}/${safeName(item.title)}${extensionOf(item.extension)}`, item.storageKey, size);
    links.set(item.id, file);
    const { id, title, description, mediaType, contentType, extension, size: announced, folderId, createdAt, updatedAt } = item;
    return { id, title, description, mediaType, contentType, extension, size: announced, folderId, createdAt, updatedAt, file };
  });
  const libraryJson = await plan.doc(
    'library/library.json',
    JSON.stringify({ folders: [...mediaFolders].map(([id, path]) => ({ id, path })), items: library }, null, 2),
  );

  // Templates, with the files their messages name.
  const templateFolders = folderPaths(await folderRows(db, 'templates', userId), 'templates');
  const templates = [];
  for (const template of await untrashedTemplates(db, userId)) {
    const messages = await messagesInOrder(db, template.id);
    const media = messages.flatMap(({ message, media }) =>
      message.mediaId && media ? [{ mediaAttachment: message.mediaId, mediaExtension: media.extension } as unknown as ChatMessage] : [],
    );
    await messageFiles(env, db, plan, media, links, 'templates/files');
    templates.push({
      id: template.id,
      title: template.title,
      folder: template.folderId === null ? null : (templateFolders.get(template.folderId) ?? null),
      createdAt: template.createdAt,
      updatedAt: template.updatedAt,
      messages: messages.map(({ message }) => ({
        id: message.id,
        messageType: message.messageType,
        message: message.message,
        file: message.mediaId ? (links.get(message.mediaId) ?? null) : null,
      })),
    });
  }
  const templatesJson = templates.length ? await plan.doc('templates/templates.json', JSON.stringify({ templates }, null, 2)) : null;

  // Profiles and their pictures.
  const profiles = [];
  const profileList = await profileRows(db, userId);
  const pictureSizes = await sizes(
    env,
    profileList.flatMap((profile) => (profile.pictureKey ? [profile.pictureKey] : [])),
  );
  for (const profile of profileList) {
    const size = profile.pictureKey ? pictureSizes.get(profile.pictureKey) : null;
    const picture =
      profile.pictureKey && size !== null && size !== undefined
        ? plan.file(
            `account/${safeName(`${profile.firstName} ${profile.lastName}`, 'profile')}${extensionOf(profile.pictureType?.split('/')[1])}`,
            profile.pictureKey,
            size,
          )
        : null;
    const { pictureKey: _key, pictureType: _type, userId: _user, ...fields } = profile;
    profiles.push({ ...fields, picture });
  }
  const accountJson = await plan.doc('account/account.json', JSON.stringify({ account, profiles }, null, 2));

  // Every party: its log from the room, its files, its pages and its follow-up list.
  const partyLinks: [string, string][] = [];
  for (const partyId of await partyIdsOf(db, userId)) {
    const party = await partyRow(db, partyId);
    if (!party) continue;
    const manager = await managerOf(party);
    const folder = plan.unique(partyFolder(party, language)).replace(/\/$/, '');
    const log = await partyLog(env, party);
    await messageFiles(env, db, plan, log.messages, links, `${folder}/media`);
    const facts = partyFacts(party, `${manager.firstName} ${manager.lastName}`.trim());
    const fileOf: FileLink = (id) => links.get(id) ?? null;
    const chat = await plan.doc(
      `${folder}/chat.html`,
      partyHtml(facts, log, (id) => (fileOf(id) ? relative(`${folder}/chat.html`)(fileOf(id)!) : null), texts, language, EXPORT_TIME_ZONE),
    );
    const messages = log.messages.map((message) => ({
      ...message,
      notice: markerOf(message) ?? undefined,
      file: message.mediaAttachment ? fileOf(message.mediaAttachment) : undefined,
      reactions: log.reactions[message.id],
      card: log.cards.find((card) => card.messageId === message.id),
    }));
    await plan.doc(`${folder}/chat.json`, JSON.stringify({ party: { id: party.id, ...facts }, members: log.members, messages }, null, 2));
    const followUp = await room(env, party).followUp(manager, roomFacts(party));
    if (followUp.ok) await plan.doc(`${folder}/follow-up.csv`, followUpCsv(followUp.value, followUpTexts(language), language, EXPORT_TIME_ZONE));
    partyLinks.push([party.title, chat]);
  }

  const name = `${account?.firstName ?? ''} ${account?.lastName ?? ''}`.trim();
  const readmeHtml = readme(texts, language, name, run.createdAt, [
    { title: texts.parties, links: partyLinks },
    { title: texts.library, links: [[texts.library, libraryJson]] },
    { title: texts.templates, links: templatesJson ? [[texts.templates, templatesJson]] : [] },
    { title: texts.account, links: [[texts.account, accountJson]] },
  ]);
  await plan.doc('README.html', readmeHtml);
  return readmeFirst(plan.items);
}

/** README.html opens the archive's listing. */
function readmeFirst(items: PackItem[]): PackItem[] {
  const readmeItem = items.find((item) => item.name === 'README.html')!;
  return [readmeItem, ...items.filter((item) => item !== readmeItem)];
}

/**
 * A guest's own: her account, picture and parties, and in each party only her messages (with
 * their context lines: ADR 062), her pictures and voice messages, her wants, votes and reactions.
 */
export async function collectGuest(env: Env, db: Db, run: ExportRunRow, managerOf: ManagerOf): Promise<PackItem[]> {
  const guestId = run.guestId!;
  const language = run.language as Language;
  const texts = archiveTexts(language);
  const plan = new Plan(env, `exports/${run.id}/`);
  const links = new Map<string, string | null>();
  const guest = await guestRow(db, guestId);
  const holdings = await guestHoldings(db, guestId);
  const picture = guest?.pictureKey ? (await sizes(env, [guest.pictureKey])).get(guest.pictureKey) : null;
  const pictureFile =
    guest?.pictureKey && picture !== null && picture !== undefined
      ? plan.file(`account/picture${extensionOf(guest.pictureType?.split('/')[1])}`, guest.pictureKey, picture)
      : null;

  const sendersOf = new Map<string, string[]>();
  for (const { party, guestId: id } of holdings.memberships) sendersOf.set(party.id, [...(sendersOf.get(party.id) ?? []), id]);
  const parties = [];
  const partyLinks: [string, string][] = [];
  for (const [partyId, senders] of sendersOf) {
    const party = await partyRow(db, partyId);
    if (!party) continue;
    const manager = await managerOf(party);
    const folder = plan.unique(partyFolder(party, language));
    const stub = room(env, party);
    const pages: Pick<GuestExportPage, 'messages' | 'choices' | 'reactions'> = { messages: [], choices: [], reactions: [] };
    for (let after = 0, more = true; more;) {
      const next = await stub.exportOf(senders, after, PAGE);
      pages.messages.push(...(next.messages as GuestExportPage['messages']));
      pages.choices.push(...next.choices);
      pages.reactions.push(...(next.reactions as GuestExportPage['reactions']));
      after = next.lastSeq;
      more = next.hasMore;
    }
    await messageFiles(
      env,
      db,
      plan,
      pages.messages.map((line) => line.message),
      links,
      `${folder}/media`,
    );
    const facts = partyFacts(party, `${manager.firstName} ${manager.lastName}`.trim());
    const html = await plan.doc(
      `${folder}/messages.html`,
      guestPartyHtml(facts, pages, (id) => (links.get(id) ? relative(`${folder}/messages.html`)(links.get(id)!) : null), texts, language, EXPORT_TIME_ZONE),
    );
    const messages = pages.messages.map(({ message, context }) => ({
      ...message,
      file: message.mediaAttachment ? (links.get(message.mediaAttachment) ?? null) : undefined,
      context,
    }));
    await plan.doc(
      `${folder}/messages.json`,
      JSON.stringify({ party: { id: party.id, ...facts }, messages, choices: pages.choices, reactions: pages.reactions }, null, 2),
    );
    parties.push({ id: party.id, title: party.title, startAt: party.startAt, managerName: facts.managerName });
    partyLinks.push([party.title, html]);
  }
  const account = guest
    ? { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, createdAt: guest.createdAt, picture: pictureFile, parties }
    : { parties };
  const accountJson = await plan.doc('account/account.json', JSON.stringify(account, null, 2));
  await plan.doc(
    'README.html',
    readme(texts, language, `${guest?.firstName ?? ''} ${guest?.lastName ?? ''}`.trim(), run.createdAt, [
      { title: texts.parties, links: partyLinks },
      { title: texts.account, links: [[texts.account, accountJson]] },
    ]),
  );
  return readmeFirst(plan.items);
}
