/** The operator's counters (worker/observability/metrics.ts writes them; ADR 063). */
export const COUNTERS = ['send', 'join', 'socketOpen', 'socketClose', 'pushSent', 'pushFailed', 'importRun', 'exportRun', 'error'] as const;
export type Counter = (typeof COUNTERS)[number];
