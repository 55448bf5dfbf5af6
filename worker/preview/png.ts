/**
 * A PNG encoder for the preview image's pictures (ADR 058): satori and resvg read PNG, JPEG and
 * GIF, not WebP, so a decoded WebP is handed to them as an 8-bit RGBA PNG. The scanlines are
 * unfiltered and compressed by the platform's CompressionStream('deflate') (zlib, as PNG's IDAT
 * wants), in workerd as in Node: no dependency. A picture larger than needed is first shrunk by
 * averaging blocks of pixels, so neither the deflate nor resvg's own decoding pays for pixels
 * the 300 px circle never shows.
 */

export interface Rgba {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array | Uint8ClampedArray;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The image as a PNG (colour type 6, RGBA, 8 bits, no interlace). */
export async function encodePng(image: Rgba): Promise<Uint8Array> {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || data.length !== width * height * 4)
    throw new Error(`encodePng: ${width}×${height} with ${data.length} bytes`);
  const row = width * 4;
  const raw = new Uint8Array(height * (1 + row));
  for (let y = 0; y < height; y++) raw.set(data.subarray(y * row, (y + 1) * row), y * (1 + row) + 1); // filter byte 0: none
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The image shrunk by a whole factor (each pixel the mean of a block) so that its shorter side is
 * still at least `side`; unchanged when it is already small enough.
 */
export function shrink(image: Rgba, side: number): Rgba {
  const factor = Math.floor(Math.min(image.width, image.height) / side);
  if (factor < 2) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8Array(width * height * 4);
  const block = factor * factor;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const start = ((y * factor + dy) * image.width + x * factor) * 4 + c;
          for (let dx = 0; dx < factor; dx++) sum += image.data[start + dx * 4]!;
        }
        data[(y * width + x) * 4 + c] = Math.round(sum / block);
      }
  return { width, height, data };
}
