// What a page's load does to its main thread, counted in the page itself: long tasks and layout
// shifts (PerformanceObserver), the socket's frames, and, when React's devtools hook is asked for,
// every React commit with the components that rendered in it (their names and times need the
// profiling build: SALON_PROFILE_BUILD=1, vite.config.ts). Counted, never timed against a clock of
// the test's own: the guard test (test/e2e/party-load.spec.ts) and the trace
// (test/bench/party-trace.mjs) read the same figures (issue 46, ADR 051).

/**
 * Runs in the page before its scripts (`context.addInitScript(loadProbe, { react })`); the figures
 * collect in `window.__loadProbe`.
 * @param {{ react?: boolean }} [options]
 */
export function loadProbe(options = {}) {
  const probe = { longTasks: [], shifts: [], frames: [], commits: [], renders: {} };
  window.__loadProbe = probe;
  const describe = (node) => {
    if (!node) return '(gone)';
    if (node.nodeType !== 1) return node.nodeName;
    const id = node.id ? `#${node.id}` : '';
    const testId = node.dataset?.testid ? `[data-testid=${node.dataset.testid}]` : '';
    const classes = [...node.classList].slice(0, 5).join('.');
    return `${node.tagName.toLowerCase()}${id}${testId}${classes ? `.${classes}` : ''}`;
  };
  const rect = (r) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}` : '');
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration, name: entry.name });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.shifts.push({
        start: entry.startTime,
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources ?? []).map((source) => ({ node: describe(source.node), from: rect(source.previousRect), to: rect(source.currentRect) })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });

  // The socket's frames, by type (a batch by the types inside it), on the page's clock.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const at = performance.now();
        if (typeof event.data !== 'string' || event.data[0] !== '{') return;
        try {
          const frame = JSON.parse(event.data);
          const types = frame.type === 'batch' ? frame.events.map((inner) => inner.type) : [frame.type];
          probe.frames.push({ at, types, bytes: event.data.length });
        } catch {
          // not ours
        }
      });
    }
  };

  if (!options.react) return;
  // React's devtools hook: React calls it on every commit, in production builds too. Which
  // components rendered: their fiber performed work (flag 1) and began after the last commit.
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return '?';
    if (fiber.tag === 11) return type.displayName ?? type.render?.displayName ?? type.render?.name ?? 'ForwardRef';
    if (fiber.tag === 14 || fiber.tag === 15) return type.displayName ?? type.type?.displayName ?? type.type?.name ?? type.name ?? 'Memo';
    return type.displayName ?? type.name ?? '?';
  };
  let lastCommit = 0;
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(++renderers, renderer);
      return renderers;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      const rendered = [];
      let began = Infinity;
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop();
        const fresh = fiber.actualStartTime === undefined ? true : fiber.actualStartTime >= lastCommit;
        if (fresh && COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & PERFORMED_WORK) === PERFORMED_WORK) {
          const self = fiber.selfBaseDuration ?? 0;
          rendered.push({ name: nameOf(fiber), self });
          if (fiber.actualStartTime !== undefined) began = Math.min(began, fiber.actualStartTime);
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      let self = 0;
      const counts = {};
      for (const { name, self: ms } of rendered) {
        self += ms;
        const entry = (probe.renders[name] ??= { count: 0, ms: 0 });
        entry.count++;
        entry.ms += ms;
        counts[name] = (counts[name] ?? 0) + 1;
      }
      probe.commits.push({ at, began: Number.isFinite(began) ? began : at, components: rendered.length, renderMs: self, counts });
      lastCommit = at;
    },
  };
}

/**
 * A joined guest's load of `url` in `page` (a fresh page; her cookie already in its context), with
 * the CPU `cpuSlowdown` times slower (DevTools' throttling): counted from the navigation until
 * `settleMs` after the chat is drawn, so what the load set going is counted too.
 * Returns the page's own long tasks (ms), the longest, the layout shift (CLS) and a description
 * of both for a failure message.
 */
export async function measureJoinedLoad(page, url, { cpuSlowdown = 4, settleMs = 3000 } = {}) {
  await page.context().addInitScript(loadProbe, {});
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url);
  // The chat drawn: its first row (a message or a notice) in the list.
  await page.locator('[role="log"] li').first().waitFor({ timeout: 60_000 });
  // A window to count in, not a time that is judged.
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), settleMs);
  const probe = await page.evaluate(() => window.__loadProbe);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  // The page's own tasks (a long task's name is `self` for the page's frame).
  const longTasks = probe.longTasks.filter((task) => task.name === 'self');
  const longest = Math.max(0, ...longTasks.map((task) => task.duration));
  const cls = layoutShift(probe);
  const described = [
    `long tasks (ms, at ms): ${longTasks.map((task) => `${Math.round(task.duration)} at ${Math.round(task.start)}`).join(', ') || 'none'}`,
    `layout shifts: ${
      probe.shifts
        .map(
          (shift) =>
            `${shift.value.toFixed(4)} at ${Math.round(shift.start)} (${shift.sources.map((source) => `${source.node} ${source.from} → ${source.to}`).join('; ')})`,
        )
        .join(' | ') || 'none'
    }`,
  ].join('\n');
  return { longTasks, longest, cls, described, frames: probe.frames.length };
}

/**
 * Cumulative layout shift as the web counts it (web.dev/cls): shifts without recent input, in
 * session windows (a gap of 1 s or 5 s in all closes one); the largest window's sum.
 */
export function layoutShift(probe) {
  let best = 0;
  let window = { first: -Infinity, last: -Infinity, sum: 0 };
  for (const shift of probe.shifts) {
    if (shift.hadRecentInput) continue;
    if (shift.start - window.last > 1000 || shift.start - window.first > 5000) window = { first: shift.start, last: shift.start, sum: 0 };
    window.last = shift.start;
    window.sum += shift.value;
    best = Math.max(best, window.sum);
  }
  return best;
}
