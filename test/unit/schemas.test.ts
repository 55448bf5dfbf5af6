import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../../app/core/limits';
import { partyDatesError } from '../../app/core/party';
import {
  ChangeNameSchema,
  HistoryQuerySchema,
  JoinPartySchema,
  MessageTextSchema,
  NameSchema,
  NewPartySchema,
  PartyEditSchema,
  PartyInputSchema,
  TempIdSchema,
  firstErrorCode,
} from '../../app/core/schemas';

/** The error code a client would see for `input`, or 'ok'. */
function codeOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : firstErrorCode(result.error);
}

const MANAGER = '3f0c8a52-1b7e-4c9d-8e2f-6a5b4c3d2e1f';

describe('NameSchema', () => {
  it.each([
    ['Anna', 'Anna'],
    ['  Anna  ', 'Anna'],
    ['\tJörg\t', 'Jörg'],
    ['Müller', 'Müller'],
    ['Weiß', 'Weiß'],
    ['François', 'François'],
    ['Ñúñez', 'Ñúñez'],
    ['Zoë', 'Zoë'],
    ["O'Brien", "O'Brien"],
    ['D’Angelo', 'D’Angelo'],
    ['Müller-Lüdenscheidt', 'Müller-Lüdenscheidt'],
    ['van der Berg', 'van der Berg'],
    ['Anna 🌸', 'Anna 🌸'],
    ['👩🏽‍🍳', '👩🏽‍🍳'],
    ['李', '李'],
    ['x'.repeat(50), 'x'.repeat(50)],
    [`  ${'x'.repeat(50)}  `, 'x'.repeat(50)],
  ])('accepts %j as %j', (input, output) => {
    expect(NameSchema.parse(input)).toBe(output);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['tab only', '\t'],
    ['51 characters', 'x'.repeat(51)],
    ['a newline', 'Anna\nMaria'],
    ['a carriage return', 'Anna\rMaria'],
    ['a line separator', 'Anna\u2028Maria'],
    ['a paragraph separator', 'Anna\u2029Maria'],
    ['NUL', 'An\u0000na'],
    ['a control character', 'An\u0007na'],
    ['DEL', 'Anna\u007f'],
    ['a right-to-left override', 'Anna\u202Egnp'],
    ['a left-to-right embedding', '\u202AAnna'],
    ['a bidi isolate', 'Anna\u2067'],
    ['a lone surrogate', 'Anna\uD800'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s as invalidName', (_, input) => {
    expect(codeOf(NameSchema, input)).toBe('invalidName');
  });

  it('counts length after trimming', () => {
    expect(NameSchema.safeParse(` ${'x'.repeat(50)} `).success).toBe(true);
  });

  it('counts characters, not UTF-16 units: 50 emoji are a valid name, 51 are not', () => {
    expect(NameSchema.safeParse('😀'.repeat(LIMITS.nameMax)).success).toBe(true);
    expect(codeOf(NameSchema, '😀'.repeat(LIMITS.nameMax + 1))).toBe('invalidName');
  });
});

describe('JoinPartySchema and ChangeNameSchema', () => {
  it('accepts names and an optional password, trimming the names', () => {
    expect(JoinPartySchema.parse({ firstName: ' Anna ', lastName: ' Weiß ' })).toEqual({ firstName: 'Anna', lastName: 'Weiß' });
    expect(JoinPartySchema.parse({ firstName: 'Anna', lastName: 'Weiß', password: ' geheim ' })).toEqual({
      firstName: 'Anna',
      lastName: 'Weiß',
      password: ' geheim ',
    });
  });

  it('does not trim or otherwise alter the password', () => {
    expect(JoinPartySchema.parse({ firstName: 'A', lastName: 'B', password: '  p w  ' }).password).toBe('  p w  ');
  });

  it.each([
    [{ firstName: '', lastName: 'Weiß' }, 'invalidName'],
    [{ firstName: 'Anna', lastName: ' ' }, 'invalidName'],
    [{ firstName: 'Anna' }, 'invalidName'],
    [{ lastName: 'Weiß' }, 'invalidName'],
    [{ firstName: 'Anna', lastName: 'Weiß', password: 'x'.repeat(201) }, 'invalidInput'],
    [{ firstName: 'Anna', lastName: 'Weiß', password: 42 }, 'invalidInput'],
    [{ firstName: 'Anna', lastName: 'Weiß', password: null }, 'invalidInput'],
  ])('%j → %s', (input, code) => {
    expect(codeOf(JoinPartySchema, input)).toBe(code);
  });

  it('allows a password of exactly passwordMax characters', () => {
    expect(JoinPartySchema.safeParse({ firstName: 'A', lastName: 'B', password: 'x'.repeat(LIMITS.passwordMax) }).success).toBe(true);
  });

  it('strips unknown fields', () => {
    expect(JoinPartySchema.parse({ firstName: 'A', lastName: 'B', role: 'host' })).toEqual({ firstName: 'A', lastName: 'B' });
    expect(ChangeNameSchema.parse({ firstName: 'A', lastName: 'B', id: 'x' })).toEqual({ firstName: 'A', lastName: 'B' });
  });
});

describe('PartyInputSchema', () => {
  const valid = { title: 'Sommerparty', start: 1_700_000_000_000, expiration: 1_700_259_200_000, manager: MANAGER, restrictedMessaging: true };

  it('accepts a full input', () => {
    expect(PartyInputSchema.parse(valid)).toEqual(valid);
  });

  it('needs only a title; start and expiration stay absent (unchanged on edit)', () => {
    const parsed = PartyInputSchema.parse({ title: 'Party' });
    expect(parsed).toEqual({ title: 'Party' });
    expect('start' in parsed).toBe(false);
    expect('expiration' in parsed).toBe(false);
  });

  it('keeps expiration: null (never expires) apart from an absent expiration (the default)', () => {
    const never = PartyInputSchema.parse({ title: 'Party', expiration: null });
    expect(never.expiration).toBeNull();
    expect('expiration' in never).toBe(true);
    const absent = PartyInputSchema.parse({ title: 'Party', expiration: undefined });
    expect(absent.expiration).toBeUndefined();
  });

  it('trims the title and the host', () => {
    expect(PartyInputSchema.parse({ title: '  Party  ', host: '  Anna  ' })).toMatchObject({ title: 'Party', host: 'Anna' });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['101 characters', 'x'.repeat(101)],
    ['a number', 5],
  ])('rejects a title that is %s as invalidInput', (_, title) => {
    expect(codeOf(PartyInputSchema, { title })).toBe('invalidInput');
  });

  it('accepts a title of exactly 100 characters (after trimming)', () => {
    expect(PartyInputSchema.parse({ title: ` ${'x'.repeat(100)} ` }).title).toBe('x'.repeat(100));
  });

  it.each([
    ['a newline', 'Party\nTime'],
    ['a bidi override', 'Party\u202E'],
    ['NUL', 'Party\u0000'],
  ])('rejects a title with %s as invalidText', (_, title) => {
    expect(codeOf(PartyInputSchema, { title })).toBe('invalidText');
  });

  it('rejects a host with a control character as invalidText, and a host over 100 characters', () => {
    expect(codeOf(PartyInputSchema, { title: 'P', host: 'An\u0000na' })).toBe('invalidText');
    expect(codeOf(PartyInputSchema, { title: 'P', host: 'x'.repeat(101) })).toBe('invalidInput');
    expect(PartyInputSchema.parse({ title: 'P', host: null }).host).toBeNull();
  });

  it.each(['start', 'expiration'] as const)('%s must be a non-negative integer or null', (field) => {
    expect(PartyInputSchema.parse({ title: 'P', [field]: 0 })[field]).toBe(0);
    expect(PartyInputSchema.parse({ title: 'P', [field]: null })[field]).toBeNull();
    for (const bad of [-1, 1.5, '1700000000000', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(codeOf(PartyInputSchema, { title: 'P', [field]: bad }), String(bad)).toBe('invalidInput');
    }
  });

  it('manager must be a UUID, or null, or absent', () => {
    expect(PartyInputSchema.parse({ title: 'P', manager: MANAGER }).manager).toBe(MANAGER);
    expect(PartyInputSchema.parse({ title: 'P', manager: null }).manager).toBeNull();
    for (const bad of ['', 'manager-1', '3f0c8a52-1b7e-4c9d-8e2f-6a5b4c3d2e1', 42]) {
      expect(codeOf(PartyInputSchema, { title: 'P', manager: bad }), String(bad)).toBe('invalidInput');
    }
  });

  it('restrictedMessaging must be a boolean', () => {
    expect(PartyInputSchema.parse({ title: 'P', restrictedMessaging: false }).restrictedMessaging).toBe(false);
    for (const bad of ['on', 'true', 1, null]) {
      expect(codeOf(PartyInputSchema, { title: 'P', restrictedMessaging: bad }), String(bad)).toBe('invalidInput');
    }
  });

  it('password may be null (no password) and is limited to passwordMax', () => {
    expect(PartyInputSchema.parse({ title: 'P', password: null }).password).toBeNull();
    expect(codeOf(PartyInputSchema, { title: 'P', password: 'x'.repeat(LIMITS.passwordMax + 1) })).toBe('invalidInput');
  });

  it('strips unknown fields', () => {
    expect(PartyInputSchema.parse({ title: 'P', userId: 'x', shortId: 'y' })).toEqual({ title: 'P' });
  });
});

describe('MessageTextSchema', () => {
  it.each([
    ['Hallo', 'Hallo'],
    ['  Hallo  ', '  Hallo  '],
    ['a\r\nb', 'a\nb'],
    ['a\rb', 'a\nb'],
    ['a\tb', 'a\tb'],
    ['👍🏽', '👍🏽'],
  ])('%j → %j', (input, output) => {
    expect(MessageTextSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', 'messageEmpty'],
    ['   ', 'messageEmpty'],
    ['\r\n\r\n', 'messageEmpty'],
    ['x'.repeat(4001), 'messageTooLong'],
    ['a\u0000', 'invalidText'],
    ['a\u202E', 'invalidText'],
    ['\uD800', 'invalidText'],
    [42, 'invalidInput'],
    [null, 'invalidInput'],
  ])('%j → %s', (input, code) => {
    expect(codeOf(MessageTextSchema, input)).toBe(code);
  });

  it('allows exactly messageTextMax characters', () => {
    expect(MessageTextSchema.safeParse('x'.repeat(LIMITS.messageTextMax)).success).toBe(true);
  });

  it('reports a text that is both too long and unclean as messageTooLong first', () => {
    expect(codeOf(MessageTextSchema, '\u0000'.repeat(LIMITS.messageTextMax + 1))).toBe('messageTooLong');
  });
});

describe('TempIdSchema', () => {
  it('accepts UUIDs and rejects other strings', () => {
    expect(TempIdSchema.safeParse('123e4567-e89b-42d3-a456-426614174000').success).toBe(true);
    expect(TempIdSchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(codeOf(TempIdSchema, 'temp-1')).toBe('invalidInput');
  });
});

describe('HistoryQuerySchema', () => {
  it.each([
    [{}, {}],
    [{ from: '12' }, { from: 12 }],
    [{ from: 12 }, { from: 12 }],
    [{ from: '1' }, { from: 1 }],
  ])('%j → %j', (input, output) => {
    expect(HistoryQuerySchema.parse(input)).toEqual(output);
  });

  it.each([0, -1, '0', '-1', 'abc', 1.5, '1.5', '', null])('rejects from=%j as invalidInput', (from) => {
    expect(codeOf(HistoryQuerySchema, { from })).toBe('invalidInput');
  });

  it('accepts URLSearchParams entries', () => {
    expect(HistoryQuerySchema.parse(Object.fromEntries(new URLSearchParams('from=50')))).toEqual({ from: 50 });
  });

  it.each([
    [{ around: '7' }, { around: 7 }],
    [{ after: '7' }, { after: 7 }],
  ])('%j → %j (a jump far back, and paging down from it)', (input, output) => {
    expect(HistoryQuerySchema.parse(input)).toEqual(output);
  });

  it.each([{ around: '0' }, { after: 'x' }, { around: '1.5' }, { from: '5', around: '5' }, { around: '5', after: '5' }, { from: '1', after: '2' }])(
    'rejects %j as invalidInput',
    (query) => {
      expect(codeOf(HistoryQuerySchema, query)).toBe('invalidInput');
    },
  );
});

describe('firstErrorCode', () => {
  it('returns the code of our first issue', () => {
    const result = JoinPartySchema.safeParse({ firstName: '', lastName: 'x'.repeat(60) });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.issues.length).toBeGreaterThanOrEqual(2);
      expect(firstErrorCode(result.error)).toBe('invalidName');
    }
  });

  it("returns 'invalidInput' for zod's own messages", () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstErrorCode(result.error)).toBe('invalidInput');
  });

  it("returns 'invalidInput' for a message that merely looks like prose", () => {
    const result = z.string().min(3, { error: 'Too short!' }).safeParse('x');
    expect(result.success).toBe(false);
    if (!result.success) expect(firstErrorCode(result.error)).toBe('invalidInput');
  });

  it("returns 'invalidInput' for an error without issues", () => {
    expect(firstErrorCode(new z.ZodError([]))).toBe('invalidInput');
  });

  it("does not return inherited names such as 'toString'", () => {
    const result = z.string().min(3, { error: 'toString' }).safeParse('x');
    expect(result.success).toBe(false);
    if (!result.success) expect(firstErrorCode(result.error)).toBe('invalidInput');
  });
});

describe('party dates', () => {
  const now = 1_700_000_000_000;
  const hour = 3_600_000;

  it('a new party: the expiry lies ahead and after the start; none at all is fine', () => {
    expect(partyDatesError({ start: null, expiration: now + hour }, now, false)).toBeNull();
    expect(partyDatesError({ start: null, expiration: null }, now, false)).toBeNull();
    expect(partyDatesError({ start: now - hour, expiration: null }, now, false)).toBeNull();
    expect(partyDatesError({ start: null, expiration: now - hour }, now, false)).toBe('expiryInPast');
    expect(partyDatesError({ start: null, expiration: now }, now, false)).toBe('expiryInPast');
    expect(partyDatesError({ start: now + 2 * hour, expiration: now + hour }, now, false)).toBe('expiryBeforeStart');
    expect(partyDatesError({ start: now + hour, expiration: now + hour }, now, false)).toBe('expiryBeforeStart');
  });

  it('an edit may end the party now or earlier (how a consultant ends it), never before its start', () => {
    expect(partyDatesError({ start: null, expiration: now - hour }, now, true)).toBeNull();
    expect(partyDatesError({ start: now - 2 * hour, expiration: now }, now, true)).toBeNull();
    expect(partyDatesError({ start: now - hour, expiration: now - 2 * hour }, now, true)).toBe('expiryBeforeStart');
  });

  it('the schemas refuse with the code at the expiration field', () => {
    const past = { title: 'Party', expiration: Date.now() - hour };
    expect(codeOf(NewPartySchema, past)).toBe('expiryInPast');
    expect(codeOf(PartyEditSchema, past)).toBe('ok');
    const reversed = { title: 'Party', start: Date.now() + 2 * hour, expiration: Date.now() + hour };
    expect(codeOf(NewPartySchema, reversed)).toBe('expiryBeforeStart');
    expect(codeOf(PartyEditSchema, reversed)).toBe('expiryBeforeStart');
    expect(NewPartySchema.safeParse(past).error?.issues[0]?.path).toEqual(['expiration']);
    // A bad title is still the first thing said.
    expect(codeOf(NewPartySchema, { ...past, title: '' })).toBe('invalidInput');
  });
});
