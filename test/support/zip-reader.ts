/**
 * A small ZIP reader for the workers tests (they run inside workerd, where no unzip can be
 * started): the central directory (ZIP64 too), each entry's bytes, stored or raw deflate. The
 * independent check of the format is Python's zipfile and unzip in test/unit/export-zip.test.ts and
 * the browser test; this one reads what the export wrote, to count and compare it.
 */

export interface ZipFile {
  name: string;
  bytes: Uint8Array;
  crc: number;
}

export async function readZip(archive: Uint8Array): Promise<Map<string, ZipFile>> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = archive.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (offset === 0xffffffff || count === 0xffff) {
    const locator = end - 20;
    if (view.getUint32(locator, true) !== 0x07064b50) throw new Error('no ZIP64 locator');
    const end64 = Number(view.getBigUint64(locator + 8, true));
    count = Number(view.getBigUint64(end64 + 32, true));
    offset = Number(view.getBigUint64(end64 + 48, true));
  }
  const files = new Map<string, ZipFile>();
  const decoder = new TextDecoder();
  for (let i = 0, at = offset; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`no central record at ${at}`);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    let compressed = view.getUint32(at + 20, true);
    let size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let local = view.getUint32(at + 42, true);
    const name = decoder.decode(archive.subarray(at + 46, at + 46 + nameLength));
    for (let x = at + 46 + nameLength; x < at + 46 + nameLength + extraLength;) {
      const id = view.getUint16(x, true);
      const length = view.getUint16(x + 2, true);
      if (id === 0x0001) {
        let field = x + 4;
        const next = () => {
          const value = Number(view.getBigUint64(field, true));
          field += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressed === 0xffffffff) compressed = next();
        if (local === 0xffffffff) local = next();
      }
      x += 4 + length;
    }
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = archive.subarray(dataStart, dataStart + compressed);
    const bytes =
      method === 0
        ? raw
        : new Uint8Array(await new Response(new Blob([raw.slice()]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer());
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, not ${size}`);
    files.set(name, { name, bytes, crc });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
