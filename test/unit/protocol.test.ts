import { isCardType } from '../../app/core/cards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, TIMINGS } from '../../app/core/limits';
import { MESSAGE_TYPES, PING_FRAME, PONG_FRAME, PROTOCOL_VERSION, frameBytes, parseClientFrame, type ParsedFrame } from '../../app/core/protocol';

const TEMP_ID = '123e4567-e89b-42d3-a456-426614174000';
const MESSAGE_ID = '9b2f3c1e-7d4a-4e8b-9c2d-1f0a3b5c7d9e';

const frame = (value: unknown) => JSON.stringify(value);
const send = (fields: Record<string, unknown> = {}) => frame({ type: 'sendMessage', tempId: TEMP_ID, messageType: 'text', message: 'Hallo', ...fields });
const utf8 = (s: string) => new TextEncoder().encode(s).length;

function event(parsed: ParsedFrame) {
  if (!parsed.ok) throw new Error(`expected ok, got ${parsed.code}`);
  return parsed.event;
}

/** True when the string has no unpaired surrogate (String#isWellFormed is ES2024). */
const wellFormed = (s: string) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));

const CARD_TEXT = {
  product: JSON.stringify({ title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' }),
  poll: JSON.stringify({ question: 'Welche Creme ist vegan?', options: ['Rose', 'Aloe'], multiple: false, correct: [1] }),
  booking: JSON.stringify({ text: 'Gib deine eigene Party!' }),
  team: JSON.stringify({ text: 'Komm in mein Team!' }),
};

describe('parseClientFrame: valid events', () => {
  it.each([
    ['join with lastSeq', { type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: 42 }],
    ['join with lastSeq 0', { type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: 0 }],
    ['join with null lastSeq', { type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: null }],
    ['join without lastSeq', { type: 'join', protocolVersion: PROTOCOL_VERSION }],
    ['join with another version (answered by the room, not the parser)', { type: 'join', protocolVersion: 99 }],
    ['iAmOnline', { type: 'iAmOnline' }],
    ['sendMessage', { type: 'sendMessage', tempId: TEMP_ID, messageType: 'text', message: 'Hallo zusammen!' }],
    ['sendMessage replying', { type: 'sendMessage', tempId: TEMP_ID, messageType: 'text', message: 'Ja', replyingTo: MESSAGE_ID }],
    ['sendMessage replying to null', { type: 'sendMessage', tempId: TEMP_ID, messageType: 'text', message: 'Ja', replyingTo: null }],
    ['updateMessage', { type: 'updateMessage', messageId: MESSAGE_ID, message: 'Korrigiert' }],
    ['updateSeen', { type: 'updateSeen', seq: 17 }],
    ['updateSeen 0', { type: 'updateSeen', seq: 0 }],
    ['guestUpdate', { type: 'guestUpdate', firstName: 'Jörg', lastName: 'Müller-Lüdenscheidt' }],
    ['join that takes batch frames', { type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: 3, batch: true }],
    ['members from the start', { type: 'members', offset: 0 }],
    ['members from further on', { type: 'members', offset: 150 }],
  ])('%s', (_, input) => {
    expect(event(parseClientFrame(frame(input)))).toEqual(input);
  });

  it.each(MESSAGE_TYPES)('sendMessage of messageType %s parses (permissions decide later)', (messageType) => {
    const card = isCardType(messageType) ? { message: CARD_TEXT[messageType] } : {};
    expect(event(parseClientFrame(send({ messageType, ...card })))).toMatchObject({ type: 'sendMessage', messageType });
  });

  it.each([
    ['a choice', { type: 'cardChoice', messageId: MESSAGE_ID, options: [0, 2] }],
    ['a choice taken back', { type: 'cardChoice', messageId: MESSAGE_ID, options: [] }],
    ['closing a poll', { type: 'closePoll', messageId: MESSAGE_ID }],
  ])('card event: %s', (_, input) => {
    expect(event(parseClientFrame(frame(input)))).toEqual(input);
  });

  it("refuses a card that is none with the card's own code, and names the message", () => {
    const poll = JSON.stringify({ question: 'Welche?', options: ['nur eine'], multiple: false });
    expect(parseClientFrame(send({ messageType: 'poll', message: poll }))).toEqual({ ok: false, code: 'pollOptions', tempId: TEMP_ID });
    const product = JSON.stringify({ title: 'Creme', price: null, link: 'http://shop.example' });
    expect(parseClientFrame(send({ messageType: 'product', message: product }))).toMatchObject({ ok: false, code: 'invalidShopLink' });
    expect(parseClientFrame(frame({ type: 'cardChoice', messageId: MESSAGE_ID, options: [10] }))).toMatchObject({ ok: false, code: 'invalidFrame' });
  });

  it('trims guest names', () => {
    expect(event(parseClientFrame(frame({ type: 'guestUpdate', firstName: '  Anna ', lastName: ' Weiß ' })))).toEqual({
      type: 'guestUpdate',
      firstName: 'Anna',
      lastName: 'Weiß',
    });
  });

  it('normalises \\r\\n and lone \\r to \\n in messages', () => {
    expect(event(parseClientFrame(send({ message: 'eins\r\nzwei\rdrei\nvier' })))).toMatchObject({ message: 'eins\nzwei\ndrei\nvier' });
    expect(event(parseClientFrame(frame({ type: 'updateMessage', messageId: MESSAGE_ID, message: 'a\r\nb' })))).toMatchObject({ message: 'a\nb' });
  });

  it('keeps the text otherwise as sent (no trimming of messages, tabs and emoji allowed)', () => {
    const message = '  \tPrima 👍🏽 – danke!  ';
    expect(event(parseClientFrame(send({ message })))).toMatchObject({ message });
  });

  it('strips unknown fields, so a client cannot claim a sender, role or seq', () => {
    const parsed = event(parseClientFrame(send({ sender: 'someone', role: 'manager', seq: 7, senderType: 'manager', id: MESSAGE_ID, timestamp: 1 })));
    expect(parsed).toEqual({ type: 'sendMessage', tempId: TEMP_ID, messageType: 'text', message: 'Hallo' });
    for (const key of ['sender', 'role', 'seq', 'senderType', 'id', 'timestamp']) expect(parsed).not.toHaveProperty(key);
  });

  it('strips unknown fields from every event type', () => {
    expect(event(parseClientFrame(frame({ type: 'iAmOnline', memberId: 'x', role: 'host' })))).toEqual({ type: 'iAmOnline' });
    expect(event(parseClientFrame(frame({ type: 'updateSeen', seq: 3, memberId: 'x' })))).toEqual({ type: 'updateSeen', seq: 3 });
    expect(event(parseClientFrame(frame({ type: 'members', offset: 50, limit: 10_000, role: 'manager' })))).toEqual({ type: 'members', offset: 50 });
    expect(event(parseClientFrame(frame({ type: 'guestUpdate', firstName: 'A', lastName: 'B', role: 'host', id: 'x' })))).toEqual({
      type: 'guestUpdate',
      firstName: 'A',
      lastName: 'B',
    });
  });

  it('accepts a maximal message (4000 four-byte emoji, with replyingTo) within the frame limit', () => {
    const input = send({ messageType: 'heading3', message: '😀'.repeat(LIMITS.messageTextMax), replyingTo: MESSAGE_ID });
    expect(utf8(input)).toBeLessThanOrEqual(LIMITS.frameBytesMax);
    expect(parseClientFrame(input).ok).toBe(true);
  });
});

describe('parseClientFrame: rejected frames', () => {
  it.each(['', 'not json', '{', '{"type":"iAmOnline"', "{'type':'iAmOnline'}", '{"type":"iAmOnline"} trailing'])('invalid JSON %j → invalidFrame', (input) => {
    expect(parseClientFrame(input)).toEqual({ ok: false, code: 'invalidFrame' });
  });

  it('a binary frame → invalidFrame', () => {
    expect(parseClientFrame(new TextEncoder().encode(frame({ type: 'iAmOnline' })).buffer as ArrayBuffer)).toEqual({ ok: false, code: 'invalidFrame' });
    expect(parseClientFrame(new ArrayBuffer(0))).toEqual({ ok: false, code: 'invalidFrame' });
  });

  it.each([
    ['unknown type', { type: 'deleteEverything' }],
    ['server-only type', { type: 'welcome' }],
    ['numeric type', { type: 5 }],
    ['missing type', { message: 'hi' }],
    ['empty object', {}],
  ])('%s → unknownEvent', (_, input) => {
    expect(parseClientFrame(frame(input))).toEqual({ ok: false, code: 'unknownEvent' });
  });

  it.each(['42', 'null', '[]', '"iAmOnline"', 'true'])('JSON that is not an object (%s) → not ok', (input) => {
    const parsed = parseClientFrame(input);
    expect(parsed.ok).toBe(false);
  });

  describe('size', () => {
    it('a frame of exactly frameBytesMax bytes is parsed', () => {
      const base = send({ message: '' });
      const input = send({ message: 'x'.repeat(LIMITS.frameBytesMax - utf8(base)) });
      expect(utf8(input)).toBe(LIMITS.frameBytesMax);
      // It parses up to the schema: the text is longer than a message may be.
      expect(parseClientFrame(input)).toEqual({ ok: false, code: 'messageTooLong', tempId: TEMP_ID });
    });

    it('one byte more → frameTooLarge', () => {
      const base = send({ message: '' });
      const input = send({ message: 'x'.repeat(LIMITS.frameBytesMax - utf8(base) + 1) });
      expect(utf8(input)).toBe(LIMITS.frameBytesMax + 1);
      expect(parseClientFrame(input)).toEqual({ ok: false, code: 'frameTooLarge' });
    });

    it('counts UTF-8 bytes, not characters: 6000 € are 18000 bytes', () => {
      const input = send({ message: '€'.repeat(6000) });
      expect(input.length).toBeLessThan(LIMITS.frameBytesMax);
      expect(utf8(input)).toBeGreaterThan(LIMITS.frameBytesMax);
      expect(parseClientFrame(input)).toEqual({ ok: false, code: 'frameTooLarge' });
    });

    it('counts 4-byte characters: 4100 emoji (8200 UTF-16 units) are 16400 bytes', () => {
      const input = frame({ type: 'iAmOnline', pad: '😀'.repeat(4100) });
      expect(input.length).toBeLessThan(LIMITS.frameBytesMax);
      expect(parseClientFrame(input)).toEqual({ ok: false, code: 'frameTooLarge' });
    });

    it('an oversized frame is refused even when it is not JSON', () => {
      expect(parseClientFrame('x'.repeat(LIMITS.frameBytesMax + 1))).toEqual({ ok: false, code: 'frameTooLarge' });
    });
  });

  describe('message text', () => {
    it.each(['', ' ', '   \t ', '\n\n', '\r\n', '\u00a0'])('empty or blank %j → messageEmpty with the tempId', (message) => {
      expect(parseClientFrame(send({ message }))).toEqual({ ok: false, code: 'messageEmpty', tempId: TEMP_ID });
    });

    it('updateMessage with a blank text is an emptied caption (the room refuses it for a text)', () => {
      expect(parseClientFrame(frame({ type: 'updateMessage', messageId: MESSAGE_ID, message: '  ' }))).toEqual({
        ok: true,
        event: { type: 'updateMessage', messageId: MESSAGE_ID, message: '' },
      });
    });

    it('4000 characters are fine, 4001 → messageTooLong with the tempId', () => {
      expect(parseClientFrame(send({ message: 'a'.repeat(LIMITS.messageTextMax) })).ok).toBe(true);
      expect(parseClientFrame(send({ message: 'a'.repeat(LIMITS.messageTextMax + 1) }))).toEqual({ ok: false, code: 'messageTooLong', tempId: TEMP_ID });
    });

    it.each([
      ['NUL', 'a\u0000b'],
      ['BEL', 'a\u0007b'],
      ['ESC', '\u001b[31mred'],
      ['DEL', 'a\u007fb'],
      ['bidi override', 'abc\u202Egnp.exe'],
      ['bidi isolate', 'a\u2066b'],
      ['lone high surrogate', 'a\uD800b'],
      ['lone high surrogate at the end', 'abc\uD83D'],
      ['lone low surrogate', '\uDE00abc'],
      ['reversed pair', '\uDE00\uD83D'],
    ])('%s → invalidText with the tempId', (_, message) => {
      expect(parseClientFrame(send({ message }))).toEqual({ ok: false, code: 'invalidText', tempId: TEMP_ID });
    });

    it('lone surrogates written as JSON escapes are refused too', () => {
      const input = `{"type":"sendMessage","tempId":"${TEMP_ID}","messageType":"text","message":"a\\ud800b"}`;
      expect(parseClientFrame(input)).toEqual({ ok: false, code: 'invalidText', tempId: TEMP_ID });
    });

    it('a message that is not a string is not ok', () => {
      expect(parseClientFrame(send({ message: 42 })).ok).toBe(false);
      expect(parseClientFrame(send({ message: null })).ok).toBe(false);
      expect(parseClientFrame(send({ message: undefined })).ok).toBe(false);
    });
  });

  describe('ids and fields', () => {
    it.each(['', 'abc', '123', '123e4567-e89b-42d3-a456-42661417400', '{123e4567-e89b-42d3-a456-426614174000}', 42, null])(
      'tempId %j → not ok, tempId not echoed',
      (tempId) => {
        const parsed = parseClientFrame(send({ tempId }));
        expect(parsed.ok).toBe(false);
        expect(parsed).not.toHaveProperty('tempId');
      },
    );

    it('a missing tempId → not ok', () => {
      expect(parseClientFrame(frame({ type: 'sendMessage', messageType: 'text', message: 'hi' })).ok).toBe(false);
    });

    it('an unknown messageType → invalidFrame, with the tempId echoed so the client can mark it failed', () => {
      expect(parseClientFrame(send({ messageType: 'sticker' }))).toEqual({ ok: false, code: 'invalidFrame', tempId: TEMP_ID });
    });

    it('a replyingTo that is not a UUID → not ok', () => {
      expect(parseClientFrame(send({ replyingTo: 'msg-1' })).ok).toBe(false);
    });

    it('updateMessage needs a UUID messageId', () => {
      expect(parseClientFrame(frame({ type: 'updateMessage', messageId: 'm1', message: 'x' })).ok).toBe(false);
      expect(parseClientFrame(frame({ type: 'updateMessage', message: 'x' })).ok).toBe(false);
    });

    it.each([
      { type: 'join' },
      { type: 'join', protocolVersion: '1' },
      { type: 'join', protocolVersion: 1.5 },
      { type: 'join', protocolVersion: 1, lastSeq: -1 },
      { type: 'join', protocolVersion: 1, lastSeq: 2.5 },
      { type: 'updateSeen' },
      { type: 'updateSeen', seq: -1 },
      { type: 'updateSeen', seq: 1.5 },
      { type: 'updateSeen', seq: '3' },
      { type: 'join', protocolVersion: 1, batch: 'yes' },
      { type: 'members' },
      { type: 'members', offset: -1 },
      { type: 'members', offset: 0.5 },
      { type: 'members', offset: '0' },
      { type: 'members', offset: null },
      { type: 'members', offset: 1e300 },
    ])('%j → invalidFrame', (input) => {
      expect(parseClientFrame(frame(input))).toEqual({ ok: false, code: 'invalidFrame' });
    });

    it.each([
      { firstName: '', lastName: 'B' },
      { firstName: 'A', lastName: '   ' },
      { firstName: 'A\nB', lastName: 'C' },
      { firstName: 'A', lastName: 'x'.repeat(51) },
      { firstName: 'A\u202E', lastName: 'B' },
    ])('guestUpdate with a bad name %j → invalidName', (names) => {
      expect(parseClientFrame(frame({ type: 'guestUpdate', ...names }))).toEqual({ ok: false, code: 'invalidName' });
    });
  });
});

describe('frameBytes', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['ä', 2],
    ['€', 3],
    ['😀', 4],
    ['a€😀ä', 10],
    ['€'.repeat(6000), 18000],
  ])('%j → %i bytes', (s, bytes) => {
    expect(frameBytes(s)).toBe(bytes);
    expect(frameBytes(s)).toBe(utf8(s));
  });

  it('equals the UTF-8 length for any string of graphemes', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => frameBytes(s) === utf8(s)));
  });

  it('equals the UTF-8 length for any well-formed string of code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        fc.pre(wellFormed(s));
        return frameBytes(s) === utf8(s);
      }),
    );
  });

  it('never undercounts a lone low surrogate (3 bytes, like its replacement character)', () => {
    expect(frameBytes('\uDC00')).toBe(3);
  });
});

describe('parseClientFrame is total', () => {
  it('never throws for any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.json()), (s) => {
        const parsed = parseClientFrame(s);
        expect(typeof parsed.ok).toBe('boolean');
      }),
    );
  });

  it('never throws for any JSON value, and a failure always carries a known code', () => {
    const codes = ['invalidFrame', 'unknownEvent', 'frameTooLarge', 'messageEmpty', 'messageTooLong', 'invalidText', 'invalidName'];
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = parseClientFrame(JSON.stringify(value));
        if (!parsed.ok) expect(codes).toContain(parsed.code);
      }),
    );
  });

  it('never throws for near-valid sendMessage frames, and echoes only a valid tempId', () => {
    const arb = fc.record(
      {
        type: fc.constantFrom('sendMessage', 'updateMessage', 'join', 'nope'),
        tempId: fc.oneof(fc.uuid(), fc.string()),
        messageType: fc.oneof(fc.constantFrom(...MESSAGE_TYPES), fc.string()),
        message: fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.anything()),
        replyingTo: fc.oneof(fc.uuid(), fc.constant(null), fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arb, (value) => {
        const parsed = parseClientFrame(JSON.stringify(value));
        if (!parsed.ok && parsed.tempId !== undefined) expect(parsed.tempId).toBe(value.tempId);
      }),
    );
  });
});

describe('the heartbeat frames', () => {
  it('are not events: the runtime answers the ping, and one that reached the room would be refused, never handled', () => {
    expect(PING_FRAME).not.toBe(PONG_FRAME);
    expect(parseClientFrame(PING_FRAME)).toEqual({ ok: false, code: 'invalidFrame' });
    expect(() => JSON.parse(PONG_FRAME)).toThrow();
  });

  it('the page pings well within the time the room waits before it drops a silent socket', () => {
    expect(TIMINGS.pingIntervalMs * 2).toBeLessThanOrEqual(TIMINGS.silentAfterMs);
    expect(TIMINGS.heartbeatTimeoutMs).toBeGreaterThan(TIMINGS.pingIntervalMs);
  });
});
