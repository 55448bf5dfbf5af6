import { LIMITS } from '#core/limits';
import { markerOf } from '#core/markers';
import type { MessageMedia } from '#core/chat-media';
import type { MediaKind } from '#core/media';
import type { ChatEvent, ChatMessage, HeadingEntry, Member, MessageType, PartyRole, SenderType } from '#core/protocol';
import { headingEntry } from '#core/messages';
import type { RoomFacts } from '../contract';
import { HEADINGS_QUERY, createTables } from './schema';

/**
 * The kernel's part of the room's SQLite (its tables: kernel/schema.ts): the party's facts, the
 * message log and its gap-free event sequence, members with their seen position, the files offered
 * to members and released by deletions, and ended memberships and sessions. One counter numbers
 * every change: a new message takes the next seq as its own (the message row is its event); an edit
 * or a deletion takes the next seq as a row in `events` pointing at the message. Rows in `events`
 * with seq = message_seq were written for new messages before that and are skipped. Only the room
 * writes here. Every query is an index lookup or a bounded range scan, never a scan of the whole
 * log.
 */

export interface StoredMember extends Member {
  removed: boolean;
  seenSeq: number;
}

/** A message before the room gives it its place (seq) in the log. */
export type NewMessage = Omit<ChatMessage, 'seq' | 'editedAt' | 'deleted' | 'forwarded' | 'fromTemplate'> & { forwarded?: boolean; fromTemplate?: boolean };

/** How far back the room looks for the roster's recent writers when it loads. */
const RECENT_WRITERS_WINDOW = 1000;

/** The key under which a member's departure (left or removed) is remembered (`rememberEnded`). */
export const endedMembership = (memberId: string) => `member:${memberId}`;

type Row = Record<string, SqlStorageValue>;

function toMessage(row: Row): ChatMessage {
  const message: ChatMessage = {
    id: row.id as string,
    seq: row.seq as number,
    tempId: (row.temp_id as string | null) ?? null,
    sender: row.sender as string,
    senderType: row.sender_type as SenderType,
    senderName: row.sender_name as string,
    messageType: row.message_type as MessageType,
    message: row.message as string,
    replyingTo: (row.replying_to as string | null) ?? null,
    timestamp: row.timestamp as number,
    editedAt: (row.edited_at as number | null) ?? null,
    deleted: row.deleted === 1,
    forwarded: row.forwarded === 1,
  };
  if (row.from_template === 1) message.fromTemplate = true;
  // A deleted media message shows the placeholder, not its file; the row keeps which file it was.
  if (row.media_id !== null && row.deleted !== 1) Object.assign(message, mediaOf(row));
  return message;
}

function mediaOf(row: Row): MessageMedia {
  return {
    mediaAttachment: row.media_id as string,
    mediaAttachmentType: row.media_kind as MediaKind,
    mediaExtension: (row.media_extension as string | null) ?? null,
    mediaAttachmentOwner: row.media_owner as string,
    contentType: row.media_content_type as string,
    ...titled(row.media_title),
  };
}

/** The file's title when the row has one (rows written before titles were kept have none). */
function titled(title: SqlStorageValue | undefined): { mediaTitle?: string } {
  return typeof title === 'string' ? { mediaTitle: title } : {};
}

function withoutMedia(message: ChatMessage): ChatMessage {
  const {
    mediaAttachment: _id,
    mediaAttachmentType: _kind,
    mediaExtension: _extension,
    mediaAttachmentOwner: _owner,
    contentType: _type,
    mediaTitle: _title,
    ...rest
  } = message;
  return rest;
}

/** A file the Worker vouched for, and the member it may be sent by. */
export interface Attachment extends MessageMedia {
  memberId: string;
}

function toMember(row: Row): StoredMember {
  return {
    id: row.id as string,
    firstName: row.first_name as string,
    lastName: row.last_name as string,
    role: row.role as PartyRole,
    removed: row.removed === 1,
    seenSeq: row.seen_seq as number,
  };
}

const MESSAGE_COLUMNS =
  'seq, id, temp_id, sender, sender_type, sender_name, message_type, message, replying_to, timestamp, edited_at, deleted, forwarded, from_template, media_id, media_kind, media_extension, media_owner, media_content_type, media_title';

export class RoomStore {
  /** The latest event seq; kept in memory so the send path never asks SQLite for it. */
  seq = 0;
  facts: RoomFacts | null = null;
  /** Members by id: small (a party's guests), read on every event. */
  readonly members = new Map<string, StoredMember>();
  /** Member id → seq of their latest message (not a notice), the most recent last; the roster's order reads it. */
  readonly lastWrote = new Map<string, number>();

  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  /** Runs inside blockConcurrencyWhile: creates tables, loads the counters and members. */
  load(): void {
    createTables(this.sql);
    const last = this.sql
      // MAX(a, b) is NULL when either is: an empty table counts as 0.
      .exec<{ seq: number }>('SELECT MAX(COALESCE((SELECT MAX(seq) FROM messages), 0), COALESCE((SELECT MAX(seq) FROM events), 0)) AS seq')
      .toArray()[0];
    this.seq = last?.seq ?? 0;
    const facts = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'facts'").toArray()[0];
    this.facts = facts ? (JSON.parse(facts.value) as RoomFacts) : null;
    for (const row of this.sql.exec('SELECT * FROM members')) {
      const member = toMember(row);
      this.members.set(member.id, member);
    }
    // The recent writers are found among the newest messages: a bounded range, never the whole log.
    const writers = this.sql
      .exec<{ sender: string; message_type: MessageType; message: string; seq: number }>(
        'SELECT sender, message_type, message, seq FROM messages WHERE seq > ? ORDER BY seq',
        this.seq - RECENT_WRITERS_WINDOW,
      )
      .toArray();
    for (const row of writers) this.wrote(row.sender, row.message_type, row.message, row.seq);
  }

  /** Runs `write` as one transaction: all of it is stored, or none. */
  transaction<T>(write: () => T): T {
    return this.storage.transactionSync(write);
  }

  /** The room's storage was deleted (its party was): the facts and members kept in memory go too. */
  cleared(): void {
    this.facts = null;
    this.members.clear();
  }

  setFacts(facts: RoomFacts): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES ('facts', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", JSON.stringify(facts));
    this.facts = facts;
  }

  /**
   * Adds or renames a member; a removed member stays removed. The role is taken for a newcomer
   * only: the room judges roles of the members it knows (durable-objects/hosts.ts), whatever the
   * caller read from D1 (which follows the room).
   */
  upsertMember(member: Member): StoredMember {
    const existing = this.members.get(member.id);
    // Every API call and socket admits its member first: unchanged, that must not cost a write
    // (a write transaction, and an output gate, on every history page).
    if (existing && existing.firstName === member.firstName && existing.lastName === member.lastName) return existing;
    const stored: StoredMember = { ...member, role: existing?.role ?? member.role, removed: existing?.removed ?? false, seenSeq: existing?.seenSeq ?? 0 };
    this.sql.exec(
      `INSERT INTO members (id, first_name, last_name, role) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name`,
      stored.id,
      stored.firstName,
      stored.lastName,
      stored.role,
    );
    this.members.set(member.id, stored);
    return stored;
  }

  markRemoved(memberId: string): void {
    const member = this.members.get(memberId);
    if (!member) return;
    this.sql.exec('UPDATE members SET removed = 1 WHERE id = ?', memberId);
    member.removed = true;
  }

  /**
   * The newest message sent at or before `timestamp` (epoch ms), by its seq; 0 for none. Read from
   * the newest back (messages are stored in the order they were sent), so a recent time costs a row or two.
   */
  seqSentBy(timestamp: number): number {
    return this.sql.exec<{ seq: number }>('SELECT seq FROM messages WHERE timestamp <= ? ORDER BY seq DESC LIMIT 1', timestamp).toArray()[0]?.seq ?? 0;
  }

  setSeen(memberId: string, seq: number): void {
    const member = this.members.get(memberId);
    if (!member) return;
    this.sql.exec('UPDATE members SET seen_seq = ? WHERE id = ?', seq, memberId);
    member.seenSeq = seq;
  }

  private wrote(sender: string, messageType: MessageType, message: string, seq: number): void {
    if (markerOf({ messageType, message }) !== null) return;
    this.lastWrote.delete(sender);
    this.lastWrote.set(sender, seq);
  }

  activeCount(): number {
    let count = 0;
    for (const member of this.members.values()) if (!member.removed) count++;
    return count;
  }

  activeMembers(): StoredMember[] {
    return [...this.members.values()].filter((member) => !member.removed);
  }

  findByTempId(sender: string, tempId: string): ChatMessage | null {
    const row = this.sql.exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender = ? AND temp_id = ?`, sender, tempId).toArray()[0];
    return row ? toMessage(row) : null;
  }

  findById(id: string): ChatMessage | null {
    const row = this.sql.exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = ?`, id).toArray()[0];
    return row ? toMessage(row) : null;
  }

  /**
   * Appends a message, which is its own event; returns it with its seq. A tempId its sender has used
   * already stores nothing and answers null: the unique index decides that within the INSERT, so a
   * send needs no lookup of its own first (the original is looked up only for a repeat).
   */
  appendMessage(input: NewMessage & { tempId: null }): ChatMessage;
  appendMessage(input: NewMessage): ChatMessage | null;
  appendMessage(input: NewMessage): ChatMessage | null {
    const seq = this.seq + 1;
    const inserted = this.sql.exec(
      `INSERT INTO messages (seq, id, temp_id, sender, sender_type, sender_name, message_type, message, replying_to, timestamp, forwarded, from_template,
         media_id, media_kind, media_extension, media_owner, media_content_type, media_title)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (sender, temp_id) DO NOTHING`,
      seq,
      input.id,
      input.tempId,
      input.sender,
      input.senderType,
      input.senderName,
      input.messageType,
      input.message,
      input.replyingTo,
      input.timestamp,
      input.forwarded ? 1 : 0,
      input.fromTemplate ? 1 : 0,
      input.mediaAttachment ?? null,
      input.mediaAttachmentType ?? null,
      input.mediaExtension ?? null,
      input.mediaAttachmentOwner ?? null,
      input.contentType ?? null,
      input.mediaTitle ?? null,
    );
    if (inserted.rowsWritten === 0) return null;
    // An offer is good for one message: sending the file again takes a new one.
    if (input.mediaAttachment) this.withdrawAttachment(input.mediaAttachment);
    this.seq = seq;
    this.wrote(input.sender, input.messageType, input.message, seq);
    const { fromTemplate, ...rest } = input;
    return { ...rest, seq, editedAt: null, deleted: false, forwarded: input.forwarded === true, ...(fromTemplate ? { fromTemplate: true as const } : {}) };
  }

  /** Records a file the Worker vouched for: `memberId` may now send it in a message. */
  offerAttachment(attachment: Attachment): void {
    this.sql.exec(
      `INSERT INTO attachments (media_id, member_id, kind, extension, owner, content_type, title) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (media_id) DO UPDATE SET member_id = excluded.member_id, kind = excluded.kind, extension = excluded.extension,
         owner = excluded.owner, content_type = excluded.content_type, title = excluded.title`,
      attachment.mediaAttachment,
      attachment.memberId,
      attachment.mediaAttachmentType,
      attachment.mediaExtension,
      attachment.mediaAttachmentOwner,
      attachment.contentType,
      attachment.mediaTitle ?? null,
    );
  }

  withdrawAttachment(mediaId: string): void {
    this.sql.exec('DELETE FROM attachments WHERE media_id = ?', mediaId);
  }

  findAttachment(mediaId: string): Attachment | null {
    const row = this.sql.exec('SELECT * FROM attachments WHERE media_id = ?', mediaId).toArray()[0];
    if (!row) return null;
    return {
      mediaAttachment: row.media_id as string,
      memberId: row.member_id as string,
      mediaAttachmentType: row.kind as MediaKind,
      mediaExtension: (row.extension as string | null) ?? null,
      mediaAttachmentOwner: row.owner as string,
      contentType: row.content_type as string,
      ...titled(row.title),
    };
  }

  /** Whether the room still needs a file: a message shows it, or it is offered for one. */
  holdsMedia(mediaId: string): boolean {
    return (
      this.sql.exec('SELECT 1 FROM messages WHERE media_id = ? AND deleted = 0 LIMIT 1', mediaId).toArray().length > 0 ||
      this.sql.exec('SELECT 1 FROM attachments WHERE media_id = ?', mediaId).toArray().length > 0
    );
  }

  /** Files whose messages were deleted, waiting to be let go (PartyRoom releaseMedia). */
  releasedMedia(): string[] {
    return this.sql
      .exec<{ media_id: string }>('SELECT media_id FROM released_media')
      .toArray()
      .map((row) => row.media_id);
  }

  forgetReleased(mediaIds: string[]): void {
    for (const id of mediaIds) this.sql.exec('DELETE FROM released_media WHERE media_id = ?', id);
  }

  /** Changes a message's text and records the change as an event; returns the event's seq. */
  editMessage(message: ChatMessage, text: string, at: number): { seq: number; message: ChatMessage } {
    return this.storage.transactionSync(() => {
      const seq = this.seq + 1;
      this.sql.exec('UPDATE messages SET message = ?, edited_at = ? WHERE seq = ?', text, at, message.seq);
      this.sql.exec('INSERT INTO events (seq, message_seq) VALUES (?, ?)', seq, message.seq);
      this.seq = seq;
      return { seq, message: { ...message, message: text, editedAt: at } };
    });
  }

  /**
   * Marks messages deleted (their text is dropped) as one event each, in one transaction. With an
   * `erasedMarker` the text becomes that marker (a text message), so the message leaves no trace.
   */
  deleteMessages(targets: ChatMessage[], at: number, erasedMarker: string | null = null): { seq: number; message: ChatMessage }[] {
    return this.storage.transactionSync(() =>
      targets.map((message) => {
        const seq = this.seq + 1;
        const text = erasedMarker ?? '';
        const messageType = erasedMarker ? 'text' : message.messageType;
        this.sql.exec('UPDATE messages SET deleted = 1, message = ?, message_type = ?, edited_at = ? WHERE seq = ?', text, messageType, at, message.seq);
        this.sql.exec('INSERT INTO events (seq, message_seq) VALUES (?, ?)', seq, message.seq);
        if (message.mediaAttachment) this.sql.exec('INSERT OR IGNORE INTO released_media (media_id) VALUES (?)', message.mediaAttachment);
        this.seq = seq;
        return { seq, message: { ...withoutMedia(message), message: text, messageType, deleted: true, editedAt: at } };
      }),
    );
  }

  setRole(memberId: string, role: PartyRole): StoredMember | null {
    const member = this.members.get(memberId);
    if (!member) return null;
    this.sql.exec('UPDATE members SET role = ? WHERE id = ?', role, memberId);
    member.role = role;
    return member;
  }

  /** A guest who left is forgotten (and may join again); a removed one is kept as removed. */
  forgetMember(memberId: string): void {
    this.sql.exec('DELETE FROM members WHERE id = ?', memberId);
    this.members.delete(memberId);
  }

  /**
   * The newest page as of `seq`: every welcome carries it, and in a join storm hundreds of welcomes
   * read the same rows between two messages. Every change to a message is an event with the next
   * seq, so an unchanged seq means an unchanged page.
   */
  private newest: { seq: number; messages: readonly ChatMessage[]; hasMore: boolean } | null = null;

  /** One page of history, oldest first: messages before `beforeSeq` (or the newest). Its messages are shared: read them, never change them. */
  page(beforeSeq: number | undefined, limit: number = LIMITS.historyPage): { messages: ChatMessage[]; hasMore: boolean } {
    if (beforeSeq !== undefined || limit !== LIMITS.historyPage) return this.readPage(beforeSeq, limit);
    if (this.newest?.seq !== this.seq) this.newest = { seq: this.seq, ...this.readPage(undefined, limit) };
    return { messages: this.newest.messages.slice(), hasMore: this.newest.hasMore };
  }

  private readPage(beforeSeq: number | undefined, limit: number): { messages: ChatMessage[]; hasMore: boolean } {
    const rows = this.sql
      .exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?`, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1)
      .toArray();
    const hasMore = rows.length > limit;
    return { messages: rows.slice(0, limit).map(toMessage).reverse(), hasMore };
  }

  /**
   * The page around `seq` (a jump to a heading far back): up to half a page before it, the rest
   * from it on. `hasMore`: older messages exist; `hasNewer`: newer ones do.
   */
  pageAround(seq: number, limit: number = LIMITS.historyPage): { messages: ChatMessage[]; hasMore: boolean; hasNewer: boolean } {
    const before = Math.floor(limit / 2);
    const older = this.sql.exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?`, seq, before + 1).toArray();
    const hasMore = older.length > before;
    const kept = older.slice(0, before).map(toMessage).reverse();
    const newer = this.pageAfter(seq - 1, limit - kept.length);
    return { messages: [...kept, ...newer.messages], hasMore, hasNewer: newer.hasNewer };
  }

  /** One page of messages after `afterSeq`, oldest first (paging down towards the newest). */
  pageAfter(afterSeq: number, limit: number = LIMITS.historyPage): { messages: ChatMessage[]; hasNewer: boolean } {
    const rows = this.sql.exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE seq > ? ORDER BY seq LIMIT ?`, afterSeq, limit + 1).toArray();
    return { messages: rows.slice(0, limit).map(toMessage), hasNewer: rows.length > limit };
  }

  /** One page of the messages `senders` wrote after `afterSeq`, oldest first (a guest's export; the sender index). */
  pageBy(senders: readonly string[], afterSeq: number, limit: number): { messages: ChatMessage[]; hasNewer: boolean } {
    const marks = senders.map(() => '?').join(', ');
    const rows = this.sql
      .exec(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender IN (${marks}) AND seq > ? ORDER BY seq LIMIT ?`, ...senders, afterSeq, limit + 1)
      .toArray();
    return { messages: rows.slice(0, limit).map(toMessage), hasNewer: rows.length > limit };
  }

  /** Whether a message older than `seq` exists (one step of the primary key). */
  hasBefore(seq: number): boolean {
    return this.sql.exec('SELECT 1 FROM messages WHERE seq < ? LIMIT 1', seq).toArray().length > 0;
  }

  /** The table of contents as of `seq`: like the newest page, every welcome carries it. */
  private contents: { seq: number; headings: readonly HeadingEntry[] } | null = null;

  /** The party's table of contents: every heading in order, deleted ones marked. Its entries are shared: read them, never change them. */
  headings(): HeadingEntry[] {
    if (this.contents?.seq !== this.seq) this.contents = { seq: this.seq, headings: this.readHeadings() };
    return this.contents.headings.slice();
  }

  private readHeadings(): HeadingEntry[] {
    return this.sql
      .exec(HEADINGS_QUERY)
      .toArray()
      .map((row) =>
        headingEntry({
          id: row.id as string,
          seq: row.seq as number,
          messageType: row.message_type as MessageType,
          message: row.message as string,
          deleted: row.deleted === 1,
        })!,
      );
  }

  /** Every event after `afterSeq`, in order, each with the message as it is now. */
  eventsAfter(afterSeq: number): ChatEvent[] {
    const rows = this.sql
      .exec(
        `SELECT seq AS event_seq, ${MESSAGE_COLUMNS} FROM messages WHERE seq > ?
         UNION ALL
         SELECT e.seq AS event_seq, ${MESSAGE_COLUMNS.split(', ')
           .map((c) => `m.${c}`)
           .join(', ')}
         FROM events e JOIN messages m ON m.seq = e.message_seq WHERE e.seq > ? AND e.seq <> e.message_seq
         ORDER BY event_seq`,
        afterSeq,
        afterSeq,
      )
      .toArray();
    return rows.map((row) => {
      const message = toMessage(row);
      const seq = row.event_seq as number;
      return seq === message.seq ? { type: 'newMessage', seq, message } : { type: 'updatedMessage', seq, message };
    });
  }

  /** The newest message that was said: notices (markers) are passed over, a page at a time. */
  latestMessage(): ChatMessage | null {
    let before: number | undefined;
    for (;;) {
      // Pages of the welcome's size: the first is the newest page the welcomes share.
      const { messages, hasMore } = this.page(before);
      const said = messages.findLast((message) => !markerOf(message));
      if (said) return said;
      if (!hasMore || messages.length === 0) return null;
      before = messages[0]!.seq;
    }
  }

  /**
   * Sessions that ended (signed out) and memberships that ended (left, removed) are remembered
   * `keepMs` by a key (`endedMembership` for the latter), so that a socket ticket issued before
   * they ended is refused (ADR 047); older ones are forgotten on the way.
   */
  rememberEnded(keys: readonly string[], now: number, keepMs: number): void {
    this.sql.exec('DELETE FROM recently_ended WHERE ended_at < ?', now - keepMs);
    for (const key of keys) this.sql.exec('INSERT OR REPLACE INTO recently_ended (key, ended_at) VALUES (?, ?)', key, now);
  }

  /** Whether what the key names ended at or after `since`. */
  endedSince(key: string, since: number): boolean {
    return this.sql.exec('SELECT 1 FROM recently_ended WHERE key = ? AND ended_at >= ?', key, since).toArray().length > 0;
  }
}
