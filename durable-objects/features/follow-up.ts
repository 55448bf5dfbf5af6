import { isLeadType } from '#core/cards';
import { parseLeadCard, parsePollCard, parseProductCard } from '#core/card-text';
import type { FollowUp, FollowUpCard, FollowUpGuest } from '#core/follow-up';
import { fullName } from '#core/text';
import type { Outcome } from '../contract';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import { allowed, fail } from '../kernel/rules';
import type { StoredMember } from '../kernel/store';
import type { CardStore } from './cards';
import type { RaffleStore } from './raffle';

/**
 * The follow-up list from the room's own rows (ADR 045): cards and choices (cards.ts), draws
 * (raffle.ts), members and their latest message. A deleted card's choices are left out, as the
 * card is gone from the chat. Read on the manager's request only, so the scan of the messages for
 * each member's latest one costs the send path nothing.
 */
export class FollowUps implements Feature {
  readonly name = 'follow-up';

  constructor(
    private readonly room: Room,
    private readonly cards: CardStore,
    private readonly raffles: RaffleStore,
  ) {}

  /** The list for its manager, also after the party; anyone else is refused. */
  for(member: StoredMember): Outcome<FollowUp> {
    return allowed(this.room, member, { type: 'readFollowUp' }) ? { ok: true, value: this.list() } : fail('forbidden');
  }

  private list(): FollowUp {
    const room = this.room;
    const cards: FollowUpCard[] = [];
    for (const row of this.cards.all()) {
      const message = room.store.findById(row.messageId);
      if (!message || message.deleted) continue;
      if (row.kind === 'product') {
        cards.push({ id: row.messageId, kind: 'product', title: parseProductCard(message.message)?.title ?? '', options: [], correct: null });
      } else if (isLeadType(row.kind)) {
        cards.push({ id: row.messageId, kind: row.kind, title: parseLeadCard(message.message)?.text ?? '', options: [], correct: null });
      } else {
        const poll = parsePollCard(message.message);
        cards.push({ id: row.messageId, kind: 'poll', title: poll?.question ?? '', options: poll?.options ?? [], correct: row.correct });
      }
    }
    const shown = new Set(cards.map((card) => card.id));
    const latest = new Map<string, number>();
    const touch = (memberId: string, at: number) => latest.set(memberId, Math.max(at, latest.get(memberId) ?? at));
    for (const row of room.sql.exec<{ sender: string; at: number }>('SELECT sender, MAX(timestamp) AS at FROM messages GROUP BY sender'))
      touch(row.sender, row.at);

    const guests = new Map<string, FollowUpGuest>();
    for (const member of room.store.members.values()) {
      if (member.role === 'manager') continue;
      guests.set(member.id, {
        id: member.id,
        name: fullName(member),
        role: member.role,
        gone: member.removed,
        wanted: [],
        leads: [],
        votes: {},
        won: [],
        lastActivity: null,
      });
    }
    for (const interest of this.cards.interests()) {
      touch(interest.memberId, interest.at);
      const guest = guests.get(interest.memberId);
      if (guest && shown.has(interest.messageId)) guest.wanted.push(interest.messageId);
    }
    for (const lead of this.cards.leads()) {
      touch(lead.memberId, lead.at);
      const guest = guests.get(lead.memberId);
      if (guest && shown.has(lead.messageId) && !guest.leads.includes(lead.kind)) guest.leads.push(lead.kind);
    }
    for (const vote of this.cards.votes()) {
      touch(vote.memberId, vote.at);
      const guest = guests.get(vote.memberId);
      if (guest && shown.has(vote.messageId)) guest.votes[vote.messageId] = [...(guest.votes[vote.messageId] ?? []), vote.option].sort((a, b) => a - b);
    }
    const draws = this.raffles.all().map((draw) => {
      guests.get(draw.winnerId)?.won.push(draw.drawId);
      const winner = room.store.members.get(draw.winnerId);
      return {
        drawId: draw.drawId,
        pool: draw.pool,
        cardId: draw.cardId,
        entrants: draw.entrants.length,
        winnerId: draw.winnerId,
        winnerName: winner ? fullName(winner) : '',
        at: draw.at,
      };
    });
    for (const guest of guests.values()) guest.lastActivity = latest.get(guest.id) ?? null;
    return { cards, guests: [...guests.values()], draws };
  }
}
