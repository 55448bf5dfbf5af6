// The room's limit: for each room size, messages at a steady rate (open loop: each leaves on its
// schedule, whether or not the one before has arrived everywhere), the rate stepped up until p99
// delivery passes the ceiling (250 ms) or a receipt goes missing. The fan-out row measures a room
// that is never queueing; this one finds where the queue starts (ADR 036).
import { randomUUID } from 'node:crypto';
import { closeAll, connectRoom, settle } from './clients.mjs';
import { percentile, sleep } from './stats.mjs';
import { cpuMs } from './stack.mjs';

/**
 * One room of `members` sockets, the rates tried in order. Senders take turns (one in twenty
 * members, 1 to 10), as a lively party's writers would; every other member only reads. Answers one step
 * per rate tried: p50/p99 over every (message, receiver) pair, missing receipts, the app's CPU
 * share (1 = one core busy) and this client's.
 */
export async function rateSweep({ variant, room, members, rates, seconds, ceilingMs = 250, drainMs = 10_000, pid = null }) {
  const senders = Math.max(1, Math.min(10, Math.floor(members / 20)));
  let lastFrameAt = performance.now();
  /** id → { sentAt, got } of the step under way; a receipt of another step's message is ignored. */
  let inFlight = new Map();
  let latencies = [];
  const onFrame = (index, data) => {
    lastFrameAt = performance.now();
    if (index < senders || inFlight.size === 0) return;
    for (const id of variant.idsOf(data)) {
      const message = inFlight.get(id);
      if (!message) continue;
      message.got++;
      latencies.push(performance.now() - message.sentAt);
    }
  };
  const sockets = await connectRoom(variant, room, members, onFrame);
  await settle(() => lastFrameAt);
  await sleep(300);

  const receivers = members - senders;
  const steps = [];
  for (const rate of rates) {
    const count = Math.max(1, Math.round(rate * seconds));
    inFlight = new Map();
    latencies = [];
    const cpuBefore = pid ? cpuMs(pid) : Number.NaN;
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    for (let m = 0; m < count; m++) {
      // On schedule: a late timer sends at once, it does not push the rest back.
      const due = started + (m * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const id = randomUUID();
      inFlight.set(id, { sentAt: performance.now(), got: 0 });
      sockets[m % senders].send(variant.frame(id));
    }
    const sentFor = performance.now() - started;
    const expected = count * receivers;
    const deadline = performance.now() + drainMs;
    while (performance.now() < deadline && latencies.length < expected) await sleep(20);
    const elapsed = performance.now() - started;
    const client = process.cpuUsage(clientBefore);
    const step = {
      rate,
      messages: count,
      achievedRate: count > 1 ? (count - 1) / (sentFor / 1000) : Number.NaN,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      missing: expected - latencies.length,
      appCpu: pid ? (cpuMs(pid) - cpuBefore) / elapsed : Number.NaN,
      clientCpu: (client.user + client.system) / 1000 / elapsed,
    };
    steps.push(step);
    inFlight = new Map();
    if (step.p99 > ceilingMs || step.missing > 0) break;
    await settle(() => lastFrameAt, 500);
  }
  await closeAll(sockets);
  const passed = steps.filter((step) => step.p99 <= ceilingMs && step.missing === 0);
  return {
    members,
    receivers,
    senders,
    steps,
    limit: passed.length ? passed[passed.length - 1].rate : 0,
    failedAt: steps.length > passed.length ? steps[steps.length - 1].rate : null,
  };
}
