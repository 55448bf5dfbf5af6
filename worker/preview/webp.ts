/**
 * WebP pictures for the preview image (ADR 058): resvg reads no WebP, so the consultant's WebP
 * picture is decoded here (libwebp's decoder from @jsquash/webp, WebAssembly that wrangler bundles
 * precompiled, as resvg's and yoga's are: nothing fetched, nothing compiled at run time) and
 * handed on as a PNG (png.ts). A picture of more than MAX_WEBP_PIXELS (read from its header before
 * anything is decoded) or one that does not decode is null: the card shows the initials.
 */
import { init, default as decode } from '@jsquash/webp/decode.js';
import webpWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import { webpSize } from '#core/images';
import { encodePng, shrink } from './png';

/** 4 megapixels: 16 MB of RGBA in the decoder's memory and as much again in the isolate's. */
export const MAX_WEBP_PIXELS = 4 * 1024 * 1024;
/** The circle is 300 px of the 1200×630 image: more pixels than that are never drawn. */
const DRAWN_SIDE = 300;

let ready: Promise<void> | null = null;

/** The decoder, instantiated once per isolate (again after a failure, which may leave it broken). */
function decoder(): Promise<void> {
  ready ??= init(webpWasm as never);
  return ready;
}

/** The WebP picture as a PNG satori and resvg read, or null when it is too large or does not decode. */
export async function webpAsPng(bytes: Uint8Array): Promise<Uint8Array | null> {
  const size = webpSize(bytes);
  if (!size || size.width * size.height > MAX_WEBP_PIXELS) return null;
  try {
    await decoder();
    const image = await decode(bytes as unknown as ArrayBuffer);
    return await encodePng(shrink(image, DRAWN_SIDE));
  } catch (error) {
    ready = null;
    console.error('preview picture (WebP):', error instanceof Error ? error.message : String(error));
    return null;
  }
}
