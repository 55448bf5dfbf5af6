/**
 * A PNG read the way a decoder does (signature, IHDR, every IDAT inflated, one filter byte and the
 * pixels per row, the five filters undone), without a dependency: enough to tell a preview image
 * decodes, has its size, and what colour a pixel is (8-bit grey, RGB and RGBA images).
 */
export interface DecodedPng {
  width: number;
  height: number;
  colorType: number;
  bitDepth: number;
  /** The inflated scanlines' length, which a well-formed image fixes exactly. */
  inflated: number;
  /** The pixel at (x, y) as [red, green, blue, alpha] (8-bit images without a palette). */
  pixel: (x: number, y: number) => [number, number, number, number];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export async function decodePng(bytes: Uint8Array): Promise<DecodedPng> {
  if (!SIGNATURE.every((byte, i) => bytes[i] === byte)) throw new Error('not a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: Omit<DecodedPng, 'inflated' | 'pixel'> | null = null;
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
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  const inflated = raw.byteLength;
  const channels = CHANNELS[header.colorType]!;
  const rowBytes = Math.ceil((header.width * channels * header.bitDepth) / 8);
  if (inflated !== header.height * (1 + rowBytes)) throw new Error(`scanlines: ${inflated} bytes, expected ${header.height * (1 + rowBytes)}`);
  let pixels: Uint8Array | null = null;
  const pixel = (x: number, y: number): [number, number, number, number] => {
    if (header.bitDepth !== 8 || header.colorType === 3) throw new Error('pixel: only 8-bit images without a palette');
    pixels ??= unfilter(raw, rowBytes, header.height, channels);
    const at = y * rowBytes + x * channels;
    const [first, second, third, fourth] = [...pixels.subarray(at, at + channels)] as number[];
    if (channels === 1) return [first!, first!, first!, 255];
    if (channels === 2) return [first!, first!, first!, second!];
    return [first!, second!, third!, channels === 4 ? fourth! : 255];
  };
  return { ...header, inflated, pixel };
}

/** The scanlines with their filters (none, sub, up, average, Paeth) undone, without the filter bytes. */
function unfilter(raw: Uint8Array, rowBytes: number, height: number, step: number): Uint8Array {
  const out = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)]!;
    const line = raw.subarray(y * (rowBytes + 1) + 1, (y + 1) * (rowBytes + 1));
    const row = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= step ? out[row + i - step]! : 0;
      const up = y > 0 ? out[row - rowBytes + i]! : 0;
      const corner = y > 0 && i >= step ? out[row - rowBytes + i - step]! : 0;
      const p = left + up - corner;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
      const predicted = [0, left, up, (left + up) >> 1, pa <= pb && pa <= pc ? left : pb <= pc ? up : corner][filter];
      if (predicted === undefined) throw new Error(`filter ${filter} in row ${y}`);
      out[row + i] = (line[i]! + predicted) & 0xff;
    }
  }
  return out;
}
