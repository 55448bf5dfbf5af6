import { describe, expect, it } from 'vitest';
import { applyCardEvent, cardLine, sameChoice } from '../../app/core/cards';
import { formatPrice, parseAmount, parsePollCard, parseProductCard, pollCardText, templateAnswer } from '../../app/core/card-text';
import { checkCard } from '../../app/core/card-schemas';

describe('a card as the page reads it (ADR 044)', () => {
  it("formats a price in the reader's language", () => {
    expect(formatPrice({ amount: 2490, currency: 'EUR' }, 'de')).toBe('24,90\u00a0€');
    expect(formatPrice({ amount: 2490, currency: 'EUR' }, 'en')).toBe('€24.90');
    expect(formatPrice({ amount: 100_000, currency: 'CHF' }, 'de')).toMatch(/^1\.000,00\s?CHF$/);
  });

  it('reads a typed price into minor units, or nothing', () => {
    expect([parseAmount('19,90'), parseAmount('19.9'), parseAmount(' 20 '), parseAmount('0,05')]).toEqual([1990, 1990, 2000, 5]);
    expect([parseAmount('19,999'), parseAmount('-1'), parseAmount('1e3'), parseAmount(''), parseAmount('12345678')]).toEqual([null, null, null, null, null]);
  });

  it("keeps a quiz's answer out of the text everyone reads, and shows it to the template's owner", () => {
    const text = pollCardText({ question: 'Welche?', options: ['a', 'b'], multiple: false, correct: [1] });
    expect(text).not.toContain('correct');
    expect(parsePollCard(text)).toEqual({ question: 'Welche?', options: ['a', 'b'], multiple: false, quiz: true });
    expect(templateAnswer(JSON.stringify({ question: 'Welche?', options: ['a', 'b'], multiple: false, correct: [1] }))).toEqual([1]);
    expect(templateAnswer(text)).toBeNull();
  });

  it('reads no card from what is none, and says so in one line', () => {
    expect(parseProductCard('<b>')).toBeNull();
    expect(parseProductCard(JSON.stringify({ title: 'Creme', price: { amount: 1, currency: 'BTC' }, link: null }))).toBeNull();
    expect(parsePollCard(JSON.stringify({ question: 'x', options: 'a', multiple: false }))).toBeNull();
    expect(cardLine('product', JSON.stringify({ title: 'Creme' }))).toBe('🛍️ Creme');
    expect(cardLine('poll', 'kaputt')).toBe('📊');
  });

  it('normalises what the room stores: sorted answers, trimmed texts', () => {
    const checked = checkCard('poll', JSON.stringify({ question: ' Welche? ', options: [' a', 'b ', 'c'], multiple: true, correct: [2, 0] }));
    expect(checked).toEqual({
      ok: true,
      card: {
        type: 'poll',
        text: pollCardText({ question: 'Welche?', options: ['a', 'b', 'c'], multiple: true, correct: [0, 2] }),
        options: 3,
        multiple: true,
        correct: [0, 2],
      },
    });
    expect(checkCard('poll', JSON.stringify({ question: 'Welche?', options: ['a', 'b'], multiple: false, correct: [0, 0] }))).toEqual({
      ok: false,
      code: 'invalidAnswer',
    });
  });
});

describe("the page's tallies", () => {
  it('keeps what a frame does not carry: her own choice, the manager’s list', () => {
    const mine = applyCardEvent({}, { type: 'cardTally', tally: { messageId: 'm', counts: [1], closed: false, correct: null, mine: [0] } });
    const after = applyCardEvent(mine, { type: 'cardTally', tally: { messageId: 'm', counts: [2], closed: false, correct: null } });
    expect(after.m).toEqual({ messageId: 'm', counts: [2], closed: false, correct: null, mine: [0] });
    expect(sameChoice(after.m!.mine, [0])).toBe(true);
    expect(sameChoice([2, 0], [0, 2])).toBe(true);
    expect(sameChoice(undefined, [])).toBe(true);
  });
});
