import { describe, expect, it } from 'vitest';
import type { RandomSource } from '../../app/core/raffle';
import { drawWinner, entrantsOf, fairIndex } from '../../app/core/raffle';

const platform: RandomSource = (into) => crypto.getRandomValues(into);

/** A source that answers these values in turn. */
function scripted(values: number[]): RandomSource & { calls: number } {
  const source = Object.assign(
    (into: Uint32Array) => {
      into[0] = values[source.calls++]!;
      return into;
    },
    { calls: 0 },
  );
  return source;
}

describe('fairIndex', () => {
  it('draws again from the incomplete last block instead of favouring low indexes', () => {
    // 2^32 = 3 * 1431655765 + 1: the value 2^32 - 1 lies in the incomplete block and is drawn again.
    const source = scripted([2 ** 32 - 1, 7]);
    expect(fairIndex(3, source)).toBe(1);
    expect(source.calls).toBe(2);
    const once = scripted([2 ** 32 - 2]);
    expect(fairIndex(3, once)).toBe((2 ** 32 - 2) % 3);
    expect(once.calls).toBe(1);
  });

  it('refuses a pool of no one or of a fraction', () => {
    expect(() => fairIndex(0, platform)).toThrow(RangeError);
    expect(() => fairIndex(2.5, platform)).toThrow(RangeError);
  });

  it('gives every entrant the same chance (chi-square over 200,000 draws among 7)', () => {
    const entrants = 7;
    const draws = 200_000;
    const counts = new Array<number>(entrants).fill(0);
    for (let i = 0; i < draws; i++) counts[fairIndex(entrants, platform)]!++;
    const expected = draws / entrants;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: above 35.9 happens by chance with probability 1e-6, so a failure here
    // means a biased draw, not bad luck.
    expect(chiSquare).toBeLessThan(35.9);
    // And no entrant is far from a seventh.
    for (const count of counts) expect(Math.abs(count - expected) / expected).toBeLessThan(0.03);
  });
});

describe('drawWinner and entrantsOf', () => {
  it('draws among the pool without earlier winners, each once, in a fixed order', () => {
    const entrants = entrantsOf(['c', 'a', 'b', 'a', 'd'], ['d']);
    expect(entrants).toEqual(['a', 'b', 'c']);
    expect(drawWinner(entrants, scripted([4]))).toBe('b');
    expect(drawWinner([], platform)).toBeNull();
  });

  it('every entrant wins sometimes', () => {
    const won = new Set<string>();
    for (let i = 0; i < 500; i++) won.add(drawWinner(['Ida', 'Lea', 'Mia'], platform)!);
    expect([...won].sort()).toEqual(['Ida', 'Lea', 'Mia']);
  });
});
