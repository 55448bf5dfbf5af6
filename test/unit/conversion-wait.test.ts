import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionWaitMs } from '../../app/core/media';

describe('the wait before a video conversion is first polled', () => {
  it('is 500 ms per second of the video', () => {
    expect(conversionWaitMs(1)).toBe(500);
    expect(conversionWaitMs(3)).toBe(1500);
    expect(conversionWaitMs(30)).toBe(15000);
    expect(conversionWaitMs(2.5)).toBe(1250);
  });

  it('is 1 s when the length is unknown, zero or nonsense', () => {
    for (const duration of [null, undefined, 0, -4, Number.NaN, Number.POSITIVE_INFINITY]) expect(conversionWaitMs(duration)).toBe(1000);
  });

  it('grows with the length and never drops below zero', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), fc.double({ min: 0.001, max: 1e6, noNaN: true }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(conversionWaitMs(short)).toBeLessThanOrEqual(conversionWaitMs(long));
        expect(conversionWaitMs(short)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
