// Throughput: the highest message rate one room sustains with R receivers, every message
// delivered to every receiver. One sender offers a steady rate for `durationMs`; the step passes
// when every receiver got every message and the slowest receiver's delivery rate kept up (≥95% of
// the offered rate, i.e. no queue built up). Rates double until a step fails (or halve until one
// passes), then bisect; a failed step is retried once.
import { randomBytes } from 'node:crypto';
import { closeAll, connectRoom, settle } from './clients.mjs';
import { sleep } from './stats.mjs';
import { cpuMs } from './stack.mjs';

const hex = (value, width) => value.toString(16).padStart(width, '0');
/** A valid v4-shaped UUID that carries the step and the message number (and differs per call). */
const stepId = (tag, step, n) => `${hex(step, 8)}-${tag}-4000-8000-${hex(n, 12)}`;

export async function throughput({ variant, room, receivers, durationMs, startRate, minRate = 25, maxRate, bisections, pids = [] }) {
  // ours refuses a repeated tempId (idempotent send): every call gets its own ids.
  const tag = randomBytes(2).toString('hex');
  let lastFrameAt = performance.now();
  let step = -1;
  const counts = new Uint32Array(receivers + 1);
  const lastAt = new Float64Array(receivers + 1);
  const stepTag = () => hex(step, 8);
  const onFrame = (index, data) => {
    lastFrameAt = performance.now();
    if (index === 0 || step < 0) return;
    const id = variant.idOf(data);
    if (id === null || id.slice(0, 8) !== stepTag()) return;
    counts[index]++;
    lastAt[index] = lastFrameAt;
  };
  const sockets = await connectRoom(variant, room, receivers + 1, onFrame);
  await settle(() => lastFrameAt);

  async function run(rate) {
    step++;
    counts.fill(0);
    lastAt.fill(0);
    const total = Math.max(1, Math.round((rate * durationMs) / 1000));
    const frames = Array.from({ length: total }, (_, n) => variant.frame(stepId(tag, step, n)));
    const cpuBefore = pids.map(cpuMs);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    let sent = 0;
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (sent < due) sockets[0].send(frames[sent++]);
      await sleep(2);
    }
    const sendEnd = performance.now();
    const drainEnd = sendEnd + Math.max(3000, durationMs * 2);
    const complete = () => counts.every((count, index) => index === 0 || count === total);
    while (!complete() && performance.now() < drainEnd) await sleep(10);
    const elapsed = performance.now() - started;
    const client = process.cpuUsage(clientBefore);
    const cpu = pids.map((pid, i) => (cpuMs(pid) - cpuBefore[i]) / total);
    let slowest = 0;
    let missing = 0;
    for (let index = 1; index <= receivers; index++) {
      missing += total - counts[index];
      slowest = Math.max(slowest, lastAt[index] - started);
    }
    const delivered = missing === 0 ? (total * 1000) / slowest : Number.NaN;
    await settle(() => lastFrameAt, 300, 15_000);
    return {
      rate,
      sent: total,
      delivered,
      missing,
      sustained: missing === 0 && delivered >= 0.95 * rate,
      lagMs: slowest - (sendEnd - started),
      serverCpuMs: cpu,
      clientCpuPct: ((client.user + client.system) / 1000 / elapsed) * 100,
    };
  }

  const steps = [];
  // A stall from elsewhere on a shared machine can sink one step: a failed rate gets one retry.
  async function attempt(rate) {
    let result = await run(rate);
    steps.push(result);
    if (!result.sustained) {
      result = await run(rate);
      steps.push(result);
    }
    return result;
  }
  let pass = null;
  let fail = null;
  // Up by doubling from the start rate, or down by halving when even that fails.
  for (let rate = startRate; rate <= maxRate && rate >= minRate; ) {
    const result = await attempt(rate);
    if (result.sustained) {
      pass = result;
      if (fail) break;
      rate *= 2;
    } else {
      fail = result;
      if (pass) break;
      rate = Math.round(rate / 2);
    }
  }
  for (let i = 0; i < bisections && pass && fail; i++) {
    const result = await attempt(Math.round((pass.rate + fail.rate) / 2));
    if (result.sustained) pass = result;
    else fail = result;
  }
  await closeAll(sockets);
  return { receivers, best: pass, firstFailure: fail, steps };
}
