/**
 * A PNG read the way a decoder does (signature, IHDR, every IDAT inflated, one filter byte and the
 * pixels per row), without a dependency: enough to tell a preview image decodes and has its size.
 */
export interface DecodedPng {
  width: number;
  height: number;
  colorType: number;
  bitDepth: number;
  /** The inflated scanlines' length, which a well-formed image fixes exactly. */
  inflated: number;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export async function decodePng(bytes: Uint8Array): Promise<DecodedPng> {
  if (!SIGNATURE.every((byte, i) => bytes[i] === byte)) throw new Error('not a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: Omit<DecodedPng, 'inflated'> | null = null;
  const data: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = { width: view.getUint32(offset + 8), height: view.getUint32(offset + 12), bitDepth: body[8]!, colorType: body[9]! };
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header) throw new Error('no IHDR');
  const stream = new Blob(data as BlobPart[]).stream().pipeThrough(new DecompressionStream('deflate'));
  const inflated = (await new Response(stream).arrayBuffer()).byteLength;
  const rowBytes = Math.ceil((header.width * CHANNELS[header.colorType]! * header.bitDepth) / 8);
  if (inflated !== header.height * (1 + rowBytes)) throw new Error(`scanlines: ${inflated} bytes, expected ${header.height * (1 + rowBytes)}`);
  return { ...header, inflated };
}
