import type { CheckedCard } from '#core/card-schemas';
import { checkCard } from '#core/card-schemas';
import type { CardTally, CardType, LeadType } from '#core/cards';
import { isCardType, isLeadType } from '#core/cards';
import type { ClientEvent, MessageType, ServerEvent } from '#core/protocol';
import type { Outcome, RoomFacts } from '../contract';
import type { EventHandlers, Feature, Prepared } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { allowed, fail, partyState } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';
import type { LeadCounts } from '#core/follow-up';
import { leadCounts } from '#core/follow-up';
import { recordLeads } from '../../worker/db/room-writes';

/**
 * Product cards and polls in the party's room (ADR 044). A card is a message (its text everyone
 * reads) plus a row here: how many options it has, whether several may be chosen, a quiz's
 * answer (kept here, never in the message, until the poll closes) and when it closed. Every
 * member's choice is a row of `card_choices`; "I want this" is option 0 of a product card.
 *
 * A choice frame carries the whole intended choice, so the same frame twice (a resend after a
 * reconnect) leaves the same rows and tells nobody anything new.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cards (
  message_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  options INTEGER NOT NULL,
  multiple INTEGER NOT NULL,
  correct TEXT,
  closed_at INTEGER
);
CREATE TABLE IF NOT EXISTS card_choices (
  message_id TEXT NOT NULL,
  member_id TEXT NOT NULL,
  option INTEGER NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (message_id, member_id, option)
);
`;

export interface CardRow {
  messageId: string;
  kind: CardType;
  options: number;
  multiple: boolean;
  correct: number[] | null;
  closedAt: number | null;
}

/** One member's "I want this" on a product card. */
export interface Interest {
  messageId: string;
  memberId: string;
  /** Epoch ms when she chose it. */
  at: number;
}

/** One member's "I'd like that" on a "host your own party" or "join the team" card (ADR 059). */
export interface Lead extends Interest {
  kind: LeadType;
}

/** One member's vote for one option of a poll (a multiple-choice poll may have several per member). */
export interface Vote extends Interest {
  option: number;
}

type Row = Record<string, SqlStorageValue>;

function toCard(row: Row): CardRow {
  return {
    messageId: row.message_id as string,
    kind: row.kind as CardType,
    options: row.options as number,
    multiple: row.multiple === 1,
    correct: row.correct === null ? null : (JSON.parse(row.correct as string) as number[]),
    closedAt: (row.closed_at as number | null) ?? null,
  };
}

export class CardStore {
  constructor(private readonly sql: SqlStorage) {}

  /** Runs with the room's own load (inside blockConcurrencyWhile). */
  load(): void {
    this.sql.exec(SCHEMA);
  }

  create(messageId: string, card: CheckedCard): void {
    this.sql.exec(
      'INSERT OR IGNORE INTO cards (message_id, kind, options, multiple, correct) VALUES (?, ?, ?, ?, ?)',
      messageId,
      card.type,
      card.options,
      card.multiple ? 1 : 0,
      card.correct ? JSON.stringify(card.correct) : null,
    );
  }

  find(messageId: string): CardRow | null {
    const row = this.sql.exec('SELECT * FROM cards WHERE message_id = ?', messageId).toArray()[0];
    return row ? toCard(row) : null;
  }

  all(): CardRow[] {
    return this.sql.exec('SELECT * FROM cards ORDER BY rowid').toArray().map(toCard);
  }

  /** Every member's choice on one card, by member id. */
  choices(messageId: string): Map<string, number[]> {
    const byMember = new Map<string, number[]>();
    for (const row of this.sql.exec<{ member_id: string; option: number }>(
      'SELECT member_id, option FROM card_choices WHERE message_id = ? ORDER BY member_id, option',
      messageId,
    )) {
      byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row.option]);
    }
    return byMember;
  }

  /** Sets a member's whole choice; false when it already was that (a resend). */
  choose(messageId: string, memberId: string, options: number[], at: number): boolean {
    const before = this.choices(messageId).get(memberId) ?? [];
    const after = [...new Set(options)].sort((a, b) => a - b);
    if (before.length === after.length && before.every((option, index) => option === after[index])) return false;
    this.sql.exec('DELETE FROM card_choices WHERE message_id = ? AND member_id = ?', messageId, memberId);
    for (const option of after)
      this.sql.exec('INSERT INTO card_choices (message_id, member_id, option, at) VALUES (?, ?, ?, ?)', messageId, memberId, option, at);
    return true;
  }

  close(messageId: string, at: number): void {
    this.sql.exec('UPDATE cards SET closed_at = ? WHERE message_id = ? AND closed_at IS NULL', at, messageId);
  }

  /** Who wanted what: every "I want this" of the party, oldest first. */
  interests(): Interest[] {
    return this.sql
      .exec<{ message_id: string; member_id: string; at: number }>(
        "SELECT c.message_id, c.member_id, c.at FROM card_choices c JOIN cards k ON k.message_id = c.message_id WHERE k.kind = 'product' ORDER BY c.at, c.rowid",
      )
      .toArray()
      .map((row) => ({ messageId: row.message_id, memberId: row.member_id, at: row.at }));
  }

  /** Who asked to host a party or about the team: every "I'd like that" on a lead card, oldest first. */
  leads(): Lead[] {
    return this.sql
      .exec<{ message_id: string; member_id: string; kind: LeadType; at: number }>(
        "SELECT c.message_id, c.member_id, k.kind, c.at FROM card_choices c JOIN cards k ON k.message_id = c.message_id WHERE k.kind IN ('booking', 'team') ORDER BY c.at, c.rowid",
      )
      .toArray()
      .map((row) => ({ messageId: row.message_id, memberId: row.member_id, kind: row.kind, at: row.at }));
  }

  /** Whether the party has a lead card at all (its mirror has nothing to write otherwise). */
  hasLeadCards(): boolean {
    return this.sql.exec("SELECT 1 FROM cards WHERE kind IN ('booking', 'team') LIMIT 1").toArray().length > 0;
  }

  /** Who voted how: every vote of the party's polls, one row per chosen option, oldest first. */
  votes(): Vote[] {
    return this.sql
      .exec<{ message_id: string; member_id: string; option: number; at: number }>(
        "SELECT c.message_id, c.member_id, c.option, c.at FROM card_choices c JOIN cards k ON k.message_id = c.message_id WHERE k.kind = 'poll' ORDER BY c.at, c.rowid",
      )
      .toArray()
      .map((row) => ({ messageId: row.message_id, memberId: row.member_id, option: row.option, at: row.at }));
  }
}

type CardEvent = Extract<ClientEvent, { type: 'cardChoice' | 'closePoll' }>;

/** Cards and polls: the card a message makes, the socket's choices (at the send rate), and the tallies a welcome adds. */
export class Cards implements Feature {
  readonly name = 'cards';

  readonly store: CardStore;

  constructor(private readonly room: Room) {
    this.store = new CardStore(room.sql);
  }

  load(): void {
    this.store.load();
  }

  readonly events: EventHandlers = {
    cardChoice: (ws, member, event) => this.answer(ws, member, event),
    closePoll: (ws, member, event) => this.answer(ws, member, event),
  };

  readonly rateLimited = ['cardChoice', 'closePoll'] as const;

  /** A card message's text is stored as everyone may read it (a quiz's answer stays in its row here), and its row follows. */
  prepareMessage(messageType: MessageType, text: string): Outcome<Prepared> | null {
    if (!isCardType(messageType)) return null;
    const checked = checkCard(messageType, text);
    if (!checked.ok) return checked;
    const card = checked.card;
    return { ok: true, value: { text: card.text, stored: (message) => this.store.create(message.id, card) } };
  }

  /**
   * The dashboard's counts of leads (ADR 059): the members who asked to host and who asked about
   * the team, each once, on cards still in the chat, written when they changed since this object
   * last wrote them (a party without a lead card writes nothing: D1's default is 0).
   */
  async mirror(facts: RoomFacts): Promise<void> {
    if (!this.store.hasLeadCards()) return;
    const counts = leadCounts(this.store.leads(), (messageId) => {
      const message = this.room.store.findById(messageId);
      return message !== null && !message.deleted;
    });
    if (this.mirrored && this.mirrored.booking === counts.booking && this.mirrored.team === counts.team) return;
    await recordLeads(this.room.env.DB, facts.partyId, counts);
    this.mirrored = counts;
  }

  /** A deleted lead card's leads leave the dashboard's counts. */
  deleted(ids: readonly string[]): void {
    if (
      ids.some((id) => {
        const card = this.store.find(id);
        return card !== null && isLeadType(card.kind);
      })
    )
      this.room.scheduleMirror();
  }

  /** The party was deleted: its counts went with it. */
  cleared(): void {
    this.mirrored = null;
  }

  /** The counts this object last wrote to D1 (forgotten on eviction: then written once more). */
  private mirrored: LeadCounts | null = null;

  /** Every card's tally for one member: sent after her welcome, so a reconnect shows the choices as they are. */
  welcome(member: StoredMember): ServerEvent[] {
    const tallies = this.store.all().map((card) => this.tallyOf(card, member));
    return tallies.length > 0 ? [{ type: 'cardTallies', tallies }] : [];
  }

  /**
   * A card's tally as `reader` sees it: the counts and, once closed, a quiz's answer for everyone;
   * the reader's own choice; every member's for the manager. `public`: the part for everyone.
   */
  private tallyOf(card: CardRow, reader: StoredMember | null): CardTally {
    const choices = this.store.choices(card.messageId);
    const counts = Array.from({ length: card.options }, () => 0);
    for (const options of choices.values()) for (const option of options) counts[option] = (counts[option] ?? 0) + 1;
    const closed = card.closedAt !== null;
    const tally: CardTally = { messageId: card.messageId, counts, closed, correct: closed ? card.correct : null };
    if (!reader) return tally;
    tally.mine = choices.get(reader.id) ?? [];
    if (reader.role === 'manager') tally.who = Object.fromEntries(choices);
    return tally;
  }

  /** Tells everyone the counts, the manager who chose what, and `actor`'s devices her own choice. */
  private publish(card: CardRow, actor: StoredMember): void {
    this.room.broadcast({ type: 'cardTally', tally: this.tallyOf(card, null) });
    const managerId = this.room.store.facts?.ownerUserId;
    const manager = managerId ? this.room.store.members.get(managerId) : undefined;
    if (manager) this.room.sendToMember(manager.id, { type: 'cardTally', tally: this.tallyOf(card, manager) });
    if (actor.id !== managerId) this.room.sendToMember(actor.id, { type: 'cardTally', tally: this.tallyOf(card, actor) });
  }

  /**
   * A member's choice or the manager's closing of a poll. Answers with the card's tally as the
   * member now sees it (also when nothing changed, so a resend is confirmed).
   */
  private action(member: StoredMember, event: CardEvent): Outcome<CardTally> {
    const message = this.room.store.findById(event.messageId);
    if (!message || message.deleted) return fail('messageNotFound');
    const card = this.store.find(event.messageId);
    if (!card) return fail('invalidInput');
    const expired = partyState(this.room.store, this.room.now()).expired;
    if (event.type === 'closePoll') {
      if (!allowed(this.room, member, { type: 'closePoll' })) return fail(member.role === 'manager' && expired ? 'partyExpired' : 'forbidden');
      if (card.kind !== 'poll') return fail('invalidInput');
      if (card.closedAt === null) {
        this.store.close(card.messageId, this.room.now());
        this.publish({ ...card, closedAt: this.room.now() }, member);
      }
      return { ok: true, value: this.tallyOf(this.store.find(card.messageId) ?? card, member) };
    }
    if (!allowed(this.room, member, { type: 'chooseOnCard' })) return fail(expired ? 'partyExpired' : 'forbidden');
    if (card.closedAt !== null) return fail('pollClosed');
    const options = [...new Set(event.options)];
    if (options.some((option) => option >= card.options) || (!card.multiple && options.length > 1)) return fail('invalidInput');
    if (this.store.choose(card.messageId, member.id, options, this.room.now())) {
      this.publish(card, member);
      // The dashboard's count of leads follows through the D1 mirror (ADR 059).
      if (isLeadType(card.kind)) this.room.scheduleMirror();
    }
    return { ok: true, value: this.tallyOf(card, member) };
  }

  /** The socket's card events: the tally goes back to the asking socket, a refusal as an error. */
  private answer(ws: WebSocket, member: StoredMember, event: CardEvent): void {
    const result = this.action(member, event);
    this.room.send(ws, result.ok ? { type: 'cardTally', tally: result.value } : { type: 'error', code: result.code });
  }
}
