/**
 * The request kinds whose round trips Salon counts (issue 40, ADR 049), made in one place for the
 * bench Worker (`/bench/kinds`, test/bench/distance.mjs) and the workers test
 * (test/workers/round-trips.test.ts): a consultant, her party with 60 messages, a guest who joined
 * it, a template, and each request as the page or the app sends it. Runs inside workerd, through
 * the production services, as the bench's other helpers do.
 */
import type { Member } from '../../app/core/protocol';
import type { SendInput } from '../../durable-objects/contract';
import { shortId } from '../../worker/auth/crypto';
import { anonymous } from '../../worker/auth/identity';
import { createSession } from '../../worker/auth/sessions';
import { socketTicketFor } from '../../worker/auth/socket-ticket';
import { database } from '../../worker/db/client';
import { profiles, users } from '../../worker/db/schema';
import type { Env } from '../../worker/env';
import { createParty, findParty, joinParty, managerMember, room, roomFacts } from '../../worker/services/parties';
import { addTemplateMessage, createTemplate } from '../../worker/services/templates';
import type { Reach, TripCounts } from './distance';
import { Trace, distantEnv } from './distance';

/** A request as JSON, so the bench's Node client can send the same one over HTTP. */
export interface KindRequest {
  kind: string;
  /** What a reader of the table calls it. */
  label: string;
  /** A guest meets it (the eu-guest goal compares these with `local`). */
  guestFacing: boolean;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A socket: the request is an upgrade, answered 101. */
  socket?: boolean;
}

/** A consultant with one profile and a session, made with the functions the OIDC callback uses. */
export async function benchConsultant(env: Env, firstName = 'Bea', lastName = 'Bench') {
  const db = database(env.DB);
  const userId = crypto.randomUUID();
  const now = Date.now();
  await db
    .insert(users)
    .values({ id: userId, oidcIssuer: 'https://issuer.bench', oidcSub: userId, email: `${userId}@salon.bench`, firstName, lastName, createdAt: now });
  const profileShortId = shortId();
  await db.insert(profiles).values({ id: crypto.randomUUID(), userId, shortId: profileShortId, firstName, lastName, createdAt: now });
  const tokens = await createSession(db, userId, null);
  return { userId, profileShortId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}

/** `count` messages in the party's log through the room's own batch path, as its manager. */
export async function fillParty(env: Env, partyId: string, count: number): Promise<void> {
  const db = database(env.DB);
  const party = await findParty(db, partyId);
  const manager: Member = await managerMember(db, party);
  for (let done = 0; done < count;) {
    const inputs: SendInput[] = [];
    for (let i = 0; i < Math.min(1000, count - done); i++) {
      inputs.push({ tempId: null, messageType: 'text', message: `History message ${done + i}: a line of text of typical length for a chat.` });
    }
    const outcome = await room(env, party).postMany(manager, roomFacts(party), inputs);
    if (!outcome.ok) throw new Error(outcome.code);
    done += outcome.value;
  }
}

const basic = (guestId: string, secretKey: string) => `Basic ${btoa(`${guestId}:${secretKey}`)}`;

/** Everything the kinds need, made fresh; `origin` is where the requests go (their Origin header). */
export async function prepareKinds(env: Env, origin: string): Promise<KindRequest[]> {
  const db = database(env.DB);
  const consultant = await benchConsultant(env);
  const party = await findParty(db, (await createParty(env, db, consultant.userId, { title: 'Round trips' }, undefined)).id);
  await fillParty(env, party.id, 60);
  const told: Promise<unknown>[] = [];
  const joined = await joinParty(env, db, { partyId: party.id }, anonymous(), { firstName: 'Gina', lastName: 'Gast' }, 'kinds', (work) => told.push(work));
  await Promise.all(told);
  const guest = joined.credentials!;
  const template = await createTemplate(db, consultant.userId, { title: 'Round trips', path: '' });
  for (let i = 0; i < 5; i++) await addTemplateMessage(db, consultant.userId, template.id, { messageType: 'text', message: `Line ${i}` });

  const guestCookie = `salon_guest=${guest.id}.${guest.secretKey}`;
  const consultantCookie = `salon_at=${consultant.accessToken}; salon_rt=${consultant.refreshToken}`;
  const bearer = `Bearer ${consultant.accessToken}`;
  const ticketFor = (headers: Record<string, string>) =>
    socketTicketFor(env.SOCKET_TICKET_SECRET, new Request(origin, { headers }), party, joined.member, { fresh: guest, checked: null });
  const ticket = await ticketFor({ Cookie: guestCookie });
  const upgrade = { Upgrade: 'websocket', Origin: origin };
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  return [
    { kind: 'page-new', label: 'party page, new guest (link opened)', guestFacing: true, method: 'GET', path: `/${party.shortId}`, headers: {} },
    {
      kind: 'page-member',
      label: 'party page, member guest (reload)',
      guestFacing: true,
      method: 'GET',
      path: `/${party.shortId}`,
      headers: { Cookie: guestCookie },
    },
    {
      kind: 'join-page',
      label: "join from the page (the form's action)",
      guestFacing: true,
      method: 'POST',
      path: `/${party.shortId}.data`,
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ firstName: 'Nina', lastName: 'Neu' }),
    },
    {
      kind: 'join-app',
      label: 'join from the app (PUT …/join)',
      guestFacing: true,
      method: 'PUT',
      path: `/api/parties/${party.id}/join`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Anton', lastName: 'App' }),
    },
    {
      kind: 'page-data',
      label: "party page's data after joining (revalidation)",
      guestFacing: true,
      method: 'GET',
      path: `/${party.shortId}.data`,
      headers: { Cookie: guestCookie },
    },
    {
      kind: 'socket-ticket',
      label: 'socket open with a ticket',
      guestFacing: true,
      method: 'GET',
      path: `/api/parties/${party.id}/socket?ticket=${encodeURIComponent(ticket ?? '')}`,
      headers: { ...upgrade, Cookie: guestCookie },
      socket: true,
    },
    {
      kind: 'socket',
      label: 'socket open without a ticket',
      guestFacing: true,
      method: 'GET',
      path: `/api/parties/${party.id}/socket`,
      headers: { ...upgrade, Cookie: guestCookie },
      socket: true,
    },
    {
      kind: 'history',
      label: 'history page (older messages)',
      guestFacing: true,
      method: 'GET',
      path: `/api/parties/${party.id}/chat?from=30`,
      headers: { Cookie: guestCookie },
    },
    {
      kind: 'rest-send',
      label: 'REST send (the app)',
      guestFacing: true,
      method: 'POST',
      path: `/api/parties/${party.id}/chat`,
      headers: { Authorization: basic(guest.id, guest.secretKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Hallo aus der App' }),
    },
    { kind: 'dashboard', label: 'dashboard (parties)', guestFacing: false, method: 'GET', path: '/parties', headers: { Cookie: consultantCookie } },
    { kind: 'media-page', label: 'media library page', guestFacing: false, method: 'GET', path: '/media', headers: { Cookie: consultantCookie } },
    {
      kind: 'media-list',
      label: "media library's listing",
      guestFacing: false,
      method: 'GET',
      path: '/api/media?path=&sort=date',
      headers: { Cookie: consultantCookie },
    },
    {
      kind: 'template-editor',
      label: "a template's editor",
      guestFacing: false,
      method: 'GET',
      path: `/templates/${template.id}`,
      headers: { Cookie: consultantCookie },
    },
    {
      kind: 'app-parties',
      label: "the companion app's party list",
      guestFacing: false,
      method: 'GET',
      path: '/api/parties',
      headers: { Authorization: bearer },
    },
  ];
}

/** The request itself, for `fetch` or a Worker's handler. */
export function kindRequest(origin: string, kind: KindRequest): Request {
  // A browser's request names its host; Remix compares an action's Origin with it.
  const headers = { Host: new URL(origin).host, ...kind.headers };
  return new Request(`${origin}${kind.path}`, { method: kind.method, headers, body: kind.body });
}

/** The round trips one request kind makes at a uniform distance (its structure, not its time). */
export interface KindCount {
  kind: string;
  label: string;
  guestFacing: boolean;
  status: number;
  counts: TripCounts;
  /** Each trip in order, for a reader who wants to know which query it was. */
  trips: { place: string; what: string }[];
}

/**
 * Every place 20 ms away: far enough that calls made together overlap and calls made one after
 * another do not, whatever the machine's own speed, so the count is the request's structure.
 */
export const COUNTING_REACH: Reach = { primary: 20, replica: 20, room: 20, r2: 20 };

type Handler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** Runs one kind through the Worker's handler with its bindings at COUNTING_REACH, counting each trip. */
export async function countKind(handler: Handler, env: Env, origin: string, kind: KindRequest, ctx: ExecutionContext): Promise<KindCount> {
  const trace = new Trace();
  const response = await handler(kindRequest(origin, kind), distantEnv(env, { reach: COUNTING_REACH, trace }), ctx);
  trace.responded();
  if (response.webSocket) {
    response.webSocket.accept();
    response.webSocket.close(1000, 'counted');
  } else await response.arrayBuffer();
  return {
    kind: kind.kind,
    label: kind.label,
    guestFacing: kind.guestFacing,
    status: response.status,
    counts: trace.counts(),
    trips: trace.trips.map((trip) => ({ place: trip.place, what: trip.what.slice(0, 120) })),
  };
}

/** A kind's recorded budget (test/fixtures/round-trip-budget.json): most sequential trips to each place and in all. */
export type KindBudget = Record<'primary' | 'replica' | 'room' | 'path', number>;

/** What a count spends beyond its budget, one line per place; empty when within it. */
export function overBudget(count: KindCount, budget: KindBudget | undefined): string[] {
  if (!budget) return [`${count.kind}: no budget recorded`];
  const spent: KindBudget = {
    primary: count.counts.primary.sequential,
    replica: count.counts.replica.sequential,
    room: count.counts.room.sequential,
    path: count.counts.path,
  };
  return (Object.keys(budget) as (keyof KindBudget)[])
    .filter((place) => spent[place] > budget[place])
    .map((place) => `${count.kind}: ${spent[place]} sequential ${place === 'path' ? 'trips in all' : `trips to the ${place}`}, budget ${budget[place]}`);
}

/** The budget a count sets: what the bench writes into test/fixtures/round-trip-budget.json. */
export function budgetOf(count: KindCount): KindBudget {
  return { primary: count.counts.primary.sequential, replica: count.counts.replica.sequential, room: count.counts.room.sequential, path: count.counts.path };
}
