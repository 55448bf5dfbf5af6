// Fan-out: one sender, N receivers in one room. Each message is sent when the previous one has
// reached every receiver (or timed out) and at most one per `paceMs`, so this measures the
// latency of an unloaded room, not a queue. Latency = send → receipt, measured in this process.
// `reactionsPerSecond` (our room only): meanwhile receivers take turns reacting to the first
// message, that many frames a second in all, each a change every receiver hears (ADR 043). The
// sender, who never reacts, counts the reactions she hears (`heard`), and the reactors count the
// room's refusals (`refused`): reactions that did not flow would otherwise pass for a cheap row.
import { randomUUID } from 'node:crypto';
import { closeAll, connectRoom, eventsOf, settle } from './clients.mjs';
import { percentile, sleep } from './stats.mjs';
import { cpuMs } from './stack.mjs';

export async function fanOut({
  variant,
  room,
  receivers,
  messages,
  warmup = 5,
  paceMs,
  timeoutMs = 5000,
  pids = [],
  around = (measure) => measure(),
  reactionsPerSecond = 0,
}) {
  let lastFrameAt = performance.now();
  let current = null;
  let reactTo = null;
  let heard = 0;
  let refused = 0;
  const onFrame = (index, data) => {
    lastFrameAt = performance.now();
    if (reactionsPerSecond > 0 && index === 0) {
      for (const event of eventsOf(data)) {
        // The count everyone hears; a manager's own copy with `who` comes beside it.
        if (event.type === 'reaction' && event.who === undefined) heard++;
        else if (reactTo === null && event.type === 'ack') reactTo = event.message.id;
      }
    } else if (reactionsPerSecond > 0 && data.includes('"error"')) refused += eventsOf(data).filter((event) => event.type === 'error').length;
    if (index === 0 || current === null || !variant.idsOf(data).includes(current.id)) return;
    const slot = index - 1;
    if (current.times[slot] !== 0) return;
    current.times[slot] = performance.now() - current.sentAt;
    if (++current.got === receivers) current.done(true);
  };
  // Member 0 sends, members 1..N receive.
  const sockets = await connectRoom(variant, room, receivers + 1, onFrame);
  await settle(() => lastFrameAt);
  await sleep(300);

  const all = [];
  const last = [];
  let lost = 0;
  let cpu = [];
  let client = null;
  let elapsed = 0;
  // `around` lets a caller (profile.mjs) do something just before and after the messages.
  // Turns among up to 20 receivers, so no member comes near the send rate.
  const reactors = Math.min(receivers, 20);
  let reacted = 0;
  const reacting =
    reactionsPerSecond > 0
      ? setInterval(() => {
          if (reactTo === null) return;
          const n = reacted++;
          const socket = sockets[1 + (n % reactors)];
          socket.send(JSON.stringify({ type: 'react', messageId: reactTo, emoji: '👍', on: Math.floor(n / reactors) % 2 === 0 }));
        }, 1000 / reactionsPerSecond)
      : null;
  await around(async () => {
    const cpuBefore = pids.map(cpuMs);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    for (let m = 0; m < warmup + messages; m++) {
      const roundStart = performance.now();
      const id = randomUUID();
      const frame = variant.frame(id);
      let timer;
      const delivered = new Promise((resolve) => {
        current = { id, sentAt: 0, times: new Float64Array(receivers), got: 0, done: resolve };
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      current.sentAt = performance.now();
      sockets[0].send(frame);
      const complete = await delivered;
      clearTimeout(timer);
      const { times, got } = current;
      current = null;
      if (m >= warmup) {
        lost += receivers - got;
        let slowest = 0;
        for (const t of times) {
          if (t === 0) continue;
          all.push(t);
          if (t > slowest) slowest = t;
        }
        if (complete) last.push(slowest);
      }
      const wait = paceMs - (performance.now() - roundStart);
      if (wait > 0) await sleep(wait);
    }
    elapsed = performance.now() - started;
    client = process.cpuUsage(clientBefore);
    cpu = pids.map((pid, i) => (cpuMs(pid) - cpuBefore[i]) / (warmup + messages));
  });
  if (reacting) clearInterval(reacting);
  await closeAll(sockets);
  return {
    receivers,
    messages,
    reactions: reacted,
    heard,
    refused,
    samples: all.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    lastP50: percentile(last, 50),
    lastP99: percentile(last, 99),
    lost,
    // CPU per message: the app's workerd (and the proxy's, when used), and this client.
    serverCpuMs: cpu,
    clientCpuPct: ((client.user + client.system) / 1000 / elapsed) * 100,
  };
}
