import { createExecutionContext, env, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PartyRoom } from '../../durable-objects/party-room';
import worker from '../../worker/index';
import type { Env } from '../../worker/env';
import type { Outage } from '../support/distance';
import { NEAR, Trace, distantD1 } from '../support/distance';
import { ORIGIN, api, connected, createConsultant, createParty, guestCookie, joinGuest, json, partyRoom, textMessage } from './fixtures';

/**
 * When the far side is slow or gone (issue 40, item 8), with D1 wrapped by the distance harness
 * (test/support/distance.ts): answering after 2 s, or not at all until it is back. A party already
 * open keeps chatting (its room's send path never waits for D1), a page says what is wrong in its
 * reader's language within 5 s (worker/db/client.ts: DATABASE_PATIENCE_MS), nothing sent is lost,
 * and what waited for D1 (the room's mirror) catches up once it is back.
 */

/** An outage to steer: gone until `back()`, or slow by `slowMs`. */
function outage(start: Partial<Outage>) {
  const now: Outage = { slowMs: 0, absentUntil: 0, ...start };
  return { read: () => now, back: () => Object.assign(now, { slowMs: 0, absentUntil: 0 }) };
}

/** The Worker with its database behind `far`, as a request sees it. */
async function fetchWith(far: ReturnType<typeof outage>, path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const started = Date.now();
  const response = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, { headers: { Host: new URL(ORIGIN).host, ...headers } }) as never,
    { ...env, DB: distantD1(env.DB, { reach: NEAR, outage: far.read }) } as Env,
    ctx,
  );
  const text = await response.text();
  const ms = Date.now() - started;
  far.back();
  await waitOnExecutionContext(ctx);
  return { response, text, ms };
}

async function guestParty() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id, { firstName: 'Fiona', lastName: 'Fern' });
  return { consultant, party, guest };
}

describe('the far side slow or gone', () => {
  it('a page whose database does not answer says so in its reader’s language within 5 s, and keeps her signed in', async () => {
    const { party, guest } = await guestParty();
    const gone = () => outage({ absentUntil: Date.now() + 30_000 });
    const german = await fetchWith(gone(), `/${party.shortId}`, guestCookie(guest));
    expect(german.response.status).toBe(503);
    expect(german.ms).toBeLessThan(5000);
    expect(german.text).toContain('Salon erreicht seine Daten gerade nicht');
    expect(german.text).toContain('Erneut versuchen');
    // Her key could not be checked, so nothing says it is wrong: her cookie stays.
    expect(german.response.headers.getSetCookie().filter((cookie) => cookie.startsWith('salon_guest='))).toEqual([]);
    const english = await fetchWith(gone(), `/${party.shortId}`, { ...guestCookie(guest), 'Accept-Language': 'en' });
    expect(english.response.status).toBe(503);
    expect(english.text).toContain('Salon cannot reach its data right now');
    // The page's data and the API say it with the code the client translates.
    const data = await fetchWith(gone(), `/${party.shortId}.data`, guestCookie(guest));
    expect(data.response.status).toBe(503);
    const history = await fetchWith(gone(), `/api/parties/${party.id}/chat`, guestCookie(guest));
    expect({ status: history.response.status, body: JSON.parse(history.text) }).toEqual({ status: 503, body: { error: { code: 'dataUnavailable' } } });
    expect(history.ms).toBeLessThan(5000);
  });

  it('a database answering after 2 s still opens a guest’s party page within 5 s (one round trip)', async () => {
    const { party, guest } = await guestParty();
    const member = await fetchWith(outage({ slowMs: 2000 }), `/${party.shortId}`, guestCookie(guest));
    expect(member.response.status).toBe(200);
    expect(member.ms).toBeLessThan(5000);
    expect(member.text).toContain('Fiona');
    const visitor = await fetchWith(outage({ slowMs: 2000 }), `/${party.shortId}`);
    expect(visitor.response.status).toBe(200);
    expect(visitor.ms).toBeLessThan(5000);
  });

  it('an open party keeps chatting while its room cannot reach D1; nothing is lost, and its mirror catches up once D1 is back', async () => {
    const { consultant, party, guest } = await guestParty();
    const manager = await connected(party.id, consultant.headers);
    const fiona = await connected(party.id, guest.headers);
    const far = outage({ absentUntil: Date.now() + 30_000 });
    const trace = new Trace();
    await runInDurableObject(partyRoom(party.id), (room: PartyRoom) => {
      // The kernel's env is the one every feature reaches D1 through (ADR 054).
      const live = room.kernel as unknown as { env: Env };
      live.env = { ...live.env, DB: distantD1(live.env.DB, { reach: NEAR, outage: far.read, trace }) };
    });

    const started = Date.now();
    const sent = ['Eins', 'Zwei', 'Drei', 'Vier', 'Fünf'];
    for (const text of sent) {
      fiona.socket.send(textMessage(text));
      await fiona.socket.next('ack');
    }
    for (const text of sent) await manager.socket.next('newMessage', 3000, (event) => event.message.message === text);
    // Sent, acknowledged and heard while D1 gives no answer at all.
    expect(Date.now() - started).toBeLessThan(3000);

    // The room's mirror is due (its alarm) and waits for D1 meanwhile; D1 comes back.
    const mirrored = runDurableObjectAlarm(partyRoom(party.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await env.DB.prepare('SELECT latest_seq AS seq FROM parties WHERE id = ?').bind(party.id).first<{ seq: number }>();
    far.back();
    await mirrored;
    const after = await env.DB.prepare('SELECT latest_seq AS seq, latest_sender_id AS sender FROM parties WHERE id = ?')
      .bind(party.id)
      .first<{ seq: number; sender: string }>();
    expect(after!.seq).toBeGreaterThan(before!.seq);
    expect(after!.sender).toBe(guest.guestId);
    // One summary for the five messages, written once D1 answered.
    expect(trace.trips.filter((trip) => /^update "parties"/i.test(trip.what))).toHaveLength(1);

    const page = await json<{ messages: { message: string }[] }>(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    for (const text of sent)
      expect(
        page.messages.filter((message) => message.message === text),
        text,
      ).toHaveLength(1);
    manager.socket.close();
    fiona.socket.close();
  });
});
