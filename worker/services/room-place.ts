import type { Jurisdiction, LocationHint, RequestRegion } from '#core/data-location';
import { isLocationHint, jurisdictionSetting, locationHintFor } from '#core/data-location';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';

/**
 * A party's room: its Durable Object, in the jurisdiction and with the location hint the party was
 * made with (ADR 050). This is the one place a room's stub is made.
 */
export type RoomPlace = Pick<PartyRow, 'id' | 'roomJurisdiction' | 'roomLocation'>;

type Rooms = Pick<Env['PARTY_ROOM'], 'idFromName' | 'get'>;

/**
 * workerd answers a jurisdiction with "Jurisdiction restrictions are not implemented in workerd."
 * Locally (wrangler dev, the tests, the bench) a jurisdiction's objects then get ids of their own,
 * from the name in the jurisdiction's own space, so the same name still reaches another object
 * than without one, as on Cloudflare; only `ctx.id.jurisdiction` stays unset inside them.
 */
const NOT_IN_WORKERD = 'not implemented in workerd';

function roomsIn(env: Env, jurisdiction: string | null): Rooms {
  if (!jurisdiction) return env.PARTY_ROOM;
  try {
    return env.PARTY_ROOM.jurisdiction(jurisdiction as Jurisdiction);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes(NOT_IN_WORKERD)) throw error;
    const rooms = env.PARTY_ROOM;
    return { idFromName: (name) => rooms.idFromName(`${jurisdiction}:${name}`), get: (id, options) => rooms.get(id, options) };
  }
}

export function room(env: Env, place: RoomPlace) {
  const rooms = roomsIn(env, place.roomJurisdiction);
  // The hint only counts when the object is first made (at the party's making); it is passed every
  // time so that whichever call comes first makes it in the same place.
  return rooms.get(rooms.idFromName(place.id), isLocationHint(place.roomLocation) ? { locationHint: place.roomLocation } : undefined);
}

/**
 * Where a party made now, by a consultant whose request came from `region`, keeps its room: the
 * deployment's jurisdiction (DATA_JURISDICTION) and the hint nearest to her inside it.
 */
export function newRoomPlace(env: Env, region: RequestRegion | undefined): Pick<PartyRow, 'roomJurisdiction' | 'roomLocation'> {
  const jurisdiction = jurisdictionSetting(env.DATA_JURISDICTION);
  const hint: LocationHint | null = locationHintFor(region ?? {}, jurisdiction);
  return { roomJurisdiction: jurisdiction, roomLocation: hint };
}

/** Where the request came from, as Cloudflare tells the Worker (`request.cf`; locally a placeholder). */
export function regionOf(request: Request): RequestRegion | undefined {
  return (request as Request & { cf?: RequestRegion }).cf;
}
