import type { ConversionStatus, MediaState, MediaType } from './media';

/**
 * What the API answers about the media library (the library's pages, the party's picker, the
 * companion app read the same shapes): its entries and a video's conversion.
 */

/** An item or a folder as the library lists it. */
export interface MediaEntry {
  id: string;
  title: string;
  /** What the consultant wrote about an item (ADR 039); null when nothing, and for folders. */
  description: string | null;
  mediaType: MediaType;
  /** Null for folders. */
  contentType: string | null;
  mediaExtension: string | null;
  size: number | null;
  state: MediaState | null;
  /** Where it is: folder ids from the root joined by '/', empty for the root. */
  path: string;
  createdAt: number;
  updatedAt: number;
  /** Set when it was put in the trash itself (not only with a folder). */
  trashedAt: number | null;
  /** In the trash: when it is deleted for good. */
  deletesAt: number | null;
  /** Whether a preview image is stored beside the file (never for folders). */
  hasPreview: boolean;
}

/** One folder of the library, or the trash, or a search's hits. */
export interface MediaListing {
  path: string;
  /** Folders first, then items, in the order asked for. */
  entries: MediaEntry[];
}

/** A video's conversion as the library polls it (PUT and GET /media/convert/{id}). */
export interface Conversion {
  id: string;
  conversionStatus: ConversionStatus;
  /** 0–100 while PROGRESSING. */
  progress: number;
  /** The HLS master playlist and the poster, once READY. */
  hls: string | null;
  poster: string | null;
  /** Seconds, once known. */
  duration: number | null;
  isPortrait: boolean | null;
  noAudio: boolean | null;
}
