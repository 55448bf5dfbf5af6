// History: the newest page and a middle page of one party as its log grows (1k → 10k → 100k
// messages), beside a no-op request to the same object.
//   in object  timed in the bench Worker around its calls to the room (see timeObject in
//              worker.ts: no-op fetch, RPC no-op, member admission, history page), mean per call
//              over a batch of sequential calls (workerd's clock has 1 ms resolution), median of
//              batches
//   round trip timed here, p50: the bench Worker's route making one no-op or one newest-page call
//              (the manager is read from D1 once and cached, so neither touches D1), and
//              GET /api/parties/:id/chat, the real API with the manager's bearer token (session,
//              party and membership from D1, then the room)
import { median, percentile, sleep } from './stats.mjs';

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

export async function history({ salon, sizes, batches, reps, roundTrips }) {
  const { party, headers } = await salon.consultantParty('Bench history');
  const rows = [];
  let filled = 0;
  for (const size of sizes) {
    const fill = await salon.request(`/bench/fill/${party.id}?count=${size - filled}`, { method: 'POST' });
    filled = size;
    const middle = Math.floor(size / 2);
    // The fill's writes are still being checkpointed for a moment; then warm the object and the
    // connection pool.
    await sleep(2000);
    await salon.request(`/bench/object/${party.id}?reps=5`);
    // Interleaved: each batch measures every kind once, so a slow moment hits them all alike.
    const inObject = { noop: 'op=noop', rpcNoop: 'op=configure', admit: 'op=admit', newest: 'op=history', middle: `op=history&before=${middle}` };
    const means = Object.fromEntries(Object.keys(inObject).map((key) => [key, []]));
    for (let b = 0; b < batches; b++) {
      for (const [key, query] of Object.entries(inObject)) {
        const result = await salon.request(`/bench/object/${party.id}?reps=${reps}&${query}`);
        means[key].push(result.totalMs / reps);
      }
    }
    const roundTrip = {
      rtNoop: `/bench/object/${party.id}?op=noop&reps=1`,
      rtNewest: `/bench/object/${party.id}?op=history&reps=1`,
      apiNewest: `/api/parties/${party.id}/chat`,
      apiMiddle: `/api/parties/${party.id}/chat?from=${middle}`,
    };
    const times = Object.fromEntries(Object.keys(roundTrip).map((key) => [key, []]));
    for (let i = 0; i < roundTrips + 5; i++) {
      for (const [key, path] of Object.entries(roundTrip)) {
        const took = await timed(() => salon.request(path, { headers }));
        if (i >= 5) times[key].push(took);
      }
    }
    const row = { size, fillSeconds: fill.ms / 1000 };
    for (const [key, values] of Object.entries(means)) row[key] = median(values);
    for (const [key, values] of Object.entries(times)) row[key] = percentile(values, 50);
    rows.push(row);
  }
  return { partyId: party.id, rows };
}
