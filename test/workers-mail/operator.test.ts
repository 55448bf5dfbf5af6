import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PartyRoom } from '../../durable-objects/party-room';
import { TALLY_WINDOW_MS } from '../../durable-objects/kernel/tally';
import { lastDay } from '../../worker/services/operator';
import { ORIGIN, api, createConsultant, createParty, joinGuest, partyRoom, sessionCookie } from '../workers/fixtures';

/**
 * The operator's counters (ADR 063) through the real Worker and room into the Analytics Engine
 * stand-in (scripts/metrics-server.mjs), read back by the operator page's query: joins, sends,
 * socket opens, errors by code; the page for the configured operator alone.
 */

async function operator() {
  const who = await createConsultant({ name: 'Olga' });
  // The configured operator's address (wrangler.toml OPERATOR_EMAILS).
  await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind('anna@salon.test', who.userId).run();
  return who;
}

const chart = async (counter: string) => (await lastDay(env)).charts.find((entry) => entry.counter === counter)!;

describe('the operator’s counters', () => {
  it('count joins, messages, sockets and errors by code, and the page shows them to the operator alone', async () => {
    const before = { join: (await chart('join')).total, send: (await chart('send')).total, error: (await chart('error')).total };
    const anna = await createConsultant();
    const party = await createParty(anna);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    for (const text of ['eins', 'zwei', 'drei'])
      expect(
        (await api(`/parties/${party.id}/chat`, { method: 'POST', headers: maria.headers, body: { tempId: crypto.randomUUID(), message: text } })).status,
      ).toBe(201);
    expect((await api(`/parties/${party.id}/chat`, { method: 'POST', body: { message: 'x' } })).status).toBe(401);
    // The room writes its counters once a minute: its alarm's duty, run here a minute on.
    await runInDurableObject(partyRoom(party.id), (room: PartyRoom) => room.kernel.tally.run(Date.now() + TALLY_WINDOW_MS + 1));

    await expect.poll(async () => (await chart('join')).total, { timeout: 5000 }).toBeGreaterThanOrEqual(before.join + 1);
    // Three messages and Maria's arrival notice.
    await expect.poll(async () => (await chart('send')).total, { timeout: 5000 }).toBeGreaterThanOrEqual(before.send + 4);
    const errors = await chart('error');
    expect(errors.total).toBeGreaterThanOrEqual(before.error + 1);
    expect(errors.details.map(([code]) => code)).toContain('unauthorized');

    const olga = await operator();
    const page = await SELF.fetch(`${ORIGIN}/operator`, { headers: sessionCookie(olga) });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Betrieb');
    expect(html).toContain('Beitritte');
    expect(html).toContain('unauthorized');
    // Another consultant finds no such page, and no way to it in her menu; the operator's menu has one.
    expect((await SELF.fetch(`${ORIGIN}/operator`, { headers: sessionCookie(anna) })).status).toBe(404);
    expect(await (await SELF.fetch(`${ORIGIN}/parties`, { headers: sessionCookie(anna) })).text()).not.toContain('href="/operator"');
    expect(await (await SELF.fetch(`${ORIGIN}/parties`, { headers: sessionCookie(olga) })).text()).toContain('href="/operator"');
  });
});
