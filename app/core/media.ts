import type { EntrySort } from './folders';
import { TIMINGS } from './limits';

/**
 * The media library's own rules: which files it takes, its kinds and states, previews. Folders,
 * trash, moves and search are shared with the templates (folders.ts).
 */

/** The kinds of file the library keeps (the part of the content type before the slash). */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'application'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** Pictures alone: what a guest may attach in a chat. */
export const PICTURE_KINDS: readonly MediaKind[] = ['image'];
export type MediaType = MediaKind | 'folder';

/** An item's bytes: announced (waiting for the upload), being converted, ready, or failed. */
export const MEDIA_STATES = ['waiting', 'converting', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

export type MediaSort = EntrySort;

/** A video's conversionStatus: PROGRESSING while converting (the page polls every 1 s). */
export const CONVERSION_STATUSES = ['PROGRESSING', 'READY', 'ERROR'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/**
 * A conversion's status from what Cloudflare Stream reports for the video: READY once it plays
 * (`readyToStream`), which comes before its larger renditions are done (`status.state` speaks of
 * all of them and says `inprogress` meanwhile; ADR 024); ERROR when Stream gave up on it before;
 * any other state, one Stream may add later too, counts as still working.
 */
export function conversionStatusOf(streamState: string, readyToStream: boolean): ConversionStatus {
  if (readyToStream) return 'READY';
  return streamState === 'error' ? 'ERROR' : 'PROGRESSING';
}

/** The item's state once its conversion has this status. */
export function stateOfConversion(status: ConversionStatus): MediaState {
  return status === 'READY' ? 'ready' : status === 'ERROR' ? 'failed' : 'converting';
}

/**
 * Where an item's preview comes from: the browser makes one of a picture or a PDF's first page
 * (app/lib/preview.ts) and sends it; a video's is the poster Stream made while converting, copied
 * by the Worker; audio has none.
 */
export function previewSource(kind: MediaKind): 'browser' | 'poster' | null {
  if (kind === 'image' || kind === 'application') return 'browser';
  return kind === 'video' ? 'poster' : null;
}

/**
 * Previews live beside the original `{owner}/{mediaId}` under the names the static file host has
 * always used: a video's poster with the suffix `.0000001.jpg`, a PDF's thumbnail with `.jpg`. A
 * picture's thumbnail has no name of its own there; it takes the PDF's, the other thumbnail the
 * browser makes. Null: no preview.
 */
export function previewKeyOf(storageKey: string, kind: MediaKind): string | null {
  const source = previewSource(kind);
  if (!source) return null;
  return source === 'poster' ? `${storageKey}.0000001.jpg` : `${storageKey}.jpg`;
}

/** The box a preview fits in: the library's card (250 × 150) at twice its size, for sharp screens. */
export const PREVIEW_BOX = { width: 500, height: 300 } as const;

/** A picture's size scaled to fit the preview box, aspect kept, never enlarged; at least 1 × 1. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_BOX.width / width, PREVIEW_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The tallest a photo's preview in the chat may be (product-spec §9: preview image max height 500). */
export const PHOTO_PREVIEW_MAX_HEIGHT = 500;

/**
 * The width a chat photo's preview is drawn at: its own, never enlarged, and no wider than keeps it
 * at most 500 px high; the bubble may narrow it further, its shape kept.
 */
export function photoPreviewWidth(width: number, height: number): number {
  return Math.max(1, Math.floor(Math.min(width, (PHOTO_PREVIEW_MAX_HEIGHT * width) / height)));
}

/** The API's other names for kinds, which clients may send: photo for image, document for application. */
const ALIASES: Record<string, MediaKind> = { photo: 'image', document: 'application' };

/** A content type without parameters, in lower case: `type/subtype`. */
const CONTENT_TYPE = /^([a-z]+)\/[a-z0-9][a-z0-9!#$&^_.+-]{0,99}$/;

/**
 * The kind of a content type the library accepts (image/*, video/*, audio/*, application/pdf), or
 * null. Only PDF of the application types: others may be programs.
 */
export function acceptedKind(contentType: string): MediaKind | null {
  const match = CONTENT_TYPE.exec(contentType);
  if (!match) return null;
  const kind = match[1];
  // SVG is a document that can carry script, not a picture a phone shows safely: refused before
  // any byte is sent (the content check would refuse it after the upload anyway).
  if (contentType === 'image/svg+xml') return null;
  if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
  return contentType === 'application/pdf' ? 'application' : null;
}

/** The file picker's `accept` for these kinds: what `acceptedKind` takes of each (only PDF documents). */
export function acceptAttribute(kinds: readonly MediaKind[]): string {
  return kinds.map((kind) => (kind === 'application' ? 'application/pdf' : `${kind}/*`)).join(',');
}

/** Whether a declared media type names `kind` (its own name or its alias). */
export function declaresKind(declared: string, kind: MediaKind): boolean {
  return declared === kind || ALIASES[declared] === kind;
}

/**
 * How long a video's conversion is left alone before its status is first asked for: Stream needs
 * about half the video's length, so polling sooner only costs requests. A length that is unknown,
 * zero or not a number waits as long as one poll.
 */
export function conversionWaitMs(durationSeconds: number | null | undefined): number {
  if (typeof durationSeconds !== 'number' || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return TIMINGS.conversionWaitUnknownMs;
  return Math.round(durationSeconds * TIMINGS.conversionWaitPerSecondMs);
}
