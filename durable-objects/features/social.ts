import type { ChatMessage, ServerEvent } from '#core/protocol';
import type { ReactionCount, ReactionEmoji } from '#core/social';
import type { Outcome } from '../contract';
import type { EventHandlers, Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { allowed, expiredOrForbidden, fail } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';

/**
 * Reactions and the pinned message (ADR 043), in the room's own SQLite beside the log. A reaction
 * is a row per member, message and emoji: setting one that is set (a frame sent again after a
 * reconnect) writes nothing and tells nobody but its sender.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reactions (
  message_id TEXT NOT NULL,
  emoji TEXT NOT NULL,
  member_id TEXT NOT NULL,
  PRIMARY KEY (message_id, emoji, member_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pinned (id INTEGER PRIMARY KEY CHECK (id = 1), message_id TEXT NOT NULL);
`;

interface ReactionGroup {
  messageId: string;
  emoji: ReactionEmoji;
  who: string[];
}

export class SocialStore {
  /** The pinned message's id; in memory, as every welcome reads it. */
  pinnedId: string | null = null;

  constructor(private readonly sql: SqlStorage) {}

  /** Runs inside blockConcurrencyWhile, after the room's own tables. */
  load(): void {
    this.sql.exec(SCHEMA);
    this.pinnedId = this.sql.exec<{ message_id: string }>('SELECT message_id FROM pinned WHERE id = 1').toArray()[0]?.message_id ?? null;
  }

  /** Every reaction, grouped, until the next change: every welcome sends them. */
  private groups: readonly ReactionGroup[] | null = null;

  /** Sets or clears one reaction; answers whether anything changed. */
  setReaction(messageId: string, emoji: ReactionEmoji, memberId: string, on: boolean): boolean {
    const cursor = on
      ? this.sql.exec('INSERT OR IGNORE INTO reactions (message_id, emoji, member_id) VALUES (?, ?, ?)', messageId, emoji, memberId)
      : this.sql.exec('DELETE FROM reactions WHERE message_id = ? AND emoji = ? AND member_id = ?', messageId, emoji, memberId);
    cursor.toArray();
    if (cursor.rowsWritten === 0) return false;
    this.groups = null;
    return true;
  }

  /** Who reacted with `emoji` to a message, in no particular order. */
  reactors(messageId: string, emoji: ReactionEmoji): string[] {
    return this.sql
      .exec<{ member_id: string }>('SELECT member_id FROM reactions WHERE message_id = ? AND emoji = ?', messageId, emoji)
      .toArray()
      .map((row) => row.member_id);
  }

  /** Every reaction of the party, grouped by message and emoji. Shared: read them, never change them. */
  all(): readonly ReactionGroup[] {
    this.groups ??= this.readAll();
    return this.groups;
  }

  private readAll(): ReactionGroup[] {
    const groups = new Map<string, ReactionGroup>();
    for (const row of this.sql.exec<{ message_id: string; emoji: string; member_id: string }>('SELECT message_id, emoji, member_id FROM reactions')) {
      const key = `${row.message_id} ${row.emoji}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { messageId: row.message_id, emoji: row.emoji as ReactionEmoji, who: [] }));
      group.who.push(row.member_id);
    }
    return [...groups.values()];
  }

  setPinned(messageId: string | null): void {
    if (messageId === null) this.sql.exec('DELETE FROM pinned');
    else this.sql.exec('INSERT INTO pinned (id, message_id) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET message_id = excluded.message_id', messageId);
    this.pinnedId = messageId;
  }
}

/** A pair as one reader sees it: the count; whether she reacted; who did, for the manager. */
function countFor(reader: StoredMember, group: ReactionGroup): ReactionCount {
  const count: ReactionCount = { messageId: group.messageId, emoji: group.emoji, count: group.who.length };
  if (group.who.includes(reader.id)) count.mine = true;
  if (reader.role === 'manager') return { ...count, mine: group.who.includes(reader.id), who: group.who };
  return count;
}

/** Reactions and the pinned message: the socket's `react` and `pin` (at the send rate), and what a welcome adds. */
export class Social implements Feature {
  readonly name = 'social';

  readonly store: SocialStore;

  constructor(private readonly room: Room) {
    this.store = new SocialStore(room.sql);
  }

  load(): void {
    this.store.load();
  }

  readonly events: EventHandlers = {
    react: (ws, member, event) => this.answer(ws, this.react(member, event.messageId, event.emoji, event.on)),
    pin: (ws, member, event) => this.answer(ws, this.pin(member, event.messageId)),
  };

  readonly rateLimited = ['react', 'pin'] as const;

  private answer(ws: WebSocket, result: Outcome<null>): void {
    if (!result.ok) this.room.send(ws, { type: 'error', code: result.code });
  }

  /**
   * Sets the member's reaction as the frame says. A change: everyone hears the new count, the
   * manager who it is, the member that it is hers. No change (a frame sent again): only the member
   * hears, so her page knows the room has it.
   */
  react(member: StoredMember, messageId: string, emoji: ReactionEmoji, on: boolean): Outcome<null> {
    const target = this.room.store.findById(messageId);
    if (!target) return fail('messageNotFound');
    if (!allowed(this.room, member, { type: 'react', message: target })) return fail(expiredOrForbidden(this.room));
    const changed = this.store.setReaction(messageId, emoji, member.id, on);
    const group = { messageId, emoji, who: this.store.reactors(messageId, emoji) };
    const managerId = this.room.store.facts?.ownerUserId;
    if (changed) {
      this.room.broadcast({ type: 'reaction', messageId, emoji, count: group.who.length });
      const manager = managerId ? this.room.store.members.get(managerId) : undefined;
      if (manager && manager.id !== member.id) this.room.sendToMember(manager.id, { type: 'reaction', ...countFor(manager, group) });
    }
    this.room.sendToMember(member.id, { type: 'reaction', ...countFor(member, group), mine: on });
    return { ok: true, value: null };
  }

  /** The pinned message as readers see it: none when it is gone or deleted. */
  private pinnedMessage(): ChatMessage | null {
    const id = this.store.pinnedId;
    const message = id ? this.room.store.findById(id) : null;
    return message && !message.deleted ? message : null;
  }

  /** Pins a message (the one pinned before gives way) or, with null, unpins; everyone hears. */
  pin(member: StoredMember, messageId: string | null): Outcome<null> {
    const target = messageId === null ? null : this.room.store.findById(messageId);
    if (messageId !== null && !target) return fail('messageNotFound');
    if (!allowed(this.room, member, { type: 'pinMessage', message: target })) return fail(expiredOrForbidden(this.room));
    this.store.setPinned(target?.id ?? null);
    this.room.broadcast({ type: 'pinned', message: target });
    return { ok: true, value: null };
  }

  /** A deleted message unpins; everyone hears. */
  deleted(deletedIds: readonly string[]): void {
    const id = this.store.pinnedId;
    if (id === null || !deletedIds.includes(id)) return;
    this.store.setPinned(null);
    this.room.broadcast({ type: 'pinned', message: null });
  }

  /** What a joining socket hears after its welcome: every reaction as she sees them, and the pinned message. */
  welcome(member: StoredMember): ServerEvent[] {
    return [
      { type: 'reactions', reactions: this.store.all().map((group) => countFor(member, group)) },
      { type: 'pinned', message: this.pinnedMessage() },
    ];
  }
}
