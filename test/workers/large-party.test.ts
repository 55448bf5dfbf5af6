import { env, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatState } from '../../app/core/chat-state';
import { chatReducer, initialChatState } from '../../app/core/chat-state';
import { MARKERS, markerOf } from '../../app/core/markers';
import type { ChatMessage, Member, PresenceEvent, ServerEvent } from '../../app/core/protocol';
import { ROSTER } from '../../app/core/roster';
import type { PartyRoom } from '../../durable-objects/party-room';
import { describeAnomalies } from '../support/zero-loss-checker';
import type { Participant } from '../support/zero-loss-driver';
import { runZeroLoss, zeroLossOptions } from '../support/zero-loss-driver';
import { apiInPlace, connect, connected, createConsultant, createParty, joinGuest, json, tells, textMessage, zeroLossTransport, partyRoom } from './fixtures';
import type { Consultant, Guest, PartyRecord, TestSocket } from './fixtures';

/**
 * Large parties (ADR 035): presence as one frame per room and window, counts and a first page for
 * guests of a room above ROSTER.fullMax members, the roster paged on demand, batch frames, no join
 * notices in a large room, and a restart of a room with many sockets. Guests and sockets are made
 * through the Worker's fetch handler in place (fixtures.ts fetchInPlace): this file makes hundreds.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for what the room holds back to leave: a presence window and then some. */
const settle = () => pause(ROSTER.flushMs * 3);
/** The same for a large room's guests, whose frames that only move the counts wait for ROSTER.guestCountsMs. */
const settleCounts = () => pause(ROSTER.guestCountsMs + ROSTER.flushMs * 3);

function stub(partyId: string) {
  return partyRoom(partyId);
}

/** `count` guests named Gast{from}…, joined ten at a time. */
async function joinGuests(partyId: string, count: number, from = 0): Promise<Guest[]> {
  const guests: Guest[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, k) =>
      joinGuest(partyId, { firstName: `Gast${from + i + k}`, lastName: 'Test' }, apiInPlace),
    );
    guests.push(...(await Promise.all(batch)));
  }
  return guests;
}

const open = (partyId: string, headers: Record<string, string>) => connected(partyId, headers, undefined, true);

/** A socket upgraded but not joined yet: its member is not online until it joins. */
async function upgraded(partyId: string, headers: Record<string, string>): Promise<TestSocket> {
  const socket = await connect(partyId, headers, true);
  if (typeof socket === 'number') throw new Error(`socket refused: ${socket}`);
  return socket;
}

/**
 * Starts a presence window and returns when it has begun: a quiet room sends a change at once, and
 * holds what follows within ROSTER.flushMs for one frame at the window's end. The change is the
 * manager's own receipt (`seq`), which only she hears of.
 */
async function startWindow(manager: TestSocket, managerId: string, seq: number): Promise<void> {
  manager.send({ type: 'updateSeen', seq });
  await manager.next('presence', 3000, (frame) => frame.seen?.[managerId] === seq);
}

/** Takes the presence frames received so far out of the socket's queue. */
function takePresence(socket: TestSocket): PresenceEvent[] {
  const taken = socket.all('presence');
  const rest = socket.events.filter((event) => event.type !== 'presence');
  socket.events.splice(0, socket.events.length, ...rest);
  return taken;
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

/** What a run of presence frames told: the last word on each member, and the last counts. */
function told(frames: PresenceEvent[]) {
  const joined = new Set<string>();
  const state = new Map<string, 'online' | 'offline'>();
  const seen: Record<string, number> = {};
  for (const frame of frames) {
    for (const member of frame.joined ?? []) joined.add(member.id);
    for (const id of frame.offline ?? []) state.set(id, 'offline');
    for (const id of frame.online ?? []) state.set(id, 'online');
    Object.assign(seen, frame.seen ?? {});
  }
  const last = frames.at(-1);
  return {
    memberCount: last?.memberCount,
    onlineCount: last?.onlineCount,
    joined: sorted(joined),
    online: sorted([...state].flatMap(([id, now]) => (now === 'online' ? [id] : []))),
    offline: sorted([...state].flatMap(([id, now]) => (now === 'offline' ? [id] : []))),
    seen,
  };
}

/** The state a party page reaches from every frame this socket received, batches whole. */
const pageState = (socket: TestSocket): ChatState => socket.frames.reduce((state, event) => chatReducer(state, { type: 'server', event }), initialChatState);

/** Receipts with their zeros left out: a member who never read may be listed at 0 or not at all. */
const read = (seen: Record<string, number>) => Object.fromEntries(Object.entries(seen).filter(([, seq]) => seq > 0));

/** The room's own record: its active members, who has a joined socket, and how far each has read. */
async function roomTruth(partyId: string) {
  return runInDurableObject(stub(partyId), (room: PartyRoom) => {
    const members = room.store.activeMembers();
    const online = room.kernel.online();
    return {
      memberCount: members.length,
      onlineCount: online.length,
      members: sorted(members.map((member) => member.id)),
      online: sorted(online),
      seen: read(Object.fromEntries(members.map((member) => [member.id, member.seenSeq]))),
    };
  });
}

/** Every message of the party, oldest first, as its manager reads it through the API. */
async function wholeLog(partyId: string, consultant: Consultant): Promise<ChatMessage[]> {
  let messages: ChatMessage[] = [];
  let before: number | undefined;
  for (;;) {
    const response = await apiInPlace(`/parties/${partyId}/chat${before === undefined ? '' : `?from=${before}`}`, { headers: consultant.headers });
    const page = await json<{ messages: ChatMessage[]; hasMore: boolean }>(response);
    messages = [...page.messages, ...messages];
    if (!page.hasMore || page.messages.length === 0) return messages;
    before = page.messages[0]!.seq;
  }
}

// ---- a small room ------------------------------------------------------------------------------

describe('presence in a small room', () => {
  it('changes in one window leave as one frame, stating where each changed member is now, with the counts, to the manager and the guests alike', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const [maria, tom, ben] = await joinGuests(party.id, 3);
    const manager = (await open(party.id, consultant.headers)).socket;
    const mariaSocket = (await open(party.id, maria!.headers)).socket;
    const tomSocket = (await open(party.id, tom!.headers)).socket;
    const benSocket = await upgraded(party.id, ben!.headers);
    await settle();
    takePresence(manager);
    takePresence(mariaSocket);

    // Within one window: Tom's socket closes, Ben's joins.
    await startWindow(manager, consultant.userId, 1);
    tomSocket.close();
    benSocket.join();
    await settle();
    const change = { memberCount: 4, onlineCount: 3, joined: [], online: [ben!.guestId], offline: [tom!.guestId], seen: {} };
    const toManager = takePresence(manager);
    expect(toManager, JSON.stringify(toManager)).toHaveLength(1);
    expect(told(toManager)).toEqual(change);
    const toMaria = takePresence(mariaSocket);
    expect(toMaria, JSON.stringify(toMaria)).toHaveLength(1);
    expect(told(toMaria)).toEqual(change);

    // Tom comes online and goes again within one window: he is where he was, offline, and is said to be.
    const tomAgain = await upgraded(party.id, tom!.headers);
    await startWindow(manager, consultant.userId, 2);
    tomAgain.join();
    tomAgain.close();
    await settle();
    for (const socket of [manager, mariaSocket]) {
      const flicker = takePresence(socket);
      expect(flicker).toHaveLength(1);
      expect(told(flicker)).toEqual({ memberCount: 4, onlineCount: 3, joined: [], online: [], offline: [tom!.guestId], seen: {} });
    }

    // A newcomer: the whole member, to everyone of a small room.
    const cem = await joinGuest(party.id, { firstName: 'Cem', lastName: 'Yılmaz' }, apiInPlace);
    await settle();
    const cemMember: Member = { id: cem.guestId, firstName: 'Cem', lastName: 'Yılmaz', role: 'guest' };
    for (const socket of [manager, mariaSocket]) {
      const frames = takePresence(socket);
      expect(frames.flatMap((frame) => frame.joined ?? [])).toEqual([cemMember]);
      expect(told(frames)).toMatchObject({ memberCount: 5, onlineCount: 3, online: [], offline: [] });
    }
    for (const socket of [manager, mariaSocket, benSocket]) socket.close();
  });

  it('a page welcomed within a window ends with the online set of the room, changes before its welcome included', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const [maria, tom] = await joinGuests(party.id, 2);
    const manager = (await open(party.id, consultant.headers)).socket;
    const tomSocket = await upgraded(party.id, tom!.headers);
    await settle();

    // Within one window: Tom comes online, Maria's page opens (its welcome shows Tom online), Tom goes.
    await startWindow(manager, consultant.userId, 1);
    tomSocket.join();
    await tomSocket.next('welcome');
    const late = await open(party.id, maria!.headers);
    expect(late.welcome.online).toContain(tom!.guestId);
    tomSocket.close();
    await settle();
    const state = pageState(late.socket);
    expect({ online: sorted(state.online), onlineCount: state.onlineCount }).toEqual({
      online: sorted([consultant.userId, maria!.guestId]),
      onlineCount: 2,
    });
    manager.close();
    late.socket.close();
  });

  it('a burst of arrivals leaves as at most one presence frame per window', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guests = await joinGuests(party.id, 12);
    const manager = (await open(party.id, consultant.headers)).socket;
    const sockets = await Promise.all(guests.map((guest) => upgraded(party.id, guest.headers)));
    await settle();
    takePresence(manager);

    const started = Date.now();
    for (const socket of sockets) {
      socket.join();
      await pause(ROSTER.flushMs / 4);
    }
    const elapsed = Date.now() - started;
    await settle();
    const frames = takePresence(manager);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(elapsed / ROSTER.flushMs) + 2);
    expect(frames.length).toBeLessThan(guests.length);
    expect(told(frames)).toEqual({
      memberCount: 13,
      onlineCount: 13,
      joined: [],
      online: sorted(guests.map((guest) => guest.guestId)),
      offline: [],
      seen: {},
    });
    for (const socket of [manager, ...sockets]) socket.close();
  });

  it("receipts: the manager hears everyone's, a guest only her own, the newest of a window only", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const [maria, tom] = await joinGuests(party.id, 2);
    const manager = (await open(party.id, consultant.headers)).socket;
    const mariaSocket = (await open(party.id, maria!.headers)).socket;
    const tomSocket = (await open(party.id, tom!.headers)).socket;
    for (const text of ['eins', 'zwei', 'drei']) {
      manager.send(textMessage(text));
      await manager.next('ack');
    }
    await settle();
    for (const socket of [manager, mariaSocket, tomSocket]) takePresence(socket);

    await startWindow(manager, consultant.userId, 1);
    mariaSocket.send({ type: 'updateSeen', seq: 1 });
    mariaSocket.send({ type: 'updateSeen', seq: 3 });
    tomSocket.send({ type: 'updateSeen', seq: 2 });
    await settle();
    const withSeen = (socket: TestSocket) => takePresence(socket).filter((frame) => frame.seen !== undefined);
    const toManager = withSeen(manager);
    expect(toManager).toHaveLength(1);
    expect(toManager[0]!.seen).toEqual({ [maria!.guestId]: 3, [tom!.guestId]: 2 });
    expect(withSeen(mariaSocket).map((frame) => frame.seen)).toEqual([{ [maria!.guestId]: 3 }]);
    expect(withSeen(tomSocket).map((frame) => frame.seen)).toEqual([{ [tom!.guestId]: 2 }]);
    for (const socket of [manager, mariaSocket, tomSocket]) socket.close();
  });

  it("the welcome: the counts and the whole roster; a guest's receipts are her own, the manager's everyone's", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const [maria, tom] = await joinGuests(party.id, 2);
    const everyone = sorted([consultant.userId, maria!.guestId, tom!.guestId]);
    const manager = await open(party.id, consultant.headers);
    expect(manager.welcome).toMatchObject({ memberCount: 3, onlineCount: 1, roster: 'full', online: [consultant.userId] });
    expect(sorted(manager.welcome.members.map((member) => member.id))).toEqual(everyone);
    expect(sorted(Object.keys(manager.welcome.seen))).toEqual(everyone);

    const guest = await open(party.id, maria!.headers);
    expect(guest.welcome).toMatchObject({ memberCount: 3, onlineCount: 2, roster: 'full' });
    expect(sorted(guest.welcome.members.map((member) => member.id))).toEqual(everyone);
    expect(sorted(guest.welcome.online)).toEqual(sorted([consultant.userId, maria!.guestId]));
    expect(Object.keys(guest.welcome.seen)).toEqual([maria!.guestId]);
    manager.socket.close();
    guest.socket.close();
  });

  it('a client that does not ask for batch frames gets the same events one per frame', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guests = await joinGuests(party.id, 8);
    const batching = (await open(party.id, consultant.headers)).socket;
    const single = await upgraded(party.id, guests[0]!.headers);
    single.join(undefined, false);
    await single.next('welcome');
    const senders = await Promise.all(guests.slice(1).map(async (guest) => (await open(party.id, guest.headers)).socket));
    await settle();

    // Everyone talks at once: a busy room.
    for (let round = 0; round < 5; round++) for (const [n, sender] of senders.entries()) sender.send(textMessage(`Runde ${round} von ${n}`));
    const total = senders.length * 5;
    const newMessages = (socket: TestSocket) => socket.events.filter((event) => event.type === 'newMessage');
    const end = Date.now() + 10_000;
    while ((newMessages(batching).length < total || newMessages(single).length < total) && Date.now() < end) await pause(20);

    const seqs = (socket: TestSocket) => newMessages(socket).map((event) => event.seq);
    expect(seqs(batching)).toHaveLength(total);
    expect(seqs(single)).toEqual(seqs(batching));
    // In order, without a gap.
    expect(seqs(batching)).toEqual(Array.from({ length: total }, (_, i) => seqs(batching)[0]! + i));
    expect(single.frames.filter((frame) => frame.type === 'batch')).toEqual([]);
    // The busy room did batch for the client that asked.
    expect(batching.frames.some((frame) => frame.type === 'batch')).toBe(true);
    for (const socket of [batching, single, ...senders]) socket.close();
  });
});

// ---- a large room ------------------------------------------------------------------------------

interface LargeParty {
  consultant: Consultant;
  party: PartyRecord;
  guests: Guest[];
  host: Guest;
  /** Guests who wrote last, the later one last. */
  writers: [Guest, Guest];
}

let large: Promise<LargeParty> | null = null;

/**
 * One room of ROSTER.fullMax + 1 guests (a member above the limit, manager included), shared by
 * the tests below (they add members and open sockets, and close what they open): a host among
 * them, and two guests who wrote last.
 */
function largeParty(): Promise<LargeParty> {
  large ??= (async () => {
    const consultant = await createConsultant({ name: 'Lena' });
    const party = await createParty(consultant);
    // The manager opens her party first, as she does: the room counts her from then on.
    (await open(party.id, consultant.headers)).socket.close();
    const guests = await joinGuests(party.id, ROSTER.fullMax + 1);
    const host = guests[60]!;
    const made = await apiInPlace(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: host.guestId } });
    expect(made.status).toBe(204);
    const writers: [Guest, Guest] = [guests[90]!, guests[91]!];
    for (const writer of writers) {
      const posted = await apiInPlace(`/parties/${party.id}/chat`, { method: 'POST', headers: writer.headers, body: { message: 'Hallo zusammen' } });
      expect(posted.status).toBe(201);
    }
    return { consultant, party, guests, host, writers };
  })();
  return large;
}

describe('a large room', () => {
  it('keeps join notices while the room has at most fullMax members, and none above', async () => {
    const { consultant, party } = await largeParty();
    const notices = (await wholeLog(party.id, consultant)).filter((message) => markerOf(message) === 'guestJoined');
    // The 1st to the 99th guest: the room had at most fullMax members with each of them.
    expect(notices).toHaveLength(ROSTER.fullMax - 1);
    expect(notices.every((message) => message.message === MARKERS.guestJoined)).toBe(true);

    const manager = (await open(party.id, consultant.headers)).socket;
    const newcomer = await joinGuest(party.id, { firstName: 'Nina', lastName: 'Spät' }, apiInPlace);
    const joined = await manager.next('presence', 3000, (frame) => tells(frame, 'joined', newcomer.guestId));
    expect(joined.memberCount).toBeGreaterThan(ROSTER.fullMax);
    await settle();
    expect(manager.all('newMessage')).toEqual([]);
    expect((await wholeLog(party.id, consultant)).filter((message) => markerOf(message) === 'guestJoined')).toHaveLength(ROSTER.fullMax - 1);
    manager.close();
  });

  it("a guest's welcome: the counts and the first page, manager and hosts first, herself, then the latest writers; her own receipts only", async () => {
    const { consultant, party, guests, host, writers } = await largeParty();
    // The sockets earlier tests closed are gone from the room.
    await settle();
    const manager = await open(party.id, consultant.headers);
    const everyone = manager.welcome.members.map((member) => member.id);
    expect(manager.welcome).toMatchObject({ roster: 'full', memberCount: everyone.length });
    expect(everyone.length).toBeGreaterThan(ROSTER.fullMax);
    expect(sorted(Object.keys(manager.welcome.seen))).toEqual(sorted(everyone));

    const reader = guests[100]!;
    const { socket, welcome } = await open(party.id, reader.headers);
    expect(welcome).toMatchObject({ roster: 'page', memberCount: everyone.length, onlineCount: 2 });
    expect(welcome.members).toHaveLength(ROSTER.page);
    expect(welcome.members.slice(0, 5).map((member) => member.id)).toEqual([
      consultant.userId,
      host.guestId,
      reader.guestId,
      writers[1].guestId,
      writers[0].guestId,
    ]);
    expect(welcome.members[1]!.role).toBe('host');
    expect(new Set(welcome.members.map((member) => member.id)).size).toBe(ROSTER.page);
    expect(welcome.members.every((member) => everyone.includes(member.id))).toBe(true);
    expect(sorted(welcome.online)).toEqual(sorted([consultant.userId, reader.guestId]));
    expect(welcome.seen).toEqual({ [reader.guestId]: expect.any(Number) });
    manager.socket.close();
    socket.close();
  });

  it('presence: the manager hears every change, guests the counts and the changes of the manager and hosts only', async () => {
    const { consultant, party, guests, host } = await largeParty();
    // The sockets earlier tests closed are gone from the room.
    await settle();
    const manager = (await open(party.id, consultant.headers)).socket;
    const reader = (await open(party.id, guests[100]!.headers)).socket;
    const hostSocket = (await open(party.id, host.headers)).socket;
    const plain = await upgraded(party.id, guests[5]!.headers);
    await settle();
    const before = takePresence(manager).at(-1)?.memberCount ?? (await roomTruth(party.id)).memberCount;
    takePresence(reader);

    plain.join();
    hostSocket.close();
    const newcomer = await joinGuest(party.id, { firstName: 'Nora', lastName: 'Neu' }, apiInPlace);
    await settle();
    const toManager = takePresence(manager);
    expect(told(toManager)).toEqual({
      memberCount: before + 1,
      onlineCount: 3,
      joined: [newcomer.guestId],
      online: [guests[5]!.guestId],
      offline: [host.guestId],
      seen: {},
    });
    // The guest heard the host go at once; the counts that moved after it come within ROSTER.guestCountsMs.
    await settleCounts();
    const toReader = takePresence(reader);
    expect(toReader.flatMap((frame) => frame.joined ?? [])).toEqual([]);
    expect(toReader.length).toBeLessThanOrEqual(toManager.length);
    expect(told(toReader)).toEqual({ memberCount: before + 1, onlineCount: 3, joined: [], online: [], offline: [host.guestId], seen: {} });

    // The host comes back and the manager goes: guests hear of both.
    const hostAgain = (await open(party.id, host.headers)).socket;
    manager.close();
    await settle();
    expect(told(takePresence(reader))).toMatchObject({ onlineCount: 3, online: [host.guestId], offline: [consultant.userId] });
    for (const socket of [reader, hostAgain, plain]) socket.close();
  });

  it('a burst of arrivals: the manager hears every window, a guest the counts at most every ROSTER.guestCountsMs, and both end right', async () => {
    const { consultant, party, guests } = await largeParty();
    await settle();
    const manager = (await open(party.id, consultant.headers)).socket;
    const reader = (await open(party.id, guests[99]!.headers)).socket;
    const arriving = await Promise.all(guests.slice(60, 72).map((guest) => upgraded(party.id, guest.headers)));
    await settleCounts();
    takePresence(manager);
    takePresence(reader);

    const started = Date.now();
    for (const socket of arriving) {
      socket.join();
      await pause(ROSTER.flushMs);
    }
    const elapsed = Date.now() - started;
    await settleCounts();
    const truth = await roomTruth(party.id);
    const toManager = takePresence(manager);
    const toReader = takePresence(reader);
    expect(told(toManager)).toMatchObject({ memberCount: truth.memberCount, onlineCount: truth.onlineCount });
    expect(told(toReader)).toMatchObject({ memberCount: truth.memberCount, onlineCount: truth.onlineCount });
    expect(toManager.length).toBeGreaterThan(arriving.length / 2);
    expect(toReader.length).toBeLessThanOrEqual(Math.ceil(elapsed / ROSTER.guestCountsMs) + 1);
    for (const socket of [manager, reader, ...arriving]) socket.close();
  });

  it('pages: every member exactly once, manager and hosts first; bad offsets are refused and change nothing', async () => {
    const { consultant, party, guests, host } = await largeParty();
    // The sockets earlier tests closed are gone from the room.
    await settle();
    const manager = await open(party.id, consultant.headers);
    const everyone = manager.welcome.members.map((member) => member.id);
    const reader = (await open(party.id, guests[100]!.headers)).socket;

    for (const offset of [-1, 0.5, '0', null, 1e300]) {
      reader.send({ type: 'members', offset });
      expect(await reader.next('error'), `offset ${JSON.stringify(offset)}`).toEqual({ type: 'error', code: 'invalidFrame' });
    }
    reader.send({ type: 'members' });
    expect(await reader.next('error')).toEqual({ type: 'error', code: 'invalidFrame' });
    expect(reader.all('members')).toEqual([]);

    const listed: string[] = [];
    const online = new Set<string>();
    for (let offset = 0; offset < everyone.length;) {
      reader.send({ type: 'members', offset });
      const page = await reader.next('members', 3000, (event) => event.offset === offset);
      expect(page.memberCount).toBe(everyone.length);
      expect(page.members).toHaveLength(Math.min(ROSTER.page, everyone.length - offset));
      const ids = page.members.map((member) => member.id);
      expect(page.online.every((id) => ids.includes(id))).toBe(true);
      for (const id of page.online) online.add(id);
      listed.push(...ids);
      offset += page.members.length;
    }
    expect(listed.length).toBe(new Set(listed).size);
    expect(sorted(listed)).toEqual(sorted(everyone));
    expect(listed.slice(0, 2)).toEqual([consultant.userId, host.guestId]);
    expect(sorted(online)).toEqual(sorted([consultant.userId, guests[100]!.guestId]));

    reader.send({ type: 'members', offset: everyone.length });
    expect(await reader.next('members')).toMatchObject({ offset: everyone.length, memberCount: everyone.length, members: [], online: [] });

    // The page the reader's client builds from all that: everyone, and the right counts.
    const state = pageState(reader);
    expect(state).toMatchObject({ roster: 'page', memberCount: everyone.length, onlineCount: 2 });
    expect(sorted(state.members.map((member) => member.id))).toEqual(sorted(everyone));
    expect(sorted(state.online)).toEqual(sorted([consultant.userId, guests[100]!.guestId]));
    manager.socket.close();
    reader.close();
  });

  it('a removed guest is out of the pages and the counts, and cannot page', async () => {
    const { consultant, party, guests } = await largeParty();
    const reader = (await open(party.id, guests[100]!.headers)).socket;
    const gone = guests[7]!;
    const goneSocket = (await open(party.id, gone.headers)).socket;
    await settle();
    const before = (await roomTruth(party.id)).memberCount;
    takePresence(reader);

    const removed = await apiInPlace(`/parties/${party.id}/removeGuest/${gone.guestId}`, { method: 'DELETE', headers: consultant.headers });
    expect(removed.status).toBe(204);
    expect((await goneSocket.closedWith()).code).toBeGreaterThan(0);
    expect(await connect(party.id, gone.headers, true)).toBe(403);
    await settleCounts();
    expect(told(takePresence(reader))).toMatchObject({ memberCount: before - 1 });

    const listed: string[] = [];
    for (let offset = 0; offset < before; offset += ROSTER.page) {
      reader.send({ type: 'members', offset });
      listed.push(...(await reader.next('members', 3000, (event) => event.offset === offset)).members.map((member) => member.id));
    }
    expect(listed).toHaveLength(before - 1);
    expect(listed).not.toContain(gone.guestId);
    reader.close();
  });
});

// ---- the counts a client keeps are the room's ----------------------------------------------------

type Op =
  | { kind: 'join' }
  | { kind: 'open'; who: number }
  | { kind: 'close'; who: number }
  | { kind: 'seen'; who: number; seq: number }
  | { kind: 'pause'; ms: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'join' as const }),
  fc.record({ kind: fc.constant('open' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('open' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('close' as const), who: fc.nat() }),
  fc.record({ kind: fc.constant('seen' as const), who: fc.nat(), seq: fc.nat({ max: 12 }) }),
  fc.record({ kind: fc.constant('pause' as const), ms: fc.integer({ min: 0, max: ROSTER.flushMs + 50 }) }),
);

describe('the counts, online set and receipts a client keeps', () => {
  it("end equal to the room's after any interleaving of joins, sockets opening and closing, and receipts", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.boolean(), async (ops, inLarge) => {
        runs++;
        let partyId: string;
        let consultant: Consultant;
        let pool: Guest[];
        if (inLarge) {
          const shared = await largeParty();
          ({ consultant } = shared);
          partyId = shared.party.id;
          pool = shared.guests.slice(10, 16);
        } else {
          consultant = await createConsultant();
          partyId = (await createParty(consultant)).id;
          pool = await joinGuests(partyId, 2);
        }
        const observer = pool[0]!;
        const manager = (await open(partyId, consultant.headers)).socket;
        const guestView = (await open(partyId, observer.headers)).socket;
        manager.send(textMessage('Willkommen'));
        await manager.next('ack');
        const sockets = new Map<string, TestSocket[]>();
        const all: TestSocket[] = [manager, guestView];
        try {
          for (const step of ops) {
            if (step.kind === 'join') pool.push(await joinGuest(partyId, { firstName: `Neu${pool.length}`, lastName: 'Test' }, apiInPlace));
            else if (step.kind === 'pause') await pause(step.ms);
            else {
              const guest = pool[step.who % pool.length]!;
              const own = sockets.get(guest.guestId) ?? [];
              sockets.set(guest.guestId, own);
              if (step.kind === 'open') {
                // Joined without waiting for the welcome: the next step may come first.
                const socket = await upgraded(partyId, guest.headers);
                socket.join();
                own.push(socket);
                all.push(socket);
              } else if (step.kind === 'close') own.shift()?.close();
              else own[0]?.send({ type: 'updateSeen', seq: step.seq });
            }
          }
          const expectedOnline = sorted(new Set([consultant.userId, observer.guestId, ...[...sockets].flatMap(([id, open]) => (open.length > 0 ? [id] : []))]));
          const managerView = () => {
            const state = pageState(manager);
            return {
              memberCount: state.memberCount,
              onlineCount: state.onlineCount,
              members: sorted(state.members.map((member) => member.id)),
              online: sorted(state.online),
              seen: read(state.seen),
            };
          };
          let truth = await roomTruth(partyId);
          const end = Date.now() + 3000;
          while (JSON.stringify(managerView()) !== JSON.stringify(truth) && Date.now() < end) {
            await pause(50);
            truth = await roomTruth(partyId);
          }
          // A large room's guests hear counts that moved at most every ROSTER.guestCountsMs.
          if (inLarge) await settleCounts();
          const context = JSON.stringify({ inLarge, ops });
          // The room agrees with what the sockets did.
          expect(truth.online, context).toEqual(expectedOnline);
          expect(managerView(), context).toEqual(truth);
          const guestState = pageState(guestView);
          expect({ memberCount: guestState.memberCount, onlineCount: guestState.onlineCount }, context).toEqual({
            memberCount: truth.memberCount,
            onlineCount: truth.onlineCount,
          });
          expect(read(guestState.seen), context).toEqual(read({ [observer.guestId]: truth.seen[observer.guestId] ?? 0 }));
          if (!inLarge) {
            expect(sorted(guestState.members.map((member) => member.id)), context).toEqual(truth.members);
            expect(sorted(guestState.online), context).toEqual(truth.online);
          }
          // Every page still open, welcomed at any point of the run, ends where the room is.
          for (const socket of [...sockets.values()].flat()) {
            const state = pageState(socket);
            expect({ memberCount: state.memberCount, onlineCount: state.onlineCount }, context).toEqual({
              memberCount: truth.memberCount,
              onlineCount: truth.onlineCount,
            });
            if (!inLarge) expect(sorted(state.online), context).toEqual(truth.online);
          }
        } finally {
          for (const socket of all) socket.close();
          await settle();
        }
      }),
      { numRuns: 20 },
    );
    expect(runs).toBe(20);
  }, 120_000);
});

// ---- a restart ---------------------------------------------------------------------------------

describe('a room restarted under 30 and more sockets', () => {
  it('every client resumes from its last seq: nothing lost, doubled or out of order', async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant);
    const guests = await joinGuests(party.id, 33);
    const participants: Participant<Record<string, string>>[] = [
      { name: 'manager', memberId: consultant.userId, credentials: consultant.headers },
      ...guests.map((guest, n) => ({ name: `guest${n + 1}`, memberId: guest.guestId, credentials: guest.headers })),
    ];
    const options = zeroLossOptions(
      {},
      { seed: Date.now() % 100_000, messagesPerClient: 3, evictions: 1, dropRate: 0, repeatRate: 0.1, window: 2, timeoutMs: 45_000 },
    );
    const run = await runZeroLoss(zeroLossTransport(party.id), participants, options);
    const context = `seed ${options.seed}; ${JSON.stringify(run.stats)}`;
    expect(describeAnomalies(run.result), context).toBe('');
    expect(run.unacked, context).toEqual([]);
    expect(run.behind, context).toEqual([]);
    expect(run.stats.evictions, context).toBe(1);
    // Every socket came back after the restart.
    expect(run.stats.reconnects, context).toBeGreaterThanOrEqual(participants.length);
    const serverRead = run.history.events.findLast((event) => event.type === 'read' && event.client === 'server');
    expect(serverRead?.type === 'read' && serverRead.messages.length, context).toBe(run.stats.messages);
  }, 90_000);
});
