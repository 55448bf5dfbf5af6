// Join storm: G new guests join one party within `spreadMs` (start times spread evenly), each the
// way the app does it: PUT /api/parties/:id/join, then the socket with the returned credentials,
// `join`, welcome. Presence is what each client learns from welcome.online and iAmOnline/userLeft.
// Measured from the storm's start: all connected (last welcome), and all see all (the moment the
// last client has seen every other connected guest online).
import { closeAll, openGuestSocket } from './clients.mjs';
import { percentile, sleep } from './stats.mjs';

export async function joinStorm({ salon, guests, spreadMs, timeoutMs, deflate }) {
  const { party } = await salon.consultantParty('Bench join storm');
  const clients = Array.from({ length: guests }, () => ({ guestId: null, ws: null, seen: new Map(), joinMs: Number.NaN, error: null }));
  const started = performance.now();

  const onFrame = (client) => (data) => {
    const now = performance.now() - started;
    const seen = (id) => {
      if (!client.seen.has(id)) client.seen.set(id, now);
    };
    if (data.indexOf('{"type":"welcome"') === 0) for (const id of JSON.parse(data.toString()).online) seen(id);
    else if (data.indexOf('{"type":"iAmOnline"') === 0) seen(JSON.parse(data.toString()).memberId);
    else if (data.indexOf('{"type":"userLeft"') === 0) client.seen.delete(JSON.parse(data.toString()).memberId);
  };

  await Promise.all(
    clients.map(async (client, index) => {
      await sleep((index * spreadMs) / guests);
      const begin = performance.now();
      try {
        const guest = await salon.joinGuest(party.id, index);
        client.guestId = guest.guestId;
        client.ws = await openGuestSocket(salon, party.id, guest, { deflate, onFrame: onFrame(client), timeoutMs });
        client.connectedAt = performance.now() - started;
        client.joinMs = performance.now() - begin;
      } catch (error) {
        client.error = error instanceof Error ? error.message.replace(/[0-9a-f-]{36}/g, ':id').slice(0, 120) : String(error);
      }
    }),
  );
  const connected = clients.filter((client) => client.ws);
  const ids = connected.map((client) => client.guestId);
  const presentAt = (client) => {
    let latest = 0;
    for (const id of ids) {
      const at = client.seen.get(id);
      if (at === undefined) return Number.NaN;
      latest = Math.max(latest, at);
    }
    return latest;
  };
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && connected.some((client) => Number.isNaN(presentAt(client)))) await sleep(50);
  const present = connected.map(presentAt);
  const failures = {};
  for (const client of clients) if (client.error) failures[client.error] = (failures[client.error] ?? 0) + 1;
  await closeAll(connected.map((client) => client.ws));
  return {
    guests,
    spreadMs,
    connected: connected.length,
    failed: guests - connected.length,
    failures,
    allConnectedMs: Math.max(...connected.map((client) => client.connectedAt)),
    allPresentMs: present.some(Number.isNaN) ? Number.NaN : Math.max(...present),
    notSeeingAll: present.filter(Number.isNaN).length,
    joinP50: percentile(
      connected.map((client) => client.joinMs),
      50,
    ),
    joinP99: percentile(
      connected.map((client) => client.joinMs),
      99,
    ),
  };
}
