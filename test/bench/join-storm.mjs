// Join storm: G new guests join one party within `spreadMs` (start times spread evenly), each the
// way the app does it: PUT /api/parties/:id/join, then the socket with the returned credentials,
// `join`, welcome. The party's manager is connected before the storm, as a consultant is at her
// party. Each client's member count is what the page shows: the welcome's `memberCount`, then each
// `presence` frame's (also inside `batch` frames). Measured from the storm's start: all connected
// (last welcome), and all right (the moment the last client's count became the party's number of
// members: the guests whose join succeeded, the manager and whoever was there before), likewise
// for the online count; and the app workerd's CPU time per join, from the storm's start until the
// room has gone quiet.
import { closeAll, eventsOf, openGuestSocket } from './clients.mjs';
import { percentile, sleep } from './stats.mjs';
import { cpuMs } from './stack.mjs';

/**
 * A party for a storm, its manager's socket open (the room then counts her as a member, online).
 * `members` / `online`: who the room has before the storm; a caller that adds someone says so.
 */
export async function stormParty(salon, { deflate = false, title = 'Bench join storm' } = {}) {
  const { party, headers } = await salon.consultantParty(title);
  const manager = { headers, count: Number.NaN, online: Number.NaN, countSince: 0, onlineSince: 0, frames: 0 };
  return { party, headers, manager, members: 1, online: 1, deflate };
}

/** A client's counts from one frame; `now` is ms since the storm's start (negative before it). */
function onFrame(client, now) {
  return (data) => {
    client.frames++;
    for (const event of eventsOf(data)) {
      if (event.type !== 'welcome' && event.type !== 'presence' && event.type !== 'members') continue;
      if (event.memberCount !== client.count) [client.count, client.countSince] = [event.memberCount, now()];
      if (event.onlineCount !== undefined && event.onlineCount !== client.online) [client.online, client.onlineSince] = [event.onlineCount, now()];
    }
  };
}

/** `beforeClose`: awaited once everything is measured, before the sockets close (their closes are news to those still open). */
export async function joinStorm({ salon, guests, spreadMs, timeoutMs, deflate, pid = null, room = null, beforeClose = async () => {} }) {
  room ??= await stormParty(salon, { deflate });
  const { party } = room;
  const clients = Array.from({ length: guests }, () => ({
    guestId: null,
    ws: null,
    count: Number.NaN,
    online: Number.NaN,
    countSince: 0,
    onlineSince: 0,
    frames: 0,
    joinMs: Number.NaN,
    error: null,
  }));
  let started = performance.now();
  let lastFrameAt = started;
  const now = () => (lastFrameAt = performance.now()) - started;
  room.manager.ws ??= await openGuestSocket(salon, party.id, room.manager, { deflate, onFrame: onFrame(room.manager, now), timeoutMs });
  await sleep(300);

  const cpuBefore = pid ? cpuMs(pid) : Number.NaN;
  started = performance.now();
  let joined = 0;
  await Promise.all(
    clients.map(async (client, index) => {
      await sleep((index * spreadMs) / guests);
      const begin = performance.now();
      try {
        const guest = await salon.joinGuest(party.id, index);
        joined++;
        client.guestId = guest.guestId;
        client.ws = await openGuestSocket(salon, party.id, guest, { deflate, onFrame: onFrame(client, now), timeoutMs });
        client.connectedAt = performance.now() - started;
        client.joinMs = performance.now() - begin;
      } catch (error) {
        client.error = error instanceof Error ? error.message.replace(/[0-9a-f-]{36}/g, ':id').slice(0, 120) : String(error);
      }
    }),
  );
  const connected = clients.filter((client) => client.ws);
  const observers = [room.manager, ...connected];
  const members = room.members + joined;
  const online = room.online + connected.length;
  const countRight = (client) => client.count === members;
  const onlineRight = (client) => client.online === online;
  const right = (client) => countRight(client) && onlineRight(client);
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && !observers.every(right)) await sleep(50);
  // The room's work ends with its last presence frame: the CPU is read once nothing came for 500 ms.
  while (performance.now() < deadline && performance.now() - lastFrameAt < 500) await sleep(50);
  const cpu = pid ? cpuMs(pid) - cpuBefore : Number.NaN;
  const failures = {};
  for (const client of clients) if (client.error) failures[client.error] = (failures[client.error] ?? 0) + 1;
  const wrong = {};
  for (const client of observers.filter((c) => !right(c))) {
    const shown = `${client.count} members, ${client.online} online`;
    wrong[shown] = (wrong[shown] ?? 0) + 1;
  }
  // Read before any socket closes: the closes change the counts of those still open.
  const result = {
    guests,
    spreadMs,
    members,
    online,
    connected: connected.length,
    failed: guests - connected.length,
    failures,
    allConnectedMs: Math.max(...connected.map((client) => client.connectedAt)),
    allCountMs: observers.every(countRight) ? Math.max(...observers.map((client) => client.countSince)) : Number.NaN,
    allOnlineMs: observers.every(onlineRight) ? Math.max(...observers.map((client) => client.onlineSince)) : Number.NaN,
    notRight: observers.length - observers.filter(right).length,
    wrong,
    joinP50: percentile(
      connected.map((client) => client.joinMs),
      50,
    ),
    joinP99: percentile(
      connected.map((client) => client.joinMs),
      99,
    ),
    framesP50: percentile(
      connected.map((client) => client.frames),
      50,
    ),
    managerFrames: room.manager.frames,
    cpuMsPerJoin: cpu / guests,
  };
  await beforeClose();
  await closeAll(observers.map((client) => client.ws));
  room.manager.ws = null;
  return result;
}
