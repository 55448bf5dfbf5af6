import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKERS } from '../../app/core/markers';
import { can, type Action, type Actor, type MessageFacts, type PartyState } from '../../app/core/permissions';
import { MESSAGE_TYPES, PARTY_ROLES, type MessageType, type PartyRole } from '../../app/core/protocol';

// ---- fixtures --------------------------------------------------------------------------------

const manager: Actor = { id: 'manager-1', role: 'manager' };
const host: Actor = { id: 'host-1', role: 'host' };
const guest: Actor = { id: 'guest-1', role: 'guest' };
const actors = { manager, host, guest } as const;
type Who = keyof typeof actors;

const open: PartyState = { restrictedMessaging: false, expired: false };
const restricted: PartyState = { restrictedMessaging: true, expired: false };
const expired: PartyState = { restrictedMessaging: false, expired: true };
const expiredRestricted: PartyState = { restrictedMessaging: true, expired: true };
const parties = { open, restricted, expired, expiredRestricted } as const;
type PartyName = keyof typeof parties;

/** A message sent by `by` ('own' = the actor of the row, otherwise someone else). */
function msg(by: 'own' | 'other', who: Who, messageType: MessageType = 'text', deleted = false): MessageFacts {
  return { sender: by === 'own' ? actors[who].id : 'someone-else', messageType, message: 'Hallo', deleted };
}

type Row = [who: Who, party: PartyName, expected: boolean];

function table(name: string, action: (who: Who) => Action, rows: Row[]) {
  describe(name, () => {
    it.each(rows)('%s in a %s party → %s', (who, party, expected) => {
      expect(can(actors[who], action(who), parties[party])).toBe(expected);
    });
  });
}

// ---- sendMessage -----------------------------------------------------------------------------

describe('sendMessage', () => {
  table('text', () => ({ type: 'sendMessage', messageType: 'text' }), [
    ['manager', 'open', true],
    ['host', 'open', true],
    ['guest', 'open', true],
    ['manager', 'restricted', true],
    ['host', 'restricted', true],
    ['guest', 'restricted', false],
    ['manager', 'expired', false],
    ['host', 'expired', false],
    ['guest', 'expired', false],
    ['manager', 'expiredRestricted', false],
  ]);

  describe.each(['photo', 'voice'] as const)('%s follows the same rules as text', (messageType) => {
    const send: Action = { type: 'sendMessage', messageType };
    it.each<Row>([
      ['manager', 'open', true],
      ['host', 'open', true],
      ['guest', 'open', true],
      ['host', 'restricted', true],
      ['guest', 'restricted', false],
      ['guest', 'expired', false],
    ])('%s in a %s party → %s', (who, party, expected) => {
      expect(can(actors[who], send, parties[party])).toBe(expected);
    });
  });

  describe.each(['heading', 'heading2', 'heading3', 'profile', 'video', 'audio', 'document'] as const)('%s is manager-only', (messageType) => {
    const send: Action = { type: 'sendMessage', messageType };
    it.each<Row>([
      ['manager', 'open', true],
      ['manager', 'restricted', true],
      ['host', 'open', false],
      ['host', 'restricted', false],
      ['guest', 'open', false],
      ['guest', 'restricted', false],
      ['manager', 'expired', false],
    ])('%s in a %s party → %s', (who, party, expected) => {
      expect(can(actors[who], send, parties[party])).toBe(expected);
    });
  });
});

// ---- editMessage -----------------------------------------------------------------------------

describe('editMessage', () => {
  table('own text message', (who) => ({ type: 'editMessage', message: msg('own', who) }), [
    ['manager', 'open', true],
    ['host', 'open', true],
    ['guest', 'open', true],
    ['manager', 'restricted', true],
    ['host', 'restricted', true],
    ['guest', 'restricted', false],
    ['manager', 'expired', false],
    ['host', 'expired', false],
    ['guest', 'expired', false],
  ]);

  table("someone else's message: never, not even for moderators", (who) => ({ type: 'editMessage', message: msg('other', who) }), [
    ['manager', 'open', false],
    ['host', 'open', false],
    ['guest', 'open', false],
    ['manager', 'restricted', false],
  ]);

  table('own deleted message', (who) => ({ type: 'editMessage', message: msg('own', who, 'text', true) }), [
    ['manager', 'open', false],
    ['host', 'open', false],
    ['guest', 'open', false],
  ]);

  it.each<[MessageType, boolean]>([
    ['text', true],
    ['photo', true],
    ['heading', true],
    ['heading2', true],
    ['heading3', true],
    ['voice', false],
    ['audio', false],
    ['video', true],
    ['document', true],
    ['profile', false],
  ])("the manager's own %s message is editable: %s", (messageType, expected) => {
    expect(can(manager, { type: 'editMessage', message: msg('own', 'manager', messageType) }, open)).toBe(expected);
  });

  it('a guest cannot edit their own voice message', () => {
    expect(can(guest, { type: 'editMessage', message: msg('own', 'guest', 'voice') }, open)).toBe(false);
  });
});

// ---- deleteMessage ---------------------------------------------------------------------------

describe('deleteMessage', () => {
  table('own message', (who) => ({ type: 'deleteMessage', message: msg('own', who) }), [
    ['manager', 'open', true],
    ['host', 'open', true],
    ['guest', 'open', true],
    ['manager', 'restricted', true],
    ['host', 'restricted', true],
    ['guest', 'restricted', false],
    ['manager', 'expired', false],
    ['host', 'expired', false],
    ['guest', 'expired', false],
  ]);

  table("someone else's message: moderators only", (who) => ({ type: 'deleteMessage', message: msg('other', who) }), [
    ['manager', 'open', true],
    ['host', 'open', true],
    ['guest', 'open', false],
    ['manager', 'restricted', true],
    ['host', 'restricted', true],
    ['guest', 'restricted', false],
    ['manager', 'expired', false],
    ['host', 'expired', false],
  ]);

  table('an already deleted message', (who) => ({ type: 'deleteMessage', message: msg('other', who, 'text', true) }), [
    ['manager', 'open', false],
    ['host', 'open', false],
    ['guest', 'open', false],
  ]);

  it('voice and profile messages can be deleted though not edited', () => {
    expect(can(manager, { type: 'deleteMessage', message: msg('own', 'manager', 'profile') }, open)).toBe(true);
    expect(can(guest, { type: 'deleteMessage', message: msg('own', 'guest', 'voice') }, open)).toBe(true);
  });
});

// ---- replyTo ---------------------------------------------------------------------------------

describe('replyTo', () => {
  it.each<[MessageType, boolean, boolean]>([
    ['text', false, true],
    ['photo', false, true],
    ['voice', false, true],
    ['profile', false, true],
    ['heading', false, false],
    ['heading2', false, false],
    ['heading3', false, false],
    ['text', true, false],
    ['photo', true, false],
  ])('a %s message (deleted: %s) is replyable: %s', (messageType, deleted, expected) => {
    for (const who of ['manager', 'host', 'guest'] as const) {
      for (const by of ['own', 'other'] as const) {
        expect(can(actors[who], { type: 'replyTo', message: msg(by, who, messageType, deleted) }, open), `${who}/${by}`).toBe(expected);
      }
    }
  });
});

// ---- members ---------------------------------------------------------------------------------

describe('removeGuest', () => {
  it.each<[Who, PartyRole, PartyName, boolean]>([
    ['manager', 'guest', 'open', true],
    ['host', 'guest', 'open', true],
    ['guest', 'guest', 'open', false],
    ['manager', 'host', 'open', false],
    ['host', 'host', 'open', false],
    ['manager', 'manager', 'open', false],
    ['host', 'manager', 'open', false],
    ['manager', 'guest', 'restricted', true],
    ['host', 'guest', 'restricted', true],
    ['manager', 'guest', 'expired', false],
    ['host', 'guest', 'expired', false],
  ])('%s removing a %s in a %s party → %s', (who, target, party, expected) => {
    expect(can(actors[who], { type: 'removeGuest', target: { role: target } }, parties[party])).toBe(expected);
  });
});

describe('makeHost', () => {
  it.each<[Who, PartyRole, PartyName, boolean]>([
    ['manager', 'guest', 'open', true],
    ['manager', 'guest', 'restricted', true],
    ['manager', 'host', 'open', false],
    ['manager', 'manager', 'open', false],
    ['host', 'guest', 'open', false],
    ['guest', 'guest', 'open', false],
    ['manager', 'guest', 'expired', false],
  ])('%s making a %s the host in a %s party → %s', (who, target, party, expected) => {
    expect(can(actors[who], { type: 'makeHost', target: { role: target } }, parties[party])).toBe(expected);
  });
});

// ---- party-level actions ---------------------------------------------------------------------

describe('party-level actions', () => {
  it.each<[Action['type'], Who, boolean]>([
    ['restrictMessaging', 'manager', true],
    ['restrictMessaging', 'host', true],
    ['restrictMessaging', 'guest', false],
    ['editParty', 'manager', true],
    ['editParty', 'host', false],
    ['editParty', 'guest', false],
    ['seeReadReceipts', 'manager', true],
    ['seeReadReceipts', 'host', false],
    ['seeReadReceipts', 'guest', false],
    ['changeOwnName', 'manager', false],
    ['changeOwnName', 'host', true],
    ['changeOwnName', 'guest', true],
  ])('%s by the %s → %s (open or restricted)', (type, who, expected) => {
    const action = { type } as Action;
    expect(can(actors[who], action, open)).toBe(expected);
    expect(can(actors[who], action, restricted)).toBe(expected);
  });

  it('nobody may change their name once the party expired', () => {
    for (const who of ['manager', 'host', 'guest'] as const) {
      expect(can(actors[who], { type: 'changeOwnName' }, expired), who).toBe(false);
    }
  });

  it('the manager may still edit an expired party and see its read receipts', () => {
    expect(can(manager, { type: 'editParty' }, expired)).toBe(true);
    expect(can(manager, { type: 'seeReadReceipts' }, expired)).toBe(true);
  });
});

// ---- attachMedia (the manager sends every kind, guests images and voice) ----

describe('attachMedia', () => {
  table('an item of the library', () => ({ type: 'attachMedia', source: 'library', messageType: 'photo' }), [
    ['manager', 'open', true],
    ['host', 'open', false],
    ['guest', 'open', false],
    ['manager', 'expired', false],
  ]);
  table('a video of the library', () => ({ type: 'attachMedia', source: 'library', messageType: 'video' }), [
    ['manager', 'open', true],
    ['host', 'open', false],
    ['guest', 'open', false],
  ]);
  describe.each(['photo', 'voice'] as const)('a %s upload', (messageType) => {
    it.each<Row>([
      ['manager', 'open', true],
      ['host', 'restricted', true],
      ['guest', 'open', true],
      ['guest', 'restricted', false],
      ['guest', 'expired', false],
    ])('%s in a %s party → %s', (who, party, expected) => {
      expect(can(actors[who], { type: 'attachMedia', source: 'upload', messageType }, parties[party])).toBe(expected);
    });
  });
  describe.each(['video', 'audio', 'document'] as const)('a %s upload, not through the library', (messageType) => {
    it.each<Who>(['manager', 'host', 'guest'])('%s → false', (who) => {
      expect(can(actors[who], { type: 'attachMedia', source: 'upload', messageType }, open)).toBe(false);
    });
  });
});

// ---- properties ------------------------------------------------------------------------------

const ids = ['a', 'b', 'c'] as const;
const roleArb = fc.constantFrom(...PARTY_ROLES);
const typeArb = fc.constantFrom(...MESSAGE_TYPES);
const actorArb: fc.Arbitrary<Actor> = fc.record({ id: fc.constantFrom(...ids), role: roleArb });
const partyArb: fc.Arbitrary<PartyState> = fc.record({ restrictedMessaging: fc.boolean(), expired: fc.boolean() });
const factsArb: fc.Arbitrary<MessageFacts> = fc.record({
  sender: fc.constantFrom(...ids),
  messageType: typeArb,
  message: fc.constantFrom('Hallo', MARKERS.guestJoined),
  deleted: fc.boolean(),
});
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('sendMessage' as const), messageType: typeArb }),
  fc.record({ type: fc.constant('editMessage' as const), message: factsArb }),
  fc.record({ type: fc.constant('deleteMessage' as const), message: factsArb }),
  fc.record({ type: fc.constant('replyTo' as const), message: factsArb }),
  fc.record({ type: fc.constant('removeGuest' as const), target: fc.record({ role: roleArb }) }),
  fc.record({ type: fc.constant('makeHost' as const), target: fc.record({ role: roleArb }) }),
  fc.record({ type: fc.constantFrom('restrictMessaging' as const, 'editParty' as const, 'seeReadReceipts' as const, 'changeOwnName' as const) }),
);

const CONTENT_CHANGES = new Set<Action['type']>(['sendMessage', 'editMessage', 'deleteMessage', 'removeGuest', 'makeHost', 'changeOwnName']);

describe('properties', () => {
  it('nothing that changes the chat is allowed in an expired party', () => {
    fc.assert(
      fc.property(actorArb, actionArb, fc.boolean(), (actor, action, restrictedMessaging) => {
        fc.pre(CONTENT_CHANGES.has(action.type));
        expect(can(actor, action, { restrictedMessaging, expired: true })).toBe(false);
      }),
    );
  });

  it("a guest never edits or deletes someone else's message", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        factsArb,
        partyArb,
        fc.constantFrom('editMessage' as const, 'deleteMessage' as const),
        (id, message, party, type) => {
          fc.pre(message.sender !== id);
          expect(can({ id, role: 'guest' }, { type, message }, party)).toBe(false);
        },
      ),
    );
  });

  it('a guest in a restricted party never sends or edits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), typeArb, factsArb, fc.boolean(), (id, messageType, message, isExpired) => {
        const party = { restrictedMessaging: true, expired: isExpired };
        const me: Actor = { id, role: 'guest' };
        expect(can(me, { type: 'sendMessage', messageType }, party)).toBe(false);
        expect(can(me, { type: 'editMessage', message }, party)).toBe(false);
        // Even their own message.
        expect(can(me, { type: 'editMessage', message: { ...message, sender: id } }, party)).toBe(false);
      }),
    );
  });

  it("the manager's permissions do not depend on restrictedMessaging", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), actionArb, fc.boolean(), (id, action, isExpired) => {
        const me: Actor = { id, role: 'manager' };
        expect(can(me, action, { restrictedMessaging: true, expired: isExpired })).toBe(can(me, action, { restrictedMessaging: false, expired: isExpired }));
      }),
    );
  });

  it('the host, like the manager, is not affected by restrictedMessaging', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), actionArb, fc.boolean(), (id, action, isExpired) => {
        const me: Actor = { id, role: 'host' };
        expect(can(me, action, { restrictedMessaging: true, expired: isExpired })).toBe(can(me, action, { restrictedMessaging: false, expired: isExpired }));
      }),
    );
  });

  it('restricting messaging never grants anything', () => {
    fc.assert(
      fc.property(actorArb, actionArb, fc.boolean(), (actor, action, isExpired) => {
        if (can(actor, action, { restrictedMessaging: true, expired: isExpired })) {
          expect(can(actor, action, { restrictedMessaging: false, expired: isExpired })).toBe(true);
        }
      }),
    );
  });

  it('can is total: it always returns a boolean and never throws', () => {
    fc.assert(
      fc.property(actorArb, actionArb, partyArb, (actor, action, party) => {
        expect(typeof can(actor, action, party)).toBe('boolean');
      }),
    );
  });
});

describe('notices (marker messages)', () => {
  const notice: MessageFacts = { sender: 'a', messageType: 'text', message: MARKERS.guestJoined, deleted: false };
  it.each(PARTY_ROLES)('a %s cannot edit, delete or reply to a notice, even its own', (role) => {
    const actor: Actor = { id: 'a', role };
    for (const type of ['editMessage', 'deleteMessage', 'replyTo'] as const) expect(can(actor, { type, message: notice }, open)).toBe(false);
  });
});
