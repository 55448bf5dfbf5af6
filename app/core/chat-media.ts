import type { MediaKind } from './media';
import { LIMITS } from './limits';
import { acceptedKind } from './media';
import { recognisedContentType } from './media-content';

/**
 * Media in chat. A media message names its file by id; the file is either an item of the manager's
 * library or a party upload (a guest's or the manager's photo or voice message, stored under the
 * party, never in a library). Who may attach what is `can(…, { type: 'attachMedia' })` in
 * permissions.ts; this module says which kinds fit.
 */

/** The message types that carry a file, each with the one kind of file it carries. */
export const MEDIA_MESSAGE_KINDS = {
  photo: 'image',
  video: 'video',
  voice: 'audio',
  audio: 'audio',
  document: 'application',
  /** A product card (app/core/cards.ts) shows its photo, an image of the manager's library. */
  product: 'image',
} as const satisfies Record<string, MediaKind>;

export type MediaMessageType = keyof typeof MEDIA_MESSAGE_KINDS;

/** The message type a library item goes out as when none is named (audio as audio, not voice). */
export function libraryMessageType(kind: MediaKind): MediaMessageType {
  return kind === 'image' ? 'photo' : kind === 'application' ? 'document' : kind;
}
export const MEDIA_MESSAGE_TYPES = ['photo', 'video', 'voice', 'audio', 'document'] as const satisfies readonly MediaMessageType[];

export function isMediaMessageType(type: string): type is MediaMessageType {
  return Object.hasOwn(MEDIA_MESSAGE_KINDS, type);
}

/** Guests send only images and voice, so a party upload is only ever one of these. */
export const UPLOAD_MESSAGE_TYPES = ['photo', 'voice'] as const satisfies readonly MediaMessageType[];

/** The file a media message carries, under the API's field names (the companion app's too). */
export interface MessageMedia {
  mediaAttachment: string;
  mediaAttachmentType: MediaKind;
  /** Lower case, without the dot; null when the file has none. */
  mediaExtension: string | null;
  /** The library's owner (a consultant's user id), or the member who uploaded it to the party. */
  mediaAttachmentOwner: string;
  contentType: string;
  /**
   * The library item's title when it was sent, for the bubble (a catalogue's name, not only
   * "PDF"). A party upload (a photo, a voice message) has none, and nor do messages sent before
   * messages carried it.
   */
  mediaTitle?: string;
}

/** The file a message or template message names, when it names one whole (else undefined). */
export function messageMedia(fields: Partial<MessageMedia>): MessageMedia | undefined {
  const { mediaAttachment, mediaAttachmentType, mediaExtension, mediaAttachmentOwner, contentType, mediaTitle } = fields;
  if (!mediaAttachment || !mediaAttachmentType || !mediaAttachmentOwner || !contentType) return undefined;
  return {
    mediaAttachment,
    mediaAttachmentType,
    mediaExtension: mediaExtension ?? null,
    mediaAttachmentOwner,
    contentType,
    ...(mediaTitle ? { mediaTitle } : {}),
  };
}

/** What a client says of a file (the API's message fields), each optional. */
export interface MediaClaims {
  mediaAttachmentType?: string | undefined;
  mediaExtension?: string | null | undefined;
  mediaAttachmentOwner?: string | undefined;
}

/**
 * Whether every field the client gave is the file's own: the id names the file, the rest may only
 * repeat what the server knows (a forged owner or kind is refused, not stored).
 */
export function claimsAgree(claims: MediaClaims, media: MessageMedia): boolean {
  return (
    (claims.mediaAttachmentType === undefined || claims.mediaAttachmentType === media.mediaAttachmentType) &&
    (claims.mediaExtension === undefined || claims.mediaExtension === media.mediaExtension) &&
    (claims.mediaAttachmentOwner === undefined || claims.mediaAttachmentOwner === media.mediaAttachmentOwner)
  );
}

/**
 * Whether a party upload for `messageType` may have this content type: of the message's kind, and
 * a format whose bytes the content check knows (so no SVG: it could carry a script).
 */
export function uploadFits(messageType: MediaMessageType, contentType: string): boolean {
  return acceptedKind(contentType) === MEDIA_MESSAGE_KINDS[messageType] && recognisedContentType(contentType);
}

/**
 * What of a selection for the chat goes on to the send dialog: at most 10 files at once (more are
 * refused as a whole, like the library's 20), and from a guest only pictures (the rest are left out
 * and she is told so); the manager's files all go on, each checked again as it is sent. The server
 * enforces the same rights.
 */
export function chatSelection<F extends { type: string }>(files: readonly F[], mayAttachAll: boolean): { tooMany: true } | { files: F[]; imagesOnly: boolean } {
  if (files.length > LIMITS.chatUploadFilesMax) return { tooMany: true };
  if (mayAttachAll) return { files: [...files], imagesOnly: false };
  const images = files.filter((file) => acceptedKind(file.type.split(';')[0]!.trim().toLowerCase()) === 'image');
  return { files: images, imagesOnly: images.length < files.length };
}

/** Where a party upload's bytes live in R2: under the party, never in anyone's library. */
export function partyUploadKey(partyId: string, mediaId: string): string {
  return `parties/${partyId}/${mediaId}`;
}

/** Where a photo or voice message's bytes go: the upload URL the send answers with (a plain PUT). */
export function partyUploadPath(partyId: string, mediaId: string): string {
  return `/api/parties/${partyId}/media/${mediaId}`;
}
