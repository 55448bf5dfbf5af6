import type { ChatMessage } from '#core/protocol';
import type { RaffleDraw, RafflePool, RandomSource } from '#core/raffle';
import { drawWinner, entrantsOf, raffleNoticeText } from '#core/raffle';
import { fullName } from '#core/text';
import type { DrawRaffleEvent } from '#core/raffle-schemas';
import type { Outcome } from '../contract';
import type { EventHandlers, Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { allowed, expiredOrForbidden, fail } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';
import type { CardStore } from './cards';

/**
 * The raffle in the party's room (ADR 045): each draw is a row with its pool, its entrants in the
 * order drawn from, and its winner, written in the same turn as the notice that tells everyone. The
 * draw's id is the page's, so a frame sent again finds its row and draws nothing.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS raffles (
  draw_id TEXT PRIMARY KEY,
  pool TEXT NOT NULL,
  card_id TEXT,
  entrants TEXT NOT NULL,
  winner_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  at INTEGER NOT NULL
);
`;

export interface RaffleRow {
  drawId: string;
  pool: RafflePool;
  cardId: string | null;
  /** Member ids, sorted: the list the winner's index was drawn from. */
  entrants: string[];
  winnerId: string;
  /** The notice in the chat. */
  messageId: string;
  at: number;
}

type Row = Record<string, SqlStorageValue>;

function toRaffle(row: Row): RaffleRow {
  return {
    drawId: row.draw_id as string,
    pool: row.pool as RafflePool,
    cardId: (row.card_id as string | null) ?? null,
    entrants: JSON.parse(row.entrants as string) as string[],
    winnerId: row.winner_id as string,
    messageId: row.message_id as string,
    at: row.at as number,
  };
}

export class RaffleStore {
  constructor(private readonly sql: SqlStorage) {}

  /** Runs with the room's own load (inside blockConcurrencyWhile). */
  load(): void {
    this.sql.exec(SCHEMA);
  }

  find(drawId: string): RaffleRow | null {
    const row = this.sql.exec('SELECT * FROM raffles WHERE draw_id = ?', drawId).toArray()[0];
    return row ? toRaffle(row) : null;
  }

  /** Every draw, oldest first. */
  all(): RaffleRow[] {
    return this.sql.exec('SELECT * FROM raffles ORDER BY at, rowid').toArray().map(toRaffle);
  }

  record(row: RaffleRow): void {
    this.sql.exec(
      'INSERT INTO raffles (draw_id, pool, card_id, entrants, winner_id, message_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      row.drawId,
      row.pool,
      row.cardId,
      JSON.stringify(row.entrants),
      row.winnerId,
      row.messageId,
      row.at,
    );
  }
}

/** The platform's cryptographic source, as the pure draw asks for it. */
const cryptoRandom: RandomSource = (into) => crypto.getRandomValues(into);

/** The manager's draws (the socket's `drawRaffle`, at the send rate), among the guests or those who chose on a card. */
export class Raffles implements Feature {
  readonly name = 'raffle';

  readonly store: RaffleStore;

  constructor(
    private readonly room: Room,
    /** The choices a pool is drawn from (features/cards.ts). */
    private readonly cards: CardStore,
  ) {
    this.store = new RaffleStore(room.sql);
  }

  load(): void {
    this.store.load();
  }

  readonly events: EventHandlers = { drawRaffle: (ws, member, event) => this.answer(ws, member, event) };

  readonly rateLimited = ['drawRaffle'] as const;

  /**
   * Who is in the pool: the party's guests (not the manager, who gives the prize, nor the host, whom
   * the host programme rewards) who are still in it and who joined, voted in the poll or wanted the
   * product.
   */
  private poolOf(event: DrawRaffleEvent): Outcome<string[]> {
    const guests = new Set(
      this.room.store
        .activeMembers()
        .filter((member) => member.role === 'guest')
        .map((member) => member.id),
    );
    if (event.pool === 'joined' || event.cardId === null) return { ok: true, value: [...guests] };
    const message = this.room.store.findById(event.cardId);
    if (!message || message.deleted) return fail('messageNotFound');
    const card = this.cards.find(event.cardId);
    if (!card || card.kind !== event.pool) return fail('invalidInput');
    return { ok: true, value: [...this.cards.choices(card.messageId).keys()].filter((id) => guests.has(id)) };
  }

  /**
   * The manager's draw. A draw id already drawn answers with that draw and changes nothing (a resend);
   * an empty pool is refused (`raffleEmpty`) and changes nothing. `random` is the platform's
   * cryptographic source; a test may pass its own.
   */
  draw(member: StoredMember, event: DrawRaffleEvent, random: RandomSource = cryptoRandom): Outcome<{ draw: RaffleRow; message: ChatMessage }> {
    if (member.role !== 'manager') return fail('forbidden');
    const drawn = this.store.find(event.drawId);
    if (drawn) {
      const message = this.room.store.findById(drawn.messageId);
      const same = drawn.pool === event.pool && drawn.cardId === event.cardId;
      return same && message ? { ok: true, value: { draw: drawn, message } } : fail('tempIdConflict');
    }
    if (!allowed(this.room, member, { type: 'drawRaffle' })) return fail(expiredOrForbidden(this.room));
    const pool = this.poolOf(event);
    if (!pool.ok) return pool;
    const winners = event.excludeWinners ? this.store.all().map((draw) => draw.winnerId) : [];
    const entrants = entrantsOf(pool.value, winners);
    const winnerId = drawWinner(entrants, random);
    const winner = winnerId === null ? undefined : this.room.store.members.get(winnerId);
    if (!winner) return fail('raffleEmpty');
    const notice: RaffleDraw = {
      drawId: event.drawId,
      pool: event.pool,
      cardId: event.cardId,
      entrants: entrants.length,
      winnerId: winner.id,
      winnerName: fullName(winner),
    };
    // Everyone hears the notice as a new message, the asking page too (its place in the seq order).
    // Its id doubles as the notice's tempId, unique per sender: one the manager sent a message with is no draw.
    const message = this.room.append(member, { tempId: event.drawId, messageType: 'text', message: raffleNoticeText(notice), replyingTo: null });
    if (!message) return fail('tempIdConflict');
    const draw: RaffleRow = {
      drawId: event.drawId,
      pool: event.pool,
      cardId: event.cardId,
      entrants,
      winnerId: winner.id,
      messageId: message.id,
      at: this.room.now(),
    };
    this.store.record(draw);
    return { ok: true, value: { draw, message } };
  }

  /** The socket's draw: the asking page hears which message is its draw, or why there is none. */
  private answer(ws: WebSocket, member: StoredMember, event: DrawRaffleEvent): void {
    const result = this.draw(member, event);
    this.room.send(
      ws,
      result.ok
        ? { type: 'raffleDrawn', drawId: event.drawId, messageId: result.value.message.id, seq: result.value.message.seq }
        : { type: 'error', code: result.code },
    );
  }
}
