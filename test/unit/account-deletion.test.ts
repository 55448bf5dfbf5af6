import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELETION_MAIL_INTERVAL_MS, deletionRequestCutoff, nextDeletionRequestAt } from '../../app/core/account-deletion';

describe('one account-deletion request per address in ten minutes', () => {
  it('names the next allowed time at the minute, never before the ten minutes are over', () => {
    expect(nextDeletionRequestAt(Date.UTC(2026, 10, 26, 14, 22, 30))).toBe(Date.UTC(2026, 10, 26, 14, 33));
    expect(nextDeletionRequestAt(Date.UTC(2026, 10, 26, 14, 22))).toBe(Date.UTC(2026, 10, 26, 14, 32));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (at) => {
        const next = nextDeletionRequestAt(at);
        expect(next % 60_000).toBe(0);
        expect(next - at).toBeGreaterThanOrEqual(DELETION_MAIL_INTERVAL_MS);
        expect(next - at).toBeLessThan(DELETION_MAIL_INTERVAL_MS + 60_000);
      }),
    );
  });

  it('lets a request through exactly from the time the refusal named (the cutoff is the same rule)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), fc.integer({ min: 0, max: 2 * DELETION_MAIL_INTERVAL_MS }), (at, later) => {
        const now = at + later;
        expect(at <= deletionRequestCutoff(now)).toBe(now >= nextDeletionRequestAt(at));
      }),
      { numRuns: 500 },
    );
  });
});
