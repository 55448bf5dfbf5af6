// Throughput: how many messages per second one room delivers to R receivers when it is saturated.
// One sender writes `messages` frames as fast as the socket takes them (far more than any room
// handles, so a queue builds in front of the room and it works flat out); each receiver's rate is
// (messages − 1) / (its last receipt − its first receipt); the room's rate is its slowest receiver's,
// and only counts when every receiver got every message. A fixed-rate search (offer R msg/s, pass
// if it keeps up) judged the same room anywhere from 120 to 560 msg/s on a shared 2-core machine:
// one stall sinks a step. Working flat out averages stalls in instead.
import { randomBytes } from 'node:crypto';
import { closeAll, connectRoom, settle } from './clients.mjs';
import { cpuMs } from './stack.mjs';
import { sleep } from './stats.mjs';

const hex = (value, width) => value.toString(16).padStart(width, '0');

export async function throughput({ variant, room, receivers, messages, timeoutMs = 120_000, pids = [] }) {
  // ours refuses a repeated tempId (idempotent send): every call gets its own ids.
  const tag = randomBytes(4).toString('hex');
  let lastFrameAt = performance.now();
  let measuring = false;
  const counts = new Uint32Array(receivers + 1);
  const firstAt = new Float64Array(receivers + 1);
  const lastAt = new Float64Array(receivers + 1);
  const onFrame = (index, data) => {
    lastFrameAt = performance.now();
    if (index === 0 || !measuring) return;
    for (const id of variant.idsOf(data)) {
      if (id.slice(0, 8) !== tag) continue;
      if (counts[index]++ === 0) firstAt[index] = lastFrameAt;
      lastAt[index] = lastFrameAt;
    }
  };
  const sockets = await connectRoom(variant, room, receivers + 1, onFrame);
  await settle(() => lastFrameAt);

  const frames = Array.from({ length: messages }, (_, n) => variant.frame(`${tag}-0000-4000-8000-${hex(n, 12)}`));
  const cpuBefore = pids.map(cpuMs);
  const clientBefore = process.cpuUsage();
  measuring = true;
  const started = performance.now();
  for (const frame of frames) sockets[0].send(frame);
  const deadline = started + timeoutMs;
  const complete = () => counts.every((count, index) => index === 0 || count === messages);
  while (!complete() && performance.now() < deadline) await sleep(20);
  const elapsed = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  const cpu = pids.map((pid, i) => (cpuMs(pid) - cpuBefore[i]) / messages);
  measuring = false;

  let missing = 0;
  let slowest = Number.POSITIVE_INFINITY;
  for (let index = 1; index <= receivers; index++) {
    missing += messages - counts[index];
    slowest = Math.min(slowest, ((counts[index] - 1) * 1000) / (lastAt[index] - firstAt[index]));
  }
  await settle(() => lastFrameAt, 300, 15_000);
  await closeAll(sockets);
  return {
    receivers,
    messages,
    rate: missing === 0 ? slowest : Number.NaN,
    missing,
    seconds: elapsed / 1000,
    serverCpuMs: cpu,
    clientCpuPct: ((client.user + client.system) / 1000 / elapsed) * 100,
  };
}
