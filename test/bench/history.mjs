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
import { median, percentile } from './stats.mjs';

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
    const inObject = async (query) => {
      const means = [];
      for (let b = 0; b < batches; b++) {
        const result = await salon.request(`/bench/object/${party.id}?reps=${reps}&${query}`);
        means.push(result.totalMs / reps);
      }
      return median(means);
    };
    const roundTrip = async (path) => {
      const times = [];
      for (let i = 0; i < roundTrips; i++) times.push(await timed(() => salon.request(path, { headers })));
      return percentile(times, 50);
    };
    // Warm the object and the connection pool first.
    await salon.request(`/bench/object/${party.id}?reps=5`);
    await roundTrip(`/api/parties/${party.id}/chat`);
    rows.push({
      size,
      fillSeconds: fill.ms / 1000,
      noop: await inObject('op=noop'),
      rpcNoop: await inObject('op=configure'),
      admit: await inObject('op=admit'),
      newest: await inObject('op=history'),
      middle: await inObject(`op=history&before=${middle}`),
      rtNoop: await roundTrip(`/bench/object/${party.id}?op=noop&reps=1`),
      rtNewest: await roundTrip(`/bench/object/${party.id}?op=history&reps=1`),
      apiNewest: await roundTrip(`/api/parties/${party.id}/chat`),
      apiMiddle: await roundTrip(`/api/parties/${party.id}/chat?from=${middle}`),
    });
  }
  return { partyId: party.id, rows };
}
