import type { ZipEntry, ZipMethod } from './zip';
import { centralRecord, crc32, dataDescriptor, endRecords, localHeader, needsZip64 } from './zip';

/**
 * Packs an export's files into one ZIP, written part by part (ADR 062): the archive is never whole
 * in memory, only the part being filled (`partSize` bytes) and the chunk being read. After every
 * part the state is saved, and a run that failed or ran out of time continues from the last saved
 * part: it writes again from the start of the entry it was in, skipping what the parts hold, and
 * reads a file from the byte where that part ended (the file's CRC so far is in the state).
 * Pure of any binding: the caller gives where bytes come from and where parts go (services/export).
 */

/** One file of the archive, in the order written. */
export interface PackItem {
  /** Its path in the archive. */
  name: string;
  /** Where its bytes are (an R2 key). */
  key: string;
  /** Bytes as stored (compressed, for a deflated document). */
  size: number;
  method: ZipMethod;
  /** A deflated document's, known when it was made; a stored file's is found while it streams. */
  crc?: number;
  /** A deflated document's size once unpacked. */
  rawSize?: number;
}

/** How far the archive is: what the uploaded parts hold and where the entry in progress began. */
export interface PackState {
  partSize: number;
  /** Etags of the uploaded parts, part 1 first. */
  parts: string[];
  /** The entry in progress (items.length: the central directory). */
  item: number;
  /** Where its local header (or the central directory) starts. */
  itemStart: number;
  /** CRC of its bytes up to the end of the last part. */
  crc: number;
  /** The entries written whole. */
  entries: ZipEntry[];
  /** Every entry's time, the export's. */
  modified: number;
  /** ZIP64 records everywhere (a test's choice; otherwise only where needed). */
  zip64?: boolean;
}

export interface PackIo {
  /** The item's bytes from `offset` on. */
  read(item: PackItem, offset: number): Promise<ReadableStream<Uint8Array>>;
  /** Writes part `number` (1-based); answers its etag. */
  upload(number: number, bytes: Uint8Array): Promise<string>;
  /** Keeps the state after a part (the only moment it is consistent with the parts). */
  save(state: PackState): Promise<void>;
  /** Whether to stop after the part just written (a time budget); the next run continues. */
  enough(): boolean;
}

export function newPackState(partSize: number, modified: number, zip64 = false): PackState {
  return { partSize, parts: [], item: 0, itemStart: 0, crc: 0, entries: [], modified, ...(zip64 ? { zip64 } : {}) };
}

class Stop extends Error {}

/**
 * Writes what is left of the archive. Answers `done` when every byte is in a part (the caller
 * completes the upload with `state.parts`), or `more` when `io.enough()` asked it to stop.
 */
export async function pack(items: readonly PackItem[], state: PackState, io: PackIo): Promise<'done' | 'more'> {
  const buffer = new Uint8Array(state.partSize);
  let filled = 0;
  /** The archive's bytes already in parts: writes below it are skipped. */
  const resumeAt = state.parts.length * state.partSize;
  let position = state.itemStart;

  const flush = async () => {
    const etag = await io.upload(state.parts.length + 1, filled === buffer.length ? buffer : buffer.slice(0, filled));
    state.parts.push(etag);
    filled = 0;
    await io.save(state);
  };

  const write = async (bytes: Uint8Array) => {
    let from = 0;
    if (position < resumeAt) {
      from = Math.min(bytes.length, resumeAt - position);
      position += from;
    }
    while (from < bytes.length) {
      const take = Math.min(bytes.length - from, buffer.length - filled);
      buffer.set(bytes.subarray(from, from + take), filled);
      filled += take;
      from += take;
      position += take;
      if (filled === buffer.length) {
        await flush();
        if (io.enough()) throw new Stop();
      }
    }
  };

  try {
    for (; state.item < items.length; state.item++, state.itemStart = position, state.crc = 0) {
      const item = items[state.item]!;
      const rawSize = item.method === 8 ? (item.rawSize ?? 0) : item.size;
      const zip64 = needsZip64(rawSize, item.size, state.zip64);
      await write(localHeader(item.name, item.method, state.modified, zip64));
      const dataStart = position;
      // Only bytes the parts do not hold yet are read; the CRC of those before them is in the state.
      const offset = Math.min(item.size, Math.max(0, resumeAt - position));
      position += offset;
      let crc = offset > 0 ? state.crc : 0;
      if (offset < item.size) {
        const reader = (await io.read(item, offset)).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // Cut at a part's end, so the CRC saved with that part covers exactly the bytes in it.
          for (let at = 0; at < value.length;) {
            const take = Math.min(value.length - at, buffer.length - filled);
            const piece = value.subarray(at, at + take);
            if (item.method === 0) crc = state.crc = crc32(piece, crc);
            at += take;
            await write(piece);
          }
        }
      }
      if (position - dataStart !== item.size) throw new Error(`export: ${item.name} had ${position - dataStart} bytes, not ${item.size}`);
      const entry: ZipEntry = {
        name: item.name,
        method: item.method,
        crc: item.method === 0 ? crc : (item.crc ?? 0),
        compressedSize: item.size,
        size: rawSize,
        offset: state.itemStart,
        zip64,
      };
      await write(dataDescriptor(entry));
      state.entries.push(entry);
    }
    const directoryStart = state.itemStart;
    for (const entry of state.entries) await write(centralRecord(entry, state.modified, state.zip64));
    await write(endRecords(state.entries.length, directoryStart, position - directoryStart, state.zip64));
    if (filled > 0 || state.parts.length === 0) await flush();
    return 'done';
  } catch (error) {
    if (error instanceof Stop) return 'more';
    throw error;
  }
}
