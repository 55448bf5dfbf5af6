/**
 * A stored file's bytes in R2 as /files serves them (worker/api/files.ts): its object's head, and
 * its bytes whole or one range of them.
 */

export type Range = { offset: number; length: number };

/**
 * One `bytes=` range (RFC 9110 section 14.1.2) of a file of `size` bytes, 'unsatisfiable' when it
 * lies beyond the end, or null for no range: several ranges or a malformed header may be ignored,
 * and then the whole file is the answer.
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? 'unsatisfiable' : { offset: size - suffix, length: suffix };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return end < start ? null : { offset: start, length: end - start + 1 };
}

/**
 * The object at `key`, or null for none. Until its last byte arrives an original has no object (R2
 * shows a multipart upload only once it is complete; a party upload is put whole); a failed one was
 * deleted.
 */
export function fileHead(bucket: R2Bucket, key: string): Promise<R2Object | null> {
  return bucket.head(key);
}

/** The object's bytes, or one range of them; null when it is gone. */
export async function fileBytes(bucket: R2Bucket, key: string, range: Range | null): Promise<ReadableStream | null> {
  const object = await bucket.get(key, range ? { range } : {});
  return object ? object.body : null;
}
