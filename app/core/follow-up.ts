/**
 * The follow-up list (ADR 045): per party, for its manager, each guest with what she wanted, how she
 * voted, whether she won a draw and when she was last active. The room builds it from its own rows
 * (durable-objects/features/follow-up.ts); the page shows it and prints it; `followUpCsv` makes the export.
 */
import type { PartyRole } from './messages';
import type { RaffleDraw } from './raffle';
import type { LeadType } from './cards';
import { LEAD_TYPES, sameChoice } from './cards';
import { toCsv, csvSeparator } from './csv';

/** A card of the party, as the list names it. */
export interface FollowUpCard {
  id: string;
  kind: 'product' | 'poll' | LeadType;
  /** A product's title, a poll's question, a lead card's words. */
  title: string;
  /** A poll's answers (none for a product). */
  options: string[];
  /** A quiz's correct answers (the manager set them), null for a poll without one and a product. */
  correct: number[] | null;
}

export interface FollowUpGuest {
  id: string;
  /** The member's display name. */
  name: string;
  role: Exclude<PartyRole, 'manager'>;
  /** Removed from the party, or left it. */
  gone: boolean;
  /** The product cards she wants, by id. */
  wanted: string[];
  /** Her options per poll, by the poll's id. */
  votes: Record<string, number[]>;
  /** What she said "I'd like that" to (ADR 059): hosting a party of her own, the team; each once. */
  leads: LeadType[];
  /** The draws she won, by draw id. */
  won: string[];
  /** Epoch ms of her latest message, notice (her joining) or choice; null if none is left. */
  lastActivity: number | null;
}

export interface FollowUp {
  /** Cards in the order they were sent. */
  cards: FollowUpCard[];
  guests: FollowUpGuest[];
  draws: (RaffleDraw & { at: number })[];
}

/** The list's filter (ADR 059): every guest, or those who asked to host, or about the team. */
export const FOLLOW_UP_FILTERS = ['all', ...LEAD_TYPES] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];

export function followUpFilter(value: string | null | undefined): FollowUpFilter {
  return (FOLLOW_UP_FILTERS as readonly (string | null | undefined)[]).includes(value) ? (value as FollowUpFilter) : 'all';
}

export function filterGuests(guests: readonly FollowUpGuest[], filter: FollowUpFilter): FollowUpGuest[] {
  return filter === 'all' ? [...guests] : guests.filter((guest) => guest.leads.includes(filter));
}

/** How many members asked to host, and about the team, each counted once: the dashboard's figures. */
export interface LeadCounts {
  booking: number;
  team: number;
}

/** Counts the leads of cards still shown (`shown` says which), each member once per kind. */
export function leadCounts(leads: readonly { messageId: string; memberId: string; kind: LeadType }[], shown: (messageId: string) => boolean): LeadCounts {
  const members: Record<LeadType, Set<string>> = { booking: new Set(), team: new Set() };
  for (const lead of leads) if (shown(lead.messageId)) members[lead.kind].add(lead.memberId);
  return { booking: members.booking.size, team: members.team.size };
}

/** Whether a quiz answer is right; null for a poll without a correct answer or no vote. */
export function quizRight(card: FollowUpCard, options: readonly number[] | undefined): boolean | null {
  if (!card.correct || !options || options.length === 0) return null;
  return sameChoice(card.correct, options);
}

/** The texts the export's header and cells use, in the reader's language. */
export interface FollowUpCsvTexts {
  name: string;
  role: string;
  roles: Record<Exclude<PartyRole, 'manager'>, string>;
  wanted: string;
  /** The two lead columns' headers (ADR 059). */
  lead: Record<LeadType, string>;
  won: string;
  yes: string;
  lastActivity: string;
  right: string;
  wrong: string;
}

/** `YYYY-MM-DD HH:MM` in the time zone, which every spreadsheet reads as a date and time. */
function sheetTime(at: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * The list as a CSV file for a spreadsheet in `language` (csv.ts: BOM, CRLF, its separator, formula
 * starts made inert): one row per guest, one column per poll (her answers, and for a quiz whether
 * they were right).
 */
export function followUpCsv(list: FollowUp, texts: FollowUpCsvTexts, language: string, timeZone: string): string {
  const products = new Map(list.cards.filter((card) => card.kind === 'product').map((card) => [card.id, card.title]));
  const polls = list.cards.filter((card) => card.kind === 'poll');
  const header = [
    texts.name,
    texts.role,
    texts.wanted,
    ...LEAD_TYPES.map((kind) => texts.lead[kind]),
    ...polls.map((poll) => poll.title),
    texts.won,
    texts.lastActivity,
  ];
  const rows = list.guests.map((guest) => [
    guest.name,
    texts.roles[guest.role],
    guest.wanted.flatMap((id) => products.get(id) ?? []).join(', '),
    ...LEAD_TYPES.map((kind) => (guest.leads.includes(kind) ? texts.yes : '')),
    ...polls.map((poll) => {
      const chosen = guest.votes[poll.id];
      const answers = (chosen ?? []).map((option) => poll.options[option] ?? '').join(', ');
      const right = quizRight(poll, chosen);
      return right === null ? answers : `${answers} (${right ? texts.right : texts.wrong})`;
    }),
    guest.won.length > 0 ? texts.yes : '',
    guest.lastActivity === null ? '' : sheetTime(guest.lastActivity, timeZone),
  ]);
  return toCsv([header, ...rows], csvSeparator(language));
}

/** A time zone the platform knows, else UTC (the export's `tz` comes from the reader's browser). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
