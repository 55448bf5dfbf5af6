/**
 * The party header's tools that arrive after the first paint, and the places that stand for them
 * until they do: the same box, so nothing in the header moves when they come (ADR 051).
 */
/** A round tool: the search, the QR code, the bell. */
export const ROUND_TOOL = 'rounded-full p-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100';
/** The guest's name menu's button. */
export const NAME_TOOL = 'flex h-10 max-w-40 items-center rounded-full px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100';
