/** D1 binds at most 100 parameters to one statement (Cloudflare's D1 limits). */
const D1_MAX_PARAMS = 100;

/**
 * Runs `run` over `items` in parts small enough for one statement each: `perItem` parameters per
 * item, besides `fixed` other parameters of the statement. The one way a list of ids meets D1's
 * parameter limit in worker/db; the parts run one after another and their answers come in order.
 */
export async function inChunks<T, R>(
  items: readonly T[],
  run: (chunk: T[]) => Promise<R>,
  { perItem = 1, fixed = 0 }: { perItem?: number; fixed?: number } = {},
): Promise<R[]> {
  const size = Math.floor((D1_MAX_PARAMS - fixed) / perItem);
  if (size < 1) throw new Error('a statement with this many parameters cannot take a list');
  const answers: R[] = [];
  for (let at = 0; at < items.length; at += size) answers.push(await run(items.slice(at, at + size)));
  return answers;
}

/** `AND column IN (?first, ...)` for the ids, or nothing for all (null). */
export function among(column: string, ids: readonly string[] | null, first: number): string {
  return ids === null ? '' : ` AND ${column} IN (${ids.map((_, i) => `?${first + i}`).join(', ')})`;
}
