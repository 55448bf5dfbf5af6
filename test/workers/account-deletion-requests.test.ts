import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DELETION_MAIL_INTERVAL_MS, nextDeletionRequestAt } from '../../app/core/account-deletion';
import worker from '../../worker/index';
import { requestDeletion } from '../../worker/services/account-deletion';
import { ORIGIN, api, expectError } from './fixtures';

/**
 * Account deletion requested for addresses without an account (the mails themselves are in
 * test/workers-mail): one address may ask once in ten minutes, and the limit must remember
 * addresses nobody has, or asking twice would tell which addresses have an account.
 */

const ask = (email: string) => api('/moderation/delete-account', { method: 'POST', body: { email } });
const stored = () =>
  env.DB.prepare('SELECT address_hash AS hash, requested_at AS at FROM account_deletion_requests')
    .all<{ hash: string; at: number }>()
    .then((found) => found.results);

describe('an account-deletion request for an address without an account', () => {
  it('asked again within ten minutes, in any spelling: refused with when to ask again, remembered only as a hash', async () => {
    const address = `niemand-${crypto.randomUUID()}@salon.test`;
    const before = (await stored()).length;
    expect((await ask(address)).status).toBe(204);
    const again = await ask(address.toUpperCase());
    await expectError(again.clone(), 429, 'deletionRequestedRecently');
    expect(await stored()).toHaveLength(before + 1);
    const text = JSON.stringify(await stored());
    expect(text).not.toContain(address);
    expect(text).not.toContain(address.split('@')[0]);
    const seconds = Number(again.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(DELETION_MAIL_INTERVAL_MS / 1000 - 5);
    expect(seconds).toBeLessThanOrEqual(DELETION_MAIL_INTERVAL_MS / 1000 + 60);
    // Another address is not held back by this one.
    expect((await ask(`jemand-${crypto.randomUUID()}@salon.test`)).status).toBe(204);
  });

  it('the service says when, at the minute; after that the address may ask again, and the cron forgets it', async () => {
    const address = `spaeter-${crypto.randomUUID()}@salon.test`;
    const at = Date.UTC(2026, 10, 26, 14, 22, 30);
    const run = async (now: number) => {
      const ctx = createExecutionContext();
      const answer = await requestDeletion(env, ctx, address, 'de', ORIGIN, now);
      await waitOnExecutionContext(ctx);
      return answer;
    };
    expect(await run(at)).toEqual({ sent: true });
    // Ten minutes after 14:22:30 is 14:32:30: the page can say "from 14:33", and that holds.
    expect(await run(at + 60_000)).toEqual({ sent: false, againAt: Date.UTC(2026, 10, 26, 14, 33) });
    expect(nextDeletionRequestAt(at)).toBe(Date.UTC(2026, 10, 26, 14, 33));
    expect(await run(Date.UTC(2026, 10, 26, 14, 32, 59))).toEqual({ sent: false, againAt: Date.UTC(2026, 10, 26, 14, 33) });
    expect(await run(Date.UTC(2026, 10, 26, 14, 33))).toEqual({ sent: true });

    // Requests older than the interval are forgotten by the daily cron.
    await env.DB.prepare('UPDATE account_deletion_requests SET requested_at = ?')
      .bind(Date.now() - DELETION_MAIL_INTERVAL_MS - 2 * 60_000)
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);
    expect(await stored()).toEqual([]);
  });
});
