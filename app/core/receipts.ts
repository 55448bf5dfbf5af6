/**
 * The read-receipt line under a message, for the manager: how many of the others have seen it.
 * Nobody else in the party (no guests yet): no line at all, rather than "seen by 0 of 0".
 */
export type ReceiptLine = { key: 'receipts.seenBy'; seen: number; total: number } | { key: 'receipts.seenByAll' };

export function receiptLine(seen: number, total: number): ReceiptLine | null {
  if (total <= 0) return null;
  return seen >= total ? { key: 'receipts.seenByAll' } : { key: 'receipts.seenBy', seen, total };
}
