import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Env } from '../../worker/env';
import { database } from '../../worker/db/client';
import { createParty as makeParty, findParty } from '../../worker/services/parties';
import { room } from '../../worker/services/room-place';
import { api, connected, createConsultant, createParty, json, joinGuest, textMessage } from './fixtures';

/**
 * Where a party's room lives (ADR 050): made in the deployment's jurisdiction (DATA_JURISDICTION,
 * `eu` in wrangler.toml) with a location hint from its consultant's region, both fixed on the party;
 * a party made before (no jurisdiction) keeps the room it has. workerd has no jurisdictions, so the
 * local ids come from the jurisdiction's own names (worker/services/room-place.ts).
 */

/** The rooms' namespace, recording what the Worker asks of it. */
function recordingRooms(real: Env['PARTY_ROOM']) {
  const asked: { jurisdictions: string[]; hints: (string | undefined)[] } = { jurisdictions: [], hints: [] };
  const rooms = new Proxy(real, {
    get(target, property) {
      if (property === 'jurisdiction')
        return (jurisdiction: DurableObjectJurisdiction) => {
          asked.jurisdictions.push(jurisdiction);
          return target.jurisdiction(jurisdiction);
        };
      if (property === 'get')
        return (id: DurableObjectId, options?: DurableObjectNamespaceGetDurableObjectOptions) => {
          asked.hints.push(options?.locationHint);
          return target.get(id, options);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { rooms, asked };
}

const roomFacts = (stub: DurableObjectStub<PartyRoom>) => runInDurableObject(stub, (live: PartyRoom) => live.store.facts?.partyId ?? null);
const unscoped = (partyId: string) => env.PARTY_ROOM.get(env.PARTY_ROOM.idFromName(partyId)) as unknown as DurableObjectStub<PartyRoom>;

describe('data location', () => {
  it("a new party's room is made at once in the jurisdiction, with the hint of its consultant's region, both kept on the party", async () => {
    const consultant = await createConsultant();
    const { rooms, asked } = recordingRooms(env.PARTY_ROOM);
    const db = database(env.DB);
    // A consultant in Warsaw: eastern Europe, inside the EU.
    const made = await makeParty({ ...env, PARTY_ROOM: rooms }, db, consultant.userId, { title: 'Warschau' }, { continent: 'EU', country: 'PL' });
    const party = await findParty(db, made.id);
    expect({ jurisdiction: party.roomJurisdiction, location: party.roomLocation }).toEqual({ jurisdiction: 'eu', location: 'eeur' });
    // The room was asked for in the jurisdiction, with the hint, before anyone else reached it.
    expect(asked.jurisdictions).toEqual(['eu']);
    expect(asked.hints).toEqual(['eeur']);
    expect(await roomFacts(room(env, party) as unknown as DurableObjectStub<PartyRoom>)).toBe(party.id);
    // The same name without the jurisdiction is another object, which knows nothing of the party.
    expect(await roomFacts(unscoped(party.id))).toBeNull();
  });

  it('a consultant travelling outside the jurisdiction still makes her party inside it', async () => {
    const consultant = await createConsultant();
    const made = await makeParty(env, database(env.DB), consultant.userId, { title: 'New York' }, { continent: 'NA', country: 'US', longitude: '-74' });
    expect(await findParty(database(env.DB), made.id)).toMatchObject({ roomJurisdiction: 'eu', roomLocation: 'weur' });
  });

  it('without DATA_JURISDICTION a party has no jurisdiction and its hint follows the region', async () => {
    const consultant = await createConsultant();
    const { rooms, asked } = recordingRooms(env.PARTY_ROOM);
    const made = await makeParty(
      { ...env, DATA_JURISDICTION: '', PARTY_ROOM: rooms },
      database(env.DB),
      consultant.userId,
      { title: 'Seattle' },
      {
        continent: 'NA',
        country: 'US',
        longitude: '-122.3',
      },
    );
    const party = await findParty(database(env.DB), made.id);
    expect(party).toMatchObject({ roomJurisdiction: null, roomLocation: 'wnam' });
    expect(asked.jurisdictions).toEqual([]);
    expect(await roomFacts(unscoped(party.id))).toBe(party.id);
  });

  it('a party made before the setting keeps its room without a jurisdiction: every path reaches it, none the EU one', async () => {
    const consultant = await createConsultant();
    const made = await createParty(consultant, { title: 'Von früher' });
    // As a party made before DATA_JURISDICTION was set: no place recorded.
    await env.DB.prepare('UPDATE parties SET room_jurisdiction = NULL, room_location = NULL WHERE id = ?').bind(made.id).run();
    const guest = await joinGuest(made.id);
    const { socket } = await connected(made.id, guest.headers);
    socket.send(textMessage('Hallo von früher'));
    await socket.next('ack');
    const page = await json<{ messages: { message: string }[] }>(await api(`/parties/${made.id}/chat`, { headers: guest.headers }));
    expect(page.messages.map((message) => message.message)).toContain('Hallo von früher');
    expect(await roomFacts(unscoped(made.id))).toBe(made.id);
    socket.close();
  });

  it("a socket's ticket reaches the party's own room without reading the party (its place is in the ticket)", async () => {
    const consultant = await createConsultant();
    const made = await createParty(consultant);
    const joined = await api(`/parties/${made.id}/join`, { method: 'PUT', body: { firstName: 'Tina', lastName: 'Ticket' } });
    const { socketTicket } = await json<{ socketTicket: string }>(joined);
    expect(socketTicket.split('.')[2]).toMatch(/^eu_(weur|eeur)$/);
  });
});
