/**
 * A stored object copied to another key in the same bucket, streamed: the Worker never holds the
 * file. R2 takes one put of at most 5 GiB, so a larger file (the library takes 50 GB) goes as a
 * multipart upload of ranged reads, each checked against the etag read first so that a source
 * changing meanwhile aborts rather than mixing two versions. Answers the bytes copied, or null
 * when the source is not there.
 */
const SINGLE_PUT_MAX = 4 * 1024 ** 3;
/** R2 wants equal parts but the last; 1 GiB parts keep a 50 GB file far below 10,000 parts. */
const COPY_PART = 1024 ** 3;

export async function copyObject(bucket: R2Bucket, from: string, to: string): Promise<number | null> {
  const head = await bucket.head(from);
  if (!head) return null;
  if (head.size <= SINGLE_PUT_MAX) {
    const source = await bucket.get(from);
    if (!source) return null;
    await bucket.put(to, source.body.pipeThrough(new FixedLengthStream(source.size)), { httpMetadata: source.httpMetadata });
    return source.size;
  }
  const upload = await bucket.createMultipartUpload(to, { httpMetadata: head.httpMetadata });
  try {
    const parts: R2UploadedPart[] = [];
    for (let offset = 0; offset < head.size; offset += COPY_PART) {
      const length = Math.min(COPY_PART, head.size - offset);
      const piece = await bucket.get(from, { range: { offset, length }, onlyIf: { etagMatches: head.etag } });
      if (!piece || !('body' in piece)) throw new Error('The source changed during the copy.');
      parts.push(await upload.uploadPart(parts.length + 1, piece.body.pipeThrough(new FixedLengthStream(length))));
    }
    await upload.complete(parts);
  } catch (error) {
    await upload.abort();
    throw error;
  }
  return head.size;
}
