import { describe, expect, it } from 'vitest';
import { webpSize } from '../../app/core/images';
import { encodePng, shrink } from '../../worker/preview/png';
import { BROKEN_WEBP, PICTURES, WEBP_PICTURES } from '../fixtures/images';
import { decodePng } from '../support/png';

/** The preview image's PNG encoder and WebP header reader (ADR 058: a WebP picture is drawn as a PNG). */
const rgba = (width: number, height: number, at: (x: number, y: number) => number[]) => ({
  width,
  height,
  data: Uint8Array.from({ length: width * height * 4 }, (_, i) => at(((i / 4) % width) | 0, (i / 4 / width) | 0)[i % 4]!),
});

const crc32 = (bytes: Uint8Array) => {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
};

describe('encodePng', () => {
  it('writes an RGBA PNG that decodes to the same pixels, every chunk with its CRC', async () => {
    const image = rgba(5, 3, (x, y) => [x * 50, y * 100, 7, x === 4 ? 0 : 255]);
    const png = await encodePng(image);
    const decoded = await decodePng(png);
    expect(decoded).toMatchObject({ width: 5, height: 3, colorType: 6, bitDepth: 8 });
    for (let y = 0; y < 3; y++) for (let x = 0; x < 5; x++) expect(decoded.pixel(x, y), `${x},${y}`).toEqual([x * 50, y * 100, 7, x === 4 ? 0 : 255]);
    const view = new DataView(png.buffer, png.byteOffset);
    const types: string[] = [];
    for (let offset = 8; offset < png.length;) {
      const length = view.getUint32(offset);
      types.push(String.fromCharCode(...png.subarray(offset + 4, offset + 8)));
      expect(view.getUint32(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('compresses: a 600×600 picture of one colour is a few kilobytes', async () => {
    const png = await encodePng(rgba(600, 600, () => [214, 40, 110, 255]));
    expect(png.length).toBeLessThan(4096);
    expect((await decodePng(png)).pixel(599, 599)).toEqual([214, 40, 110, 255]);
  });

  it('refuses pixels that do not match the size', async () => {
    await expect(encodePng({ width: 2, height: 2, data: new Uint8Array(15) })).rejects.toThrow();
    await expect(encodePng({ width: 0, height: 0, data: new Uint8Array(0) })).rejects.toThrow();
  });
});

describe('shrink', () => {
  it('averages blocks so the shorter side stays at least the one asked for', () => {
    const image = rgba(1300, 700, (x) => (x % 2 === 0 ? [0, 100, 200, 255] : [100, 200, 0, 255]));
    const small = shrink(image, 300);
    expect(small).toMatchObject({ width: 650, height: 350 });
    expect([...small.data.subarray(0, 4)]).toEqual([50, 150, 100, 255]);
  });

  it('leaves a picture that is small enough alone', () => {
    const image = rgba(500, 900, () => [1, 2, 3, 4]);
    expect(shrink(image, 300)).toBe(image);
  });
});

describe('webpSize', () => {
  it('reads lossy, lossless and extended headers', () => {
    expect(webpSize(WEBP_PICTURES.lossy)).toEqual({ width: 64, height: 64 });
    expect(webpSize(WEBP_PICTURES.lossless)).toEqual({ width: 64, height: 64 });
    expect(webpSize(BROKEN_WEBP)).toEqual({ width: 64, height: 64 });
    const extended = new Uint8Array(30);
    extended.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
    extended.set([0x9f, 0x0f, 0x00, 0x6f, 0x17, 0x00], 24); // 4000 × 6000
    expect(webpSize(extended)).toEqual({ width: 4000, height: 6000 });
  });

  it('says nothing for what is not a WebP or too short to tell', () => {
    expect(webpSize(PICTURES['image/png'])).toBeNull();
    expect(webpSize(WEBP_PICTURES.lossy.subarray(0, 20))).toBeNull();
  });
});
