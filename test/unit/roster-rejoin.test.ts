import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState } from '../../app/core/chat-state';
import type { ChatState } from '../../app/core/chat-state';
import type { Member, ServerEvent } from '../../app/core/protocol';
import { PROTOCOL_VERSION } from '../../app/core/protocol';

const guest = (n: number): Member => ({ id: `g${n}`, firstName: `Gast${n}`, lastName: 'Test', role: 'guest' });
const manager: Member = { id: 'm', firstName: 'Anna', lastName: 'Becker', role: 'manager' };
const me = guest(0);

function welcome(members: Member[], online: string[]): ServerEvent {
  return {
    type: 'welcome',
    protocolVersion: PROTOCOL_VERSION,
    mode: 'snapshot',
    messages: [],
    hasMore: false,
    events: [],
    headings: [],
    partyId: 'p',
    me,
    members,
    online,
    memberCount: 200,
    onlineCount: online.length,
    roster: 'page',
    restrictedMessaging: false,
    expired: false,
    seen: { [me.id]: 0 },
    seq: 0,
  };
}

const apply = (state: ChatState, event: ServerEvent) => chatReducer(state, { type: 'server', event });

describe('a rejoin to a large room', () => {
  it("keeps the members the page had paged in, in their places, and takes the new page's online states", () => {
    const first = [manager, me, ...Array.from({ length: 48 }, (_, i) => guest(i + 1))];
    let state = apply(initialChatState, welcome(first, ['m', 'g0', 'g5']));
    state = apply(state, { type: 'members', offset: 50, memberCount: 200, members: Array.from({ length: 50 }, (_, i) => guest(i + 49)), online: ['g60'] });
    const before = state.members.map((m) => m.id);
    expect(before).toHaveLength(100);

    // The socket dropped and came back: the welcome brings the first page again, g5 went offline meanwhile.
    state = apply(state, welcome(first, ['m', 'g0']));
    expect(state.members.map((m) => m.id)).toEqual(before);
    expect(new Set(state.online)).toEqual(new Set(['m', 'g0', 'g60']));
  });

  it('a first welcome, or one of a small room, takes the roster as it comes', () => {
    const state = apply({ ...initialChatState, members: [guest(9)], roster: 'full' }, welcome([manager, me], ['m']));
    expect(state.members.map((m) => m.id)).toEqual(['m', 'g0']);
  });
});
