import { generateNKeysBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { firstErrorCode } from '../../app/core/schemas';
import { TemplateMessageSchema } from '../../app/core/template-schemas';
import type { Ranked } from '../../app/core/templates';
import {
  TEMPLATE_PLACEHOLDER,
  byRank,
  isEditableMessage,
  isShareToken,
  isTemplatePlaceholder,
  mayOnTemplate,
  moveRanks,
  rankBefore,
  ranksBefore,
  refusal,
} from '../../app/core/templates';
import { templateCallError } from '../../app/core/errors';

/** Messages A–E with evenly spread ranks. */
function messages(ids = 'ABCDE'): Ranked[] {
  const ranks = generateNKeysBetween(null, null, ids.length);
  return [...ids].map((id, index) => ({ id, rank: ranks[index]! }));
}

/** The order after applying new ranks. */
function apply(ordered: Ranked[], ranks: Map<string, string>): string {
  return ordered
    .map((message) => ({ id: message.id, rank: ranks.get(message.id) ?? message.rank }))
    .sort(byRank)
    .map((message) => message.id)
    .join('');
}

describe('template ranks', () => {
  it('inserts before a message or at the end, between its neighbours', () => {
    const ordered = messages();
    const before = rankBefore(ordered, 'C')!;
    expect(before > ordered[1]!.rank && before < ordered[2]!.rank).toBe(true);
    expect(rankBefore(ordered, null)! > ordered[4]!.rank).toBe(true);
    expect(rankBefore(ordered, 'A')! < ordered[0]!.rank).toBe(true);
    expect(rankBefore([], null)).toEqual(expect.any(String));
    expect(rankBefore(ordered, 'X')).toBeNull();
    const three = ranksBefore(ordered, 'B', 3)!;
    expect(three).toHaveLength(3);
    expect([...three].sort()).toEqual(three);
    expect(three[0]! > ordered[0]!.rank && three[2]! < ordered[1]!.rank).toBe(true);
  });

  it('moves one message: only it gets a new rank', () => {
    const ordered = messages();
    const result = moveRanks(ordered, ['E'], 'B');
    if ('error' in result) throw new Error(result.error);
    expect([...result.ranks.keys()]).toEqual(['E']);
    expect(apply(ordered, result.ranks)).toBe('AEBCD');
    const toEnd = moveRanks(ordered, ['A'], null);
    if ('error' in toEnd) throw new Error(toEnd.error);
    expect(apply(ordered, toEnd.ranks)).toBe('BCDEA');
  });

  it('moves many, keeping their order, and touches no other message', () => {
    const ordered = messages();
    const result = moveRanks(ordered, ['D', 'A'], 'C');
    if ('error' in result) throw new Error(result.error);
    expect([...result.ranks.keys()].sort()).toEqual(['A', 'D']);
    expect(apply(ordered, result.ranks)).toBe('BADCE');
  });

  it('does nothing when the messages already stand there', () => {
    const ordered = messages();
    for (const [ids, before] of [
      [['B'], 'C'],
      [['B'], 'B'],
      [['E'], null],
      [['B', 'C'], 'D'],
      [['B', 'C'], 'C'],
    ] as const) {
      const result = moveRanks(ordered, ids, before);
      expect(result, `${ids.join('')} before ${before}`).toEqual({ ranks: new Map() });
    }
  });

  it('before one of the moved messages means before the next one that stays', () => {
    const ordered = messages();
    const result = moveRanks(ordered, ['B', 'D'], 'D');
    if ('error' in result) throw new Error(result.error);
    expect(apply(ordered, result.ranks)).toBe('ACBDE');
  });

  it('refuses unknown and repeated ids', () => {
    const ordered = messages();
    expect(moveRanks(ordered, ['X'], null)).toEqual({ error: 'messageNotFound' });
    expect(moveRanks(ordered, ['A'], 'X')).toEqual({ error: 'messageNotFound' });
    expect(moveRanks(ordered, ['A', 'A'], null)).toEqual({ error: 'invalidInput' });
  });
});

describe('who may do what with a template', () => {
  it('lets the owner do all, a recipient read and place their copy, a stranger nothing', () => {
    const actions = ['read', 'edit', 'share', 'place'] as const;
    expect(actions.filter((action) => mayOnTemplate('owner', action))).toEqual(actions);
    expect(actions.filter((action) => mayOnTemplate('recipient', action))).toEqual(['read', 'place']);
    expect(actions.filter((action) => mayOnTemplate('stranger', action))).toEqual([]);
    expect(refusal('recipient')).toBe('templateReadOnly');
    expect(refusal('stranger')).toBe('templateNotFound');
  });

  it('edits no voice, audio or profile message', () => {
    expect(['text', 'heading', 'photo', 'video', 'document', 'voice', 'audio', 'profile'].filter((type) => isEditableMessage(type as never))).toEqual([
      'text',
      'heading',
      'photo',
      'video',
      'document',
    ]);
  });

  it('knows a share token by its shape', () => {
    expect(isShareToken('AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    expect(isShareToken('AbCdEfGhIjKlMnOpQrSt_')).toBe(false);
    expect(isShareToken('AbCdEfGhIjKlMnOpQrSt/-')).toBe(false);
  });
});

describe('a template message as sent', () => {
  const codeOf = (value: unknown) => {
    const parsed = TemplateMessageSchema.safeParse(value);
    return parsed.success ? null : firstErrorCode(parsed.error);
  };
  const id = '00000000-0000-4000-8000-000000000001';

  it('takes a text, a heading, a media message with its file and a profile card by id', () => {
    expect(codeOf({ message: 'Hallo' })).toBeNull();
    expect(codeOf({ messageType: 'heading2', message: 'Pflege' })).toBeNull();
    expect(codeOf({ messageType: 'photo', mediaId: id })).toBeNull();
    expect(codeOf({ messageType: 'voice', mediaId: id, message: '' })).toBeNull();
    expect(codeOf({ messageType: 'profile', message: id })).toBeNull();
    expect(TemplateMessageSchema.parse({ message: 'Hallo' }).messageType).toBe('text');
  });

  it('refuses what does not fit its type', () => {
    expect(codeOf({ message: '' })).toBe('messageEmpty');
    expect(codeOf({})).toBe('invalidInput');
    expect(codeOf({ messageType: 'photo' })).toBe('invalidInput');
    expect(codeOf({ messageType: 'text', message: 'x', mediaId: id })).toBe('invalidInput');
    expect(codeOf({ messageType: 'profile', message: 'Clara' })).toBe('invalidInput');
    expect(codeOf({ messageType: 'profile', message: id, mediaId: id })).toBe('invalidInput');
    expect(codeOf({ messageType: 'text', message: '\u0001guestJoined' })).toBe('invalidText');
    expect(codeOf({ message: 'x', beforeMessageId: 'x' })).toBe('invalidInput');
  });
});

describe('the hidden placeholder and the template service failing (ADR 038)', () => {
  it('knows the placeholder with or without surrounding space, and nothing else', () => {
    expect(isTemplatePlaceholder(TEMPLATE_PLACEHOLDER)).toBe(true);
    expect(isTemplatePlaceholder(`\n ${TEMPLATE_PLACEHOLDER} `)).toBe(true);
    expect(isTemplatePlaceholder(`${TEMPLATE_PLACEHOLDER}!`)).toBe(false);
    expect(isTemplatePlaceholder('Hallo')).toBe(false);
  });

  it('says the service is down on no answer or a 5xx, and the call’s own error otherwise', () => {
    expect(templateCallError({ code: 'generic', status: 0 })).toBe('templatesDown');
    expect(templateCallError({ code: 'generic', status: 500 })).toBe('templatesDown');
    expect(templateCallError({ code: 'generic', status: 503 })).toBe('templatesDown');
    expect(templateCallError({ code: 'templateNotFound', status: 404 })).toBe('templateNotFound');
    expect(templateCallError({ code: 'templateReadOnly', status: 403 })).toBe('templateReadOnly');
  });

  it('lets only the owner delete for good', () => {
    expect(mayOnTemplate('owner', 'purge')).toBe(true);
    expect(mayOnTemplate('recipient', 'purge')).toBe(false);
    expect(mayOnTemplate('stranger', 'purge')).toBe(false);
  });
});
