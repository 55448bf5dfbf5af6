/**
 * The ZIP format as the export writes it (ADR 062): entries one after another, each a local header,
 * its bytes and a data descriptor (so a file's CRC is found while it streams, never by reading it
 * twice), then the central directory. Names are UTF-8 (flag bit 11). ZIP64 records appear only where
 * a size or an offset needs them (or always, with `zip64: true`, as a test makes them). Pure: bytes
 * in, bytes out, no I/O; worker/export/pack.ts streams them into R2.
 */

const SIGNATURE = { local: 0x04034b50, descriptor: 0x08074b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 };
const FLAGS = 0x0008 | 0x0800;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

/** Stored (0) or raw deflate (8). */
export type ZipMethod = 0 | 8;

/** What the central directory keeps of a written entry. */
export interface ZipEntry {
  name: string;
  method: ZipMethod;
  crc: number;
  /** Bytes as stored in the archive. */
  compressedSize: number;
  /** Bytes once unpacked. */
  size: number;
  /** Where its local header starts. */
  offset: number;
  /** Whether its local header and descriptor are ZIP64's. */
  zip64: boolean;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309) of `bytes`, continuing from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** MS-DOS date and time, in UTC (a ZIP has no time zone); 1980 at the earliest. */
export function dosTime(epochMs: number): { date: number; time: number } {
  const d = new Date(Math.max(epochMs, Date.UTC(1980, 0, 1)));
  return {
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

const encoder = new TextEncoder();

class Bytes {
  private readonly view: DataView;
  readonly bytes: Uint8Array;
  private at = 0;
  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(value: number): this {
    this.view.setUint16(this.at, value, true);
    this.at += 2;
    return this;
  }
  u32(value: number): this {
    this.view.setUint32(this.at, value >>> 0, true);
    this.at += 4;
    return this;
  }
  u64(value: number): this {
    this.view.setBigUint64(this.at, BigInt(value), true);
    this.at += 8;
    return this;
  }
  raw(bytes: Uint8Array): this {
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }
}

/** Whether an entry of `size` bytes at `offset` needs ZIP64 in its local header (sizes) or at all. */
export function needsZip64(size: number, compressedSize: number, force = false): boolean {
  return force || size >= MAX32 || compressedSize >= MAX32;
}

/** An entry's local header. With bit 3 set its CRC and sizes are zero here; the descriptor has them. */
export function localHeader(name: string, method: ZipMethod, modified: number, zip64: boolean): Uint8Array {
  const nameBytes = encoder.encode(name);
  const { date, time } = dosTime(modified);
  const extra = zip64 ? 20 : 0;
  const out = new Bytes(30 + nameBytes.length + extra)
    .u32(SIGNATURE.local)
    .u16(zip64 ? 45 : 20)
    .u16(FLAGS)
    .u16(method)
    .u16(time)
    .u16(date)
    .u32(0)
    .u32(zip64 ? MAX32 : 0)
    .u32(zip64 ? MAX32 : 0)
    .u16(nameBytes.length)
    .u16(extra)
    .raw(nameBytes);
  if (zip64) out.u16(0x0001).u16(16).u64(0).u64(0);
  return out.bytes;
}

/** The descriptor after an entry's bytes: its CRC and sizes (8-byte sizes for a ZIP64 entry). */
export function dataDescriptor(entry: Pick<ZipEntry, 'crc' | 'compressedSize' | 'size' | 'zip64'>): Uint8Array {
  const out = new Bytes(entry.zip64 ? 24 : 16).u32(SIGNATURE.descriptor).u32(entry.crc);
  if (entry.zip64) out.u64(entry.compressedSize).u64(entry.size);
  else out.u32(entry.compressedSize).u32(entry.size);
  return out.bytes;
}

/** One entry's record in the central directory. */
export function centralRecord(entry: ZipEntry, modified: number, forceZip64 = false): Uint8Array {
  const nameBytes = encoder.encode(entry.name);
  const { date, time } = dosTime(modified);
  const big = { size: forceZip64 || entry.size >= MAX32, compressed: forceZip64 || entry.compressedSize >= MAX32, offset: forceZip64 || entry.offset >= MAX32 };
  const extraData = (big.size ? 8 : 0) + (big.compressed ? 8 : 0) + (big.offset ? 8 : 0);
  const extra = extraData ? 4 + extraData : 0;
  const out = new Bytes(46 + nameBytes.length + extra)
    .u32(SIGNATURE.central)
    .u16((3 << 8) | 45) // made by Unix, version 4.5
    .u16(extra || entry.zip64 ? 45 : 20)
    .u16(FLAGS)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(entry.crc)
    .u32(big.compressed ? MAX32 : entry.compressedSize)
    .u32(big.size ? MAX32 : entry.size)
    .u16(nameBytes.length)
    .u16(extra)
    .u16(0) // comment
    .u16(0) // disk
    .u16(0) // internal attributes
    .u32((0o100644 << 16) >>> 0) // a regular file, rw-r--r--
    .u32(big.offset ? MAX32 : entry.offset)
    .raw(nameBytes);
  if (extra) {
    out.u16(0x0001).u16(extraData);
    if (big.size) out.u64(entry.size);
    if (big.compressed) out.u64(entry.compressedSize);
    if (big.offset) out.u64(entry.offset);
  }
  return out.bytes;
}

/** The end of the archive: ZIP64's end record and locator when needed, then the classic end record. */
export function endRecords(count: number, directoryOffset: number, directorySize: number, forceZip64 = false): Uint8Array {
  const zip64 = forceZip64 || count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  const parts: Uint8Array[] = [];
  if (zip64) {
    const end64Offset = directoryOffset + directorySize;
    parts.push(
      new Bytes(56)
        .u32(SIGNATURE.end64)
        .u64(44)
        .u16((3 << 8) | 45)
        .u16(45)
        .u32(0)
        .u32(0)
        .u64(count)
        .u64(count)
        .u64(directorySize)
        .u64(directoryOffset).bytes,
      new Bytes(20).u32(SIGNATURE.locator64).u32(0).u64(end64Offset).u32(1).bytes,
    );
  }
  parts.push(
    new Bytes(22)
      .u32(SIGNATURE.end)
      .u16(0)
      .u16(0)
      .u16(zip64 ? MAX16 : count)
      .u16(zip64 ? MAX16 : count)
      .u32(zip64 ? MAX32 : directorySize)
      .u32(zip64 ? MAX32 : directoryOffset)
      .u16(0).bytes,
  );
  return concat(parts);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
