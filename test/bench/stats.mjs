// Small numeric and printing helpers for the bench.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile (p in 0..100) of an unsorted array; NaN when empty. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values) => percentile(values, 50);

/** The median over runs of one field of each run's result. */
export function medianOf(runs, pick) {
  return median(runs.map(pick).filter((value) => Number.isFinite(value)));
}

export function ratio(value, base) {
  return Number.isFinite(value) && Number.isFinite(base) && base > 0 ? value / base : Number.NaN;
}

export function fmt(value, digits = 2) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return String(value);
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(Math.min(digits, 1));
  return value.toFixed(digits);
}

export const fmtRatio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');

/** A plain text table: the first `left` columns left-aligned, the others right-aligned. */
export function table(header, rows, left = 1) {
  const cells = [header, ...rows].map((row) => row.map((cell) => (typeof cell === 'number' ? fmt(cell) : String(cell ?? '–'))));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row) => row.map((cell, i) => (i < left ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Runs `task` over `items` with at most `limit` in flight; results in input order. */
export async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
