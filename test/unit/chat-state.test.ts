import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENDED_BY_ERROR, chatReducer, initialChatState, mayResend, upsertMessage, type ChatAction, type ChatState } from '../../app/core/chat-state';
import { ERROR_STATUS, type ErrorCode } from '../../app/core/errors';
import { MARKERS } from '../../app/core/markers';
import { PROTOCOL_VERSION, type ChatEvent, type ChatMessage, type HeadingEntry, type Member, type ServerEvent } from '../../app/core/protocol';

// ---- fixtures --------------------------------------------------------------------------------

const me: Member = { id: 'guest-me', firstName: 'Anna', lastName: 'Weiß', role: 'guest' };
const manager: Member = { id: 'manager-1', firstName: 'Clara', lastName: 'Berater', role: 'manager' };
const other: Member = { id: 'guest-2', firstName: 'Ben', lastName: 'Müller', role: 'guest' };

const tempIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The message created by the event with this seq. */
function message(seq: number, fields: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `msg-${seq}`,
    seq,
    tempId: null,
    sender: other.id,
    senderType: 'guest',
    senderName: 'Ben Müller',
    messageType: 'text',
    message: `message ${seq}`,
    replyingTo: null,
    timestamp: 1_700_000_000_000 + seq * 1000,
    editedAt: null,
    deleted: false,
    forwarded: false,
    ...fields,
  };
}

const mine = (seq: number, tempId: string) => message(seq, { sender: me.id, senderName: 'Anna Weiß', tempId });

const server = (event: ServerEvent): ChatAction => ({ type: 'server', event });
const newMessage = (m: ChatMessage, seq = m.seq): ChatAction => server({ type: 'newMessage', seq, message: m });
const updated = (seq: number, m: ChatMessage): ChatAction => server({ type: 'updatedMessage', seq, message: m });

function welcome(fields: Partial<Extract<ServerEvent, { type: 'welcome' }>> = {}): ChatAction {
  return server({
    type: 'welcome',
    protocolVersion: PROTOCOL_VERSION,
    mode: 'snapshot',
    messages: [],
    hasMore: false,
    events: [],
    headings: [],
    partyId: 'party-1',
    me,
    members: [manager, me, other],
    online: [manager.id, me.id],
    memberCount: 3,
    onlineCount: 2,
    roster: 'full',
    restrictedMessaging: false,
    expired: false,
    seen: { [manager.id]: 0 },
    seq: 0,
    ...fields,
  });
}

const replay = (events: ChatEvent[], fields: Partial<Extract<ServerEvent, { type: 'welcome' }>> = {}) =>
  welcome({ mode: 'replay', events, seq: events.at(-1)?.seq ?? 0, ...fields });

const run = (actions: ChatAction[], state: ChatState = initialChatState) => actions.reduce(chatReducer, state);
const ids = (state: ChatState) => state.messages.map((m) => m.id);

/** Ready with messages 1..n from someone else. */
const withMessages = (n: number) =>
  run([
    welcome({
      messages: Array.from({ length: n }, (_, i) => message(i + 1)),
      seq: n,
    }),
  ]);

// ---- welcome ---------------------------------------------------------------------------------

describe('welcome', () => {
  it('a snapshot sets messages, lastSeq, members, online, seen and the restriction', () => {
    const messages = [message(3), message(4), message(5)];
    const state = run([welcome({ messages, hasMore: true, seq: 7, restrictedMessaging: true, seen: { [other.id]: 4 } })]);
    expect(state.ready).toBe(true);
    expect(state.me).toEqual(me);
    expect(state.messages).toEqual(messages);
    expect(state.lastSeq).toBe(7);
    expect(state.hasMore).toBe(true);
    expect(state.members).toEqual([manager, me, other]);
    expect(state.online).toEqual([manager.id, me.id]);
    expect(state.seen).toEqual({ [other.id]: 4 });
    expect(state.restrictedMessaging).toBe(true);
    expect(state.needsResync).toBeNull();
  });

  it('a snapshot replaces the messages the client had', () => {
    const state = run([welcome({ messages: [message(1), message(2)], seq: 2 }), welcome({ messages: [message(9)], seq: 9 })]);
    expect(ids(state)).toEqual(['msg-9']);
    expect(state.lastSeq).toBe(9);
  });

  it('a snapshot drops pending messages it contains as mine, and keeps the others', () => {
    const acked = tempIdOf(1);
    const stillPending = tempIdOf(2);
    const state = run([
      { type: 'queued', tempId: acked, message: 'hi', at: 1 },
      { type: 'queued', tempId: stillPending, message: 'there', at: 2 },
      welcome({ messages: [message(1), mine(2, acked)], seq: 2 }),
    ]);
    expect(state.pending.map((p) => p.tempId)).toEqual([stillPending]);
  });

  it('a snapshot only drops pending messages by tempId when the message is mine', () => {
    const tempId = tempIdOf(1);
    const state = run([
      { type: 'queued', tempId, message: 'hi', at: 1 },
      // Someone else's message that happens to carry the same tempId.
      welcome({ messages: [message(1, { tempId })], seq: 1 }),
    ]);
    expect(state.pending.map((p) => p.tempId)).toEqual([tempId]);
  });

  it('a queued media message keeps its file until the room has it, and a text has none', () => {
    const photo = tempIdOf(1);
    const text = tempIdOf(2);
    const file = '0000000000000000000000ab';
    const state = run([
      { type: 'queued', tempId: photo, message: 'caption', messageType: 'photo', mediaAttachment: file, at: 1 },
      { type: 'queued', tempId: text, message: 'hi', at: 2 },
    ]);
    expect(state.pending.map((p) => [p.messageType, p.mediaAttachment])).toEqual([
      ['photo', file],
      ['text', undefined],
    ]);
    expect(run([welcome({ messages: [mine(1, photo)], seq: 1 })], state).pending.map((p) => p.tempId)).toEqual([text]);
  });

  it('a snapshot clears a pending resync', () => {
    const gapped = run([newMessage(message(5))], withMessages(2));
    expect(gapped.needsResync).toBe('resume');
    expect(run([welcome({ messages: [message(5)], seq: 5 })], gapped).needsResync).toBeNull();
  });

  it('a replay applies its events in order after lastSeq', () => {
    const before = withMessages(2);
    const edited = message(1, { message: 'edited', editedAt: 5 });
    const state = run([replay([newMessage(message(3)), updated(4, edited), newMessage(message(5))].map(toEvent))], before);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3', 'msg-5']);
    expect(state.messages[0]).toEqual(edited);
    expect(state.lastSeq).toBe(5);
    expect(state.needsResync).toBeNull();
  });

  it('a replay keeps messages and hasMore the client had', () => {
    const before = run([welcome({ messages: [message(10)], hasMore: true, seq: 10 })]);
    const state = run([replay([{ type: 'newMessage', seq: 11, message: message(11) }])], before);
    expect(ids(state)).toEqual(['msg-10', 'msg-11']);
    expect(state.hasMore).toBe(true);
  });

  it('a replay with nothing new changes no messages', () => {
    const before = withMessages(3);
    const state = run([replay([], { seq: 3 })], before);
    expect(state.messages).toEqual(before.messages);
    expect(state.lastSeq).toBe(3);
  });

  it('a replay that overlaps what the client has applies each message once', () => {
    const before = withMessages(3);
    const state = run([replay([2, 3, 4, 5].map((seq) => ({ type: 'newMessage' as const, seq, message: message(seq) })))], before);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3', 'msg-4', 'msg-5']);
    expect(state.lastSeq).toBe(5);
  });

  it('a replay that has a gap stops there and asks to resume again', () => {
    const before = withMessages(2);
    const state = run([replay([3, 5].map((seq) => ({ type: 'newMessage' as const, seq, message: message(seq) })))], before);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    expect(state.lastSeq).toBe(3);
    expect(state.needsResync).toBe('resume');
  });
});

function toEvent(action: ChatAction): ChatEvent {
  if (action.type !== 'server' || (action.event.type !== 'newMessage' && action.event.type !== 'updatedMessage')) throw new Error('not a chat event');
  return action.event;
}

// ---- message events --------------------------------------------------------------------------

describe('newMessage', () => {
  it('with seq lastSeq+1 appends', () => {
    const state = run([newMessage(message(3))], withMessages(2));
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    expect(state.lastSeq).toBe(3);
  });

  it('the first message of an empty party (lastSeq 0) is seq 1', () => {
    const state = run([welcome(), newMessage(message(1))]);
    expect(ids(state)).toEqual(['msg-1']);
    expect(state.lastSeq).toBe(1);
  });

  it('a duplicate is not appended twice', () => {
    const state = run([newMessage(message(3)), newMessage(message(3)), newMessage(message(2))], withMessages(2));
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    expect(state.lastSeq).toBe(3);
  });

  it('a duplicate does not bring back an older copy of an edited message', () => {
    const edited = message(2, { message: 'better', editedAt: 10 });
    const state = run([updated(3, edited), newMessage(message(2))], withMessages(2));
    expect(state.messages[1]).toEqual(edited);
  });

  it('a gap asks to resume and is not applied', () => {
    const before = withMessages(2);
    const state = run([newMessage(message(4))], before);
    expect(state.needsResync).toBe('resume');
    expect(state.messages).toEqual(before.messages);
    expect(state.lastSeq).toBe(2);
  });

  it('removes my pending message when it arrives as a newMessage', () => {
    const tempId = tempIdOf(1);
    const state = run([{ type: 'queued', tempId, message: 'hi', at: 1 }, newMessage(mine(3, tempId))], withMessages(2));
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
  });
});

describe('ack', () => {
  const tempId = tempIdOf(7);
  const queued: ChatAction = { type: 'queued', tempId, message: 'message 3', at: 1 };
  const ack = (m: ChatMessage): ChatAction => server({ type: 'ack', tempId, seq: m.seq, message: m });

  it('removes the pending message and inserts the message once', () => {
    const state = run([queued, ack(mine(3, tempId))], withMessages(2));
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    expect(state.lastSeq).toBe(3);
  });

  it('also when the newMessage for it arrived first', () => {
    const m = mine(3, tempId);
    const state = run([queued, newMessage(m), ack(m)], withMessages(2));
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
  });

  it('and when the newMessage arrives after the ack', () => {
    const m = mine(3, tempId);
    const state = run([queued, ack(m), newMessage(m)], withMessages(2));
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
  });

  it('a repeated ack changes nothing', () => {
    const m = mine(3, tempId);
    const once = run([queued, ack(m)], withMessages(2));
    expect(run([ack(m)], once)).toEqual(once);
  });

  it('keeps the other pending messages', () => {
    const state = run([queued, { type: 'queued', tempId: tempIdOf(8), message: 'next', at: 2 }, ack(mine(3, tempId))], withMessages(2));
    expect(state.pending.map((p) => p.tempId)).toEqual([tempIdOf(8)]);
  });

  it('an ack from the future is a gap: resume, keep the message pending', () => {
    const state = run([queued, ack(mine(5, tempId))], withMessages(2));
    expect(state.needsResync).toBe('resume');
    expect(state.pending.map((p) => p.tempId)).toEqual([tempId]);
    expect(state.lastSeq).toBe(2);
  });
});

describe('updatedMessage', () => {
  it('replaces the message in place and advances lastSeq', () => {
    const edited = message(2, { message: 'edited', editedAt: 99 });
    const state = run([updated(4, edited)], run([newMessage(message(3))], withMessages(2)));
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    expect(state.messages[1]).toEqual(edited);
    expect(state.lastSeq).toBe(4);
  });

  it('a deletion shows as the deleted message in its place', () => {
    const gone = message(1, { deleted: true, message: '' });
    const state = run([updated(3, gone)], withMessages(2));
    expect(state.messages).toEqual([gone, message(2)]);
  });

  it('an update from the future is a gap', () => {
    const state = run([updated(5, message(1, { message: 'x', editedAt: 1 }))], withMessages(2));
    expect(state.needsResync).toBe('resume');
    expect(state.messages[0]).toEqual(message(1));
  });

  it('an edit of a message that is not loaded does not cut a hole into the history', () => {
    const all = Array.from({ length: 100 }, (_, i) => message(i + 1));
    const page = (from: number) => {
      const older = all.filter((m) => m.seq < from);
      return { messages: older.slice(-50), hasMore: older.length > 50 };
    };
    let state = run([welcome({ messages: all.slice(50), hasMore: true, seq: 100 })]);
    state = run([updated(101, message(10, { message: 'edited', editedAt: 5 }))], state);
    // What the page's loadOlder does: ask for the page before the oldest message it has.
    while (state.hasMore) {
      const { messages, hasMore } = page(state.messages[0]!.seq);
      state = run([{ type: 'olderLoaded', messages, hasMore }], state);
    }
    expect(state.messages.map((m) => m.seq)).toEqual(all.map((m) => m.seq));
  });
});

// ---- pending messages ------------------------------------------------------------------------

describe('pending messages', () => {
  const tempId = tempIdOf(1);

  it('queued adds a sending message', () => {
    const state = run([{ type: 'queued', tempId, message: 'hi', at: 123 }]);
    expect(state.pending).toEqual([{ tempId, message: 'hi', messageType: 'text', replyingTo: null, createdAt: 123, status: 'sending' }]);
  });

  it('an error with a tempId marks that pending message failed with the code', () => {
    const state = run([
      { type: 'queued', tempId, message: 'hi', at: 1 },
      { type: 'queued', tempId: tempIdOf(2), message: 'other', at: 2 },
      server({ type: 'error', code: 'messageTooLong', tempId }),
    ]);
    expect(state.pending).toEqual([
      { tempId, message: 'hi', messageType: 'text', replyingTo: null, createdAt: 1, status: 'failed', error: 'messageTooLong' },
      { tempId: tempIdOf(2), message: 'other', messageType: 'text', replyingTo: null, createdAt: 2, status: 'sending' },
    ]);
    expect(state.lastError).toBeNull();
  });

  it('retry sets it back to sending and forgets the error', () => {
    const state = run([{ type: 'queued', tempId, message: 'hi', at: 1 }, server({ type: 'error', code: 'restricted', tempId }), { type: 'retry', tempId }]);
    expect(state.pending).toEqual([{ tempId, message: 'hi', messageType: 'text', replyingTo: null, createdAt: 1, status: 'sending' }]);
    expect(state.pending[0]).not.toHaveProperty('error');
  });

  it('an error without a tempId becomes lastError', () => {
    expect(run([server({ type: 'error', code: 'rateLimited' })]).lastError).toBe('rateLimited');
  });

  it("an error 'removed' without a tempId ends the chat", () => {
    expect(run([server({ type: 'error', code: 'removed' })]).ended).toBe('removed');
  });
});

// ---- history ---------------------------------------------------------------------------------

describe('olderLoaded', () => {
  it('prepends older messages and takes hasMore', () => {
    const before = run([welcome({ messages: [message(3), message(4)], hasMore: true, seq: 4 })]);
    const state = run([{ type: 'olderLoaded', messages: [message(1), message(2)], hasMore: false }], before);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3', 'msg-4']);
    expect(state.hasMore).toBe(false);
    expect(state.lastSeq).toBe(4);
  });

  it('does not duplicate messages it already has, and keeps its own copy of them', () => {
    const edited = message(3, { message: 'edited', editedAt: 9 });
    const before = run([welcome({ messages: [edited, message(4)], hasMore: true, seq: 5 })]);
    const state = run([{ type: 'olderLoaded', messages: [message(1), message(2), message(3)], hasMore: false }], before);
    expect(ids(state)).toEqual(['msg-1', 'msg-2', 'msg-3', 'msg-4']);
    expect(state.messages[2]).toEqual(edited);
  });

  it('an empty page only updates hasMore', () => {
    const before = run([welcome({ messages: [message(1)], hasMore: true, seq: 1 })]);
    const state = run([{ type: 'olderLoaded', messages: [], hasMore: false }], before);
    expect(state.messages).toEqual(before.messages);
    expect(state.hasMore).toBe(false);
  });
});

// ---- members and party -----------------------------------------------------------------------

describe('presence and members', () => {
  it('welcome takes the counts and the roster mode', () => {
    const state = run([welcome({ memberCount: 240, onlineCount: 130, roster: 'page' })]);
    expect({ memberCount: state.memberCount, onlineCount: state.onlineCount, roster: state.roster }).toEqual({
      memberCount: 240,
      onlineCount: 130,
      roster: 'page',
    });
  });

  it('a presence frame adds who joined, applies who came online and who went offline, and takes the counts', () => {
    const newcomer: Member = { id: 'guest-3', firstName: 'Cem', lastName: 'Yılmaz', role: 'guest' };
    const state = run([
      welcome({ online: [manager.id, me.id] }),
      server({ type: 'presence', memberCount: 4, onlineCount: 3, joined: [newcomer], online: [other.id, newcomer.id], offline: [manager.id] }),
    ]);
    expect(state.members).toEqual([manager, me, other, newcomer]);
    expect(new Set(state.online)).toEqual(new Set([me.id, other.id, newcomer.id]));
    expect({ memberCount: state.memberCount, onlineCount: state.onlineCount }).toEqual({ memberCount: 4, onlineCount: 3 });
  });

  it('a member told twice is kept once, the later copy; someone online twice is online once', () => {
    const newcomer: Member = { id: 'guest-3', firstName: 'Cem', lastName: 'Yılmaz', role: 'guest' };
    const state = run([
      welcome({ online: [me.id] }),
      server({ type: 'presence', memberCount: 4, onlineCount: 2, joined: [newcomer], online: [other.id] }),
      server({ type: 'presence', memberCount: 4, onlineCount: 2, joined: [{ ...newcomer, firstName: 'Cemal' }], online: [other.id] }),
    ]);
    expect(state.members.filter((m) => m.id === newcomer.id)).toEqual([{ ...newcomer, firstName: 'Cemal' }]);
    expect(state.members).toHaveLength(4);
    expect(state.online.filter((id) => id === other.id)).toEqual([other.id]);
  });

  it("a presence frame's seen merges into the receipts: newer positions replace, others stay", () => {
    const state = run([
      welcome({ seen: { [manager.id]: 1, [me.id]: 2 } }),
      server({ type: 'presence', memberCount: 3, onlineCount: 2, seen: { [other.id]: 4 } }),
      server({ type: 'presence', memberCount: 3, onlineCount: 2, seen: { [manager.id]: 3 } }),
    ]);
    expect(state.seen).toEqual({ [manager.id]: 3, [me.id]: 2, [other.id]: 4 });
  });

  it('a presence frame of counts alone (a large room to a guest) changes only the counts', () => {
    const before = run([welcome({ roster: 'page', memberCount: 300, onlineCount: 120 })]);
    const state = chatReducer(before, server({ type: 'presence', memberCount: 301, onlineCount: 119 }));
    expect(state).toEqual({ ...before, memberCount: 301, onlineCount: 119 });
  });

  it("the heartbeat's answer (iAmOnline) changes nothing", () => {
    const before = run([welcome()]);
    expect(chatReducer(before, server({ type: 'iAmOnline', memberId: me.id }))).toBe(before);
  });

  it('a page of members merges by id, sets their online state as the page says, keeps the others, and takes memberCount', () => {
    const renamedOther: Member = { ...other, firstName: 'Benno' };
    const newcomer: Member = { id: 'guest-3', firstName: 'Cem', lastName: 'Yılmaz', role: 'guest' };
    const before = run([welcome({ roster: 'page', members: [manager, me, other], online: [manager.id, me.id, other.id], memberCount: 120 })]);
    const state = chatReducer(before, server({ type: 'members', offset: 50, memberCount: 121, members: [renamedOther, newcomer], online: [newcomer.id] }));
    expect(state.members).toEqual([manager, me, renamedOther, newcomer]);
    // Ben is in the page and not online in it: offline now. The manager and I are not in it: unchanged.
    expect(new Set(state.online)).toEqual(new Set([manager.id, me.id, newcomer.id]));
    expect(state.memberCount).toBe(121);
  });

  it('a rename of a member this page has not loaded adds no one', () => {
    const stranger: Member = { id: 'guest-77', firstName: 'Ute', lastName: 'Fern', role: 'guest' };
    const before = run([welcome({ roster: 'page', memberCount: 200 })]);
    expect(chatReducer(before, server({ type: 'guestUpdate', member: stranger })).members).toEqual(before.members);
  });

  it('guestUpdate renames a member, and me when it is me', () => {
    const renamed = { ...me, firstName: 'Anne' };
    const state = run([welcome(), server({ type: 'guestUpdate', member: renamed })]);
    expect(state.me).toEqual(renamed);
    expect(state.members.filter((m) => m.id === me.id)).toEqual([renamed]);
  });

  it('a member made host shows with the new role, also as me', () => {
    const promoted: Member = { ...me, role: 'host' };
    const state = run([welcome(), server({ type: 'guestUpdate', member: promoted })]);
    expect(state.me?.role).toBe('host');
  });

  it('guestRemoved for another member removes them from members and online', () => {
    const state = run([welcome({ online: [me.id, other.id] }), server({ type: 'guestRemoved', guestId: other.id })]);
    expect(state.members.map((m) => m.id)).toEqual([manager.id, me.id]);
    expect(state.online).toEqual([me.id]);
    expect(state.ended).toBeNull();
  });

  it("guestRemoved for me ends the chat as 'removed'", () => {
    const state = run([welcome(), server({ type: 'guestRemoved', guestId: me.id })]);
    expect(state.ended).toBe('removed');
  });
});

describe('party', () => {
  it('updateRestriction sets restrictedMessaging both ways', () => {
    const restricted = run([welcome(), server({ type: 'updateRestriction', partyId: 'party-1', restrictedMessaging: true })]);
    expect(restricted.restrictedMessaging).toBe(true);
    expect(run([server({ type: 'updateRestriction', partyId: 'party-1', restrictedMessaging: false })], restricted).restrictedMessaging).toBe(false);
  });

  it("partyDeleted ends the chat as 'expired'", () => {
    expect(run([welcome(), server({ type: 'partyDeleted', partyId: 'party-1' })]).ended).toBe('expired');
  });

  it("deleteParty (partyDeleted's other name) ends the chat as 'expired' too", () => {
    expect(run([welcome(), server({ type: 'deleteParty', partyId: 'party-1' })]).ended).toBe('expired');
  });

  it('an event this page does not know leaves the state as it is', () => {
    const before = run([welcome()]);
    expect(run([server({ type: 'somethingNewer', partyId: 'party-1' } as unknown as ServerEvent)], before)).toBe(before);
  });
});

describe('the party ends while the page is open', () => {
  const expire = (expired: boolean) => server({ type: 'updateExpiry', partyId: 'party-1', expired });
  const queued = (n: number): ChatAction => ({ type: 'queued', tempId: tempIdOf(n), message: `text ${n}`, at: n });

  it("ends a guest's chat as 'expired', and what waited to be sent shows failed for that reason, not resendable", () => {
    const state = run([welcome(), queued(1), queued(2), expire(true)]);
    expect(state.ended).toBe('expired');
    expect(state.expired).toBe(true);
    expect(state.pending.map((p) => [p.status, p.error])).toEqual([
      ['failed', 'partyExpired'],
      ['failed', 'partyExpired'],
    ]);
    expect(state.pending.some(mayResend)).toBe(false);
  });

  it('a host is a guest here: the chat ends', () => {
    expect(run([welcome({ me: { ...me, role: 'host' } }), expire(true)]).ended).toBe('expired');
  });

  it("keeps the manager's chat open, read-only (expired)", () => {
    const state = run([welcome({ me: manager }), expire(true)]);
    expect(state.ended).toBeNull();
    expect(state.expired).toBe(true);
  });

  it('a welcome that says expired does the same (a rejoin after the end)', () => {
    expect(run([welcome({ expired: true })]).ended).toBe('expired');
    expect(run([welcome({ me: manager, expired: true })])).toMatchObject({ ended: null, expired: true });
    expect(run([welcome({ me: manager, mode: 'replay', expired: true })])).toMatchObject({ ended: null, expired: true });
  });

  it("a refusal 'partyExpired' for one message ends the party for every message waiting", () => {
    const state = run([welcome(), queued(1), queued(2), server({ type: 'error', code: 'partyExpired', tempId: tempIdOf(1) })]);
    expect(state.ended).toBe('expired');
    expect(state.pending.map((p) => p.error)).toEqual(['partyExpired', 'partyExpired']);
  });

  it('edited back into the future: the guest is back in the chat and the failed messages may be resent', () => {
    const state = run([welcome(), queued(1), expire(true), expire(false)]);
    expect(state).toMatchObject({ ended: null, expired: false });
    expect(state.pending).toEqual([{ tempId: tempIdOf(1), message: 'text 1', messageType: 'text', replyingTo: null, createdAt: 1, status: 'failed' }]);
    expect(mayResend(state.pending[0]!)).toBe(true);
  });

  it('going on does not bring back a chat that ended for another reason', () => {
    expect(run([welcome(), server({ type: 'guestRemoved', guestId: me.id }), expire(false)]).ended).toBe('removed');
  });

  it('a failure another try can overcome is resendable; one it cannot is not', () => {
    const failed = (code: ErrorCode) => run([queued(1), server({ type: 'error', code, tempId: tempIdOf(1) })]).pending[0]!;
    expect(mayResend(failed('rateLimited'))).toBe(true);
    expect(mayResend(failed('restricted'))).toBe(true);
    expect(mayResend(failed('messageTooLong'))).toBe(false);
    expect(mayResend(run([queued(1)]).pending[0]!)).toBe(false);
  });

  it("reloadMessages asks for a 'reload'", () => {
    expect(run([welcome(), server({ type: 'reloadMessages', partyId: 'party-1' })]).needsResync).toBe('reload');
  });

  it("the room's word that the session ended signs the page out; an expired token is no error to show", () => {
    const signedOut = run([welcome(), queued(1), server({ type: 'error', code: 'unauthorized' })]);
    expect(signedOut).toMatchObject({ ended: 'signedOut', lastError: null });
    expect(signedOut.pending).toHaveLength(1);
    expect(run([welcome(), server({ type: 'error', code: 'sessionExpired' })])).toMatchObject({ ended: null, lastError: null });
  });

  it('the ended action sets the terminal state', () => {
    expect(run([{ type: 'ended', reason: 'notFound' }]).ended).toBe('notFound');
  });

  it('a connection that is not open is not ready; reopening waits for the next welcome', () => {
    const ready = run([{ type: 'connection', connection: 'open' }, welcome()]);
    expect(ready.ready).toBe(true);
    const closed = run([{ type: 'connection', connection: 'closed' }], ready);
    expect(closed).toMatchObject({ connection: 'closed', ready: false });
    expect(run([{ type: 'connection', connection: 'open' }], closed).ready).toBe(false);
  });

  it('does not mutate the state it is given', () => {
    const before = withMessages(2);
    const frozen = JSON.stringify(before);
    run(
      [newMessage(message(3)), updated(4, message(1, { message: 'x', editedAt: 1 })), { type: 'olderLoaded', messages: [message(0)], hasMore: false }],
      before,
    );
    expect(JSON.stringify(before)).toBe(frozen);
  });
});

describe('errors that end the chat', () => {
  it('not found, expired and removed each have their view; every other error leaves the chat open', () => {
    expect(ENDED_BY_ERROR).toEqual({ partyNotFound: 'notFound', partyExpired: 'expired', removed: 'removed' });
    const others = (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => !['partyNotFound', 'partyExpired', 'removed'].includes(code));
    expect(others.length).toBeGreaterThan(10);
    for (const code of others) expect(ENDED_BY_ERROR[code], code).toBeUndefined();
  });
});

describe('upsertMessage', () => {
  it('appends, replaces by id, and inserts in seq order', () => {
    const list = [message(2), message(5)];
    expect(upsertMessage(list, message(7)).map((m) => m.seq)).toEqual([2, 5, 7]);
    expect(upsertMessage(list, message(3)).map((m) => m.seq)).toEqual([2, 3, 5]);
    expect(upsertMessage(list, message(1)).map((m) => m.seq)).toEqual([1, 2, 5]);
    const edited = message(5, { message: 'edited' });
    expect(upsertMessage(list, edited)).toEqual([message(2), edited]);
    expect(upsertMessage([], message(1))).toEqual([message(1)]);
  });
});

// ---- batch frames ----------------------------------------------------------------------------

describe('batch', () => {
  const pool: Member[] = Array.from({ length: 6 }, (_, i) => ({ id: `guest-${10 + i}`, firstName: `Gast${i}`, lastName: 'Test', role: 'guest' }));
  const someIds = fc.subarray(pool.map((m) => m.id));
  /** Messages in seq order, with presence frames and roster pages between them. */
  const stream = fc
    .array(
      fc.oneof(
        fc.constant({ kind: 'message' as const }),
        fc.record({ kind: fc.constant('presence' as const), joined: fc.subarray(pool), online: someIds, offline: someIds, seen: fc.nat({ max: 40 }) }),
        fc.record({ kind: fc.constant('page' as const), members: fc.subarray(pool), online: someIds }),
      ),
      { maxLength: 30 },
    )
    .map((items) => {
      let seq = 0;
      return items.map((item, i): ServerEvent => {
        if (item.kind === 'message') {
          seq++;
          return { type: 'newMessage', seq, message: message(seq) };
        }
        if (item.kind === 'page') {
          return {
            type: 'members',
            offset: 0,
            memberCount: 10 + i,
            members: item.members,
            online: item.online.filter((id) => item.members.some((m) => m.id === id)),
          };
        }
        const offline = item.offline.filter((id) => !item.online.includes(id));
        return { type: 'presence', memberCount: 10 + i, onlineCount: i, joined: item.joined, online: item.online, offline, seen: { [other.id]: item.seen } };
      });
    });

  it('folds its events in order: any grouping into batches ends in the state the events give one by one', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 8 }), (events, cuts) => {
        const singly = run([welcome(), ...events.map(server)]);
        const at = [...new Set(cuts.map((cut) => cut % (events.length + 1)))].sort((a, b) => a - b);
        const groups: ServerEvent[][] = [];
        let from = 0;
        for (const to of [...at, events.length]) {
          if (to > from) groups.push(events.slice(from, to));
          from = Math.max(from, to);
        }
        const batched = run([welcome(), ...groups.map((group) => server({ type: 'batch', events: group }))]);
        expect(batched).toEqual(singly);
      }),
      { numRuns: 200 },
    );
  });

  it('an ack and a message in one batch: both applied, the pending message confirmed', () => {
    const tempId = tempIdOf(1);
    const state = run([
      welcome(),
      { type: 'queued', tempId, message: 'message 1', at: 0 },
      server({
        type: 'batch',
        events: [
          { type: 'ack', tempId, seq: 1, message: mine(1, tempId) },
          { type: 'newMessage', seq: 2, message: message(2) },
        ],
      }),
    ]);
    expect(ids(state)).toEqual(['msg-1', 'msg-2']);
    expect(state.pending).toEqual([]);
    expect(state.lastSeq).toBe(2);
  });

  it('a gap inside a batch asks for a resume, as it would outside one', () => {
    const state = run([
      welcome(),
      server({
        type: 'batch',
        events: [
          { type: 'newMessage', seq: 1, message: message(1) },
          { type: 'newMessage', seq: 3, message: message(3) },
        ],
      }),
    ]);
    expect(state.needsResync).toBe('resume');
    expect(state.lastSeq).toBe(1);
  });

  it('an empty batch changes nothing', () => {
    const before = run([welcome()]);
    expect(chatReducer(before, server({ type: 'batch', events: [] }))).toEqual(before);
  });
});

// ---- the sync property -----------------------------------------------------------------------

describe('exactly once, in order', () => {
  it('any delivery with duplicates, reordering and gaps, with resumes, ends with every message once in order', () => {
    const scenario = fc.integer({ min: 1, max: 30 }).chain((n) =>
      fc.record({
        n: fc.constant(n),
        // Each event delivered 1–3 times, in any order.
        deliveries: fc
          .array(fc.integer({ min: 1, max: 3 }), { minLength: n, maxLength: n })
          .map((counts) => counts.flatMap((count, i) => Array.from({ length: count }, () => i + 1)))
          .chain((seqs) => fc.shuffledSubarray(seqs, { minLength: seqs.length, maxLength: seqs.length })),
        // Some of my messages are sent by me and acknowledged instead of broadcast.
        mineEvery: fc.integer({ min: 2, max: 5 }),
      }),
    );

    let totalResumes = 0;
    fc.assert(
      fc.property(scenario, ({ n, deliveries, mineEvery }) => {
        const isMine = (seq: number) => seq % mineEvery === 0;
        const originals = Array.from({ length: n }, (_, i) => (isMine(i + 1) ? mine(i + 1, tempIdOf(i + 1)) : message(i + 1)));
        const events: ChatEvent[] = originals.map((m) => ({ type: 'newMessage', seq: m.seq, message: m }));

        let state = run([
          welcome(),
          ...originals.filter((m) => m.tempId !== null).map((m): ChatAction => ({ type: 'queued', tempId: m.tempId!, message: m.message, at: 0 })),
        ]);
        let resumes = 0;
        for (const seq of deliveries) {
          const m = originals[seq - 1]!;
          const action = m.tempId !== null && seq % 2 === 0 ? server({ type: 'ack', tempId: m.tempId, seq, message: m }) : newMessage(m);
          state = chatReducer(state, action);
          if (state.needsResync === 'resume') {
            resumes++;
            state = chatReducer(
              state,
              replay(
                events.filter((e) => e.seq > (state.lastSeq ?? 0)),
                { seq: n },
              ),
            );
            expect(state.needsResync).toBeNull();
          }
        }

        expect(state.messages).toEqual(originals);
        expect(state.lastSeq).toBe(n);
        expect(state.pending).toEqual([]);
        expect(resumes).toBeLessThanOrEqual(deliveries.length);
        totalResumes += resumes;
      }),
      { numRuns: 300 },
    );
    // The resume path was exercised, not just in-order delivery.
    expect(totalResumes).toBeGreaterThan(0);
  });

  it('the same holds with edits interleaved: every message once, in order, in its newest version', () => {
    const scenario = fc
      .array(fc.oneof(fc.constant({ kind: 'new' as const, target: 0 }), fc.record({ kind: fc.constant('edit' as const), target: fc.nat() })), {
        minLength: 1,
        maxLength: 25,
      })
      .chain((ops) =>
        fc.record({
          ops: fc.constant(ops),
          order: fc.shuffledSubarray(
            ops.flatMap((_, i) => [i, i]),
            { minLength: ops.length * 2, maxLength: ops.length * 2 },
          ),
        }),
      );

    let totalResumes = 0;
    fc.assert(
      fc.property(scenario, ({ ops, order }) => {
        // Build the server's log: each op is one event with the next seq.
        const current = new Map<string, ChatMessage>();
        const created: string[] = [];
        const events: ChatEvent[] = [];
        ops.forEach((op, i) => {
          const seq = i + 1;
          if (op.kind === 'new' || created.length === 0) {
            const m = message(seq);
            current.set(m.id, m);
            created.push(m.id);
            events.push({ type: 'newMessage', seq, message: m });
          } else {
            const id = created[op.target % created.length]!;
            const m = { ...current.get(id)!, message: `edit ${seq}`, editedAt: seq };
            current.set(id, m);
            events.push({ type: 'updatedMessage', seq, message: m });
          }
        });

        let state = run([welcome()]);
        for (const index of order) {
          state = chatReducer(state, server(events[index]!));
          if (state.needsResync === 'resume') {
            totalResumes++;
            const after = state.lastSeq ?? 0;
            // A replay carries each message as it is now, as the room's eventsAfter does.
            state = chatReducer(
              state,
              replay(
                events.filter((e) => e.seq > after).map((e) => ({ ...e, message: current.get(e.message.id)! })),
                { seq: events.length },
              ),
            );
          }
        }

        expect(state.messages).toEqual(created.map((id) => current.get(id)));
        expect(state.lastSeq).toBe(events.length);
        expect(state.needsResync).toBeNull();
      }),
      { numRuns: 300 },
    );
    expect(totalResumes).toBeGreaterThan(0);
  });
});

// ---- the table of contents and a window far back -----------------------------------------------

describe('headings', () => {
  const heading = (seq: number, fields: Partial<ChatMessage> = {}) =>
    message(seq, { sender: manager.id, senderType: 'manager', messageType: 'heading', message: `Kapitel ${seq}`, ...fields });
  const entry = (seq: number, fields: Partial<HeadingEntry> = {}): HeadingEntry => ({
    id: `msg-${seq}`,
    seq,
    level: 'heading',
    text: `Kapitel ${seq}`,
    deleted: false,
    ...fields,
  });

  it("a snapshot brings the whole party's headings, also those of pages not loaded", () => {
    const state = run([welcome({ messages: [message(60)], hasMore: true, seq: 60, headings: [entry(2), entry(30, { level: 'heading2' })] })]);
    expect(state.headings).toEqual([entry(2), entry(30, { level: 'heading2' })]);
  });

  it('new, edited and deleted headings keep the list current; other messages leave it alone', () => {
    const state = run([
      welcome({ messages: [message(1)], seq: 1, headings: [] }),
      newMessage(heading(2, { messageType: 'heading3' })),
      newMessage(message(3)),
      newMessage(heading(4)),
      updated(5, heading(2, { messageType: 'heading3', message: 'Neu', editedAt: 5 })),
      updated(6, heading(4, { message: '', deleted: true, editedAt: 6 })),
    ]);
    expect(state.headings).toEqual([entry(2, { level: 'heading3', text: 'Neu' }), entry(4, { text: '', deleted: true })]);
  });

  it('a heading erased without a trace (fullDelete) leaves the list', () => {
    const state = run([
      welcome({ messages: [message(1)], seq: 1, headings: [entry(1, { id: 'msg-h' })] }),
      updated(2, heading(1, { id: 'msg-h', messageType: 'text', message: MARKERS.erased, deleted: true, editedAt: 2 })),
    ]);
    expect(state.headings).toEqual([]);
  });

  it('a heading change outside the loaded window still reaches the list (the message itself is left for its page)', () => {
    const state = run([
      welcome({ messages: [message(50), message(51)], hasMore: true, seq: 51, headings: [entry(3)] }),
      updated(52, heading(3, { message: 'Umbenannt', editedAt: 52 })),
    ]);
    expect(state.headings).toEqual([entry(3, { text: 'Umbenannt' })]);
    expect(ids(state)).toEqual(['msg-50', 'msg-51']);
  });

  it('a replay applies heading events to the list it had', () => {
    const before = run([welcome({ messages: [message(1)], seq: 1, headings: [] })]);
    const state = run([replay([{ type: 'newMessage', seq: 2, message: heading(2) }], { headings: [] })], before);
    expect(state.headings).toEqual([entry(2)]);
  });

  it('cuts a long heading by grapheme', () => {
    const state = run([welcome({ seq: 1 }), newMessage(heading(2, { message: `${'x'.repeat(119)}👩‍👩‍👧 rest` }))]);
    expect(state.headings[0]!.text).toBe(`${'x'.repeat(119)}…`);
  });
});

describe('a party opened offline', () => {
  const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

  it('the page the service worker kept shows before the room has spoken, and its seq is where the room resumes', () => {
    const kept = run([{ type: 'windowLoaded', messages: page(1, 3), hasMore: false, hasNewer: false, seq: 3 }]);
    expect(kept).toMatchObject({ lastSeq: 3, ready: false, needsResync: null });
    expect(ids(kept)).toEqual(['msg-1', 'msg-2', 'msg-3']);
    const live = run([replay([{ type: 'newMessage', seq: 4, message: message(4) }])], kept);
    expect(ids(live)).toEqual(['msg-1', 'msg-2', 'msg-3', 'msg-4']);
  });
});

describe('a window far back', () => {
  const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
  const live = () => run([welcome({ messages: page(151, 200), hasMore: true, seq: 200 })]);
  const jumped = () => run([{ type: 'windowLoaded', messages: page(10, 59), hasMore: true, hasNewer: true, seq: 200 }], live());

  it('a jump replaces the loaded messages with the page around the target', () => {
    const state = jumped();
    expect(state.messages.map((m) => m.seq)).toEqual(page(10, 59).map((m) => m.seq));
    expect(state).toMatchObject({ hasMore: true, hasNewer: true, lastSeq: 200, needsResync: null });
  });

  it('a live message is not appended while the window stops short of the newest, but lastSeq moves on', () => {
    const state = run([newMessage(message(201))], jumped());
    expect(state.messages.at(-1)!.seq).toBe(59);
    expect(state.lastSeq).toBe(201);
  });

  it('an edit inside the window applies; one beyond it waits for its page', () => {
    const state = run([updated(201, message(20, { message: 'neu', editedAt: 1 })), updated(202, message(100, { message: 'später', editedAt: 2 }))], jumped());
    expect(state.messages.find((m) => m.seq === 20)!.message).toBe('neu');
    expect(state.messages.some((m) => m.seq === 100)).toBe(false);
  });

  it("one's own message sent far back is acknowledged (no longer pending) and shows once the newest page is loaded", () => {
    const tempId = tempIdOf(1);
    let state = run([{ type: 'queued', tempId, message: 'hallo', at: 1 }, server({ type: 'ack', tempId, seq: 201, message: mine(201, tempId) })], jumped());
    expect(state.pending).toEqual([]);
    state = run([{ type: 'windowLoaded', messages: [...page(153, 200), mine(201, tempId)], hasMore: true, hasNewer: false, seq: 201 }], state);
    expect(state.hasNewer).toBe(false);
    expect(state.messages.at(-1)!.tempId).toBe(tempId);
    expect(run([newMessage(message(202))], state).messages.at(-1)!.seq).toBe(202);
  });

  it('newer pages append in order until the window reaches the newest; then live messages append again', () => {
    let state = run([{ type: 'newerLoaded', messages: page(60, 109), hasNewer: true, seq: 200 }], jumped());
    expect(state.messages.map((m) => m.seq)).toEqual(page(10, 109).map((m) => m.seq));
    state = run([{ type: 'newerLoaded', messages: page(110, 200), hasNewer: false, seq: 200 }], state);
    expect(state).toMatchObject({ hasNewer: false, hasMore: true, needsResync: null });
    expect(run([newMessage(message(201))], state).messages.at(-1)!.seq).toBe(201);
  });

  it('a page older than what the socket delivered rewinds lastSeq and resumes, so nothing skipped meanwhile is lost', () => {
    const state = run([newMessage(message(201)), { type: 'newerLoaded', messages: page(60, 200), hasNewer: false, seq: 200 }], jumped());
    expect(state).toMatchObject({ lastSeq: 200, needsResync: 'resume' });
    const resumed = run([replay([{ type: 'newMessage', seq: 201, message: message(201) }])], state);
    expect(resumed.messages.at(-1)!.seq).toBe(201);
    expect(resumed.needsResync).toBeNull();
  });

  it('older pages still load before a window far back', () => {
    const state = run([{ type: 'olderLoaded', messages: page(1, 9), hasMore: false }], jumped());
    expect(state.messages[0]!.seq).toBe(1);
    expect(state.hasNewer).toBe(true);
  });

  it('a snapshot welcome (a reload) goes back to the newest page', () => {
    const state = run([welcome({ messages: page(171, 220), hasMore: true, seq: 220 })], jumped());
    expect(state.hasNewer).toBe(false);
    expect(state.messages.at(-1)!.seq).toBe(220);
  });
});

describe('a rejoin to a large room', () => {
  const guest = (n: number): Member => ({ id: `g${n}`, firstName: `Gast${n}`, lastName: 'Test', role: 'guest' });
  const first = [manager, me, ...Array.from({ length: 48 }, (_, i) => guest(i + 1))];
  const page = (online: string[]) => welcome({ members: first, online, memberCount: 200, onlineCount: online.length, roster: 'page', seen: { [me.id]: 0 } });

  it("keeps the members the page had paged in, in their places, and takes the new page's online states", () => {
    let state = chatReducer(initialChatState, page([manager.id, me.id, 'g5']));
    const rest = Array.from({ length: 50 }, (_, i) => guest(i + 49));
    state = chatReducer(state, server({ type: 'members', offset: 50, memberCount: 200, members: rest, online: ['g60'] }));
    const before = state.members.map((m) => m.id);
    expect(before).toHaveLength(100);

    // The socket dropped and came back: the welcome brings the first page again; g5 went offline meanwhile.
    state = chatReducer(state, page([manager.id, me.id]));
    expect(state.members.map((m) => m.id)).toEqual(before);
    expect(new Set(state.online)).toEqual(new Set([manager.id, me.id, 'g60']));
  });

  it('a first welcome, or one after a small room, takes the roster as it comes', () => {
    const state = chatReducer({ ...initialChatState, members: [guest(9)], roster: 'full' }, page([manager.id]));
    expect(state.members.map((m) => m.id)).toEqual(first.map((m) => m.id));
  });
});
