import type { ErrorCode } from './errors';
import { LIMITS } from './limits';
import { acceptedKind } from './media';
import type { MediaKind } from './media';

/**
 * What an upload into the library decides before a byte is sent: how many files one selection may
 * hold, which of them are refused and why, the title each gets, and what the analysis of a video
 * means for its conversion. Pure, so the page and the tests share it.
 */

/** A chosen file as far as the rules care: a `File` fits. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/**
 * A selection the library refuses as a whole (more than 20 files: a warning, and nothing uploads),
 * or the files in order, each with its kind and title or the reason it is refused.
 */
export type UploadPlan<F extends ChosenFile> =
  { error: 'tooManyFiles' } | { files: ({ file: F; title: string } & ({ kind: MediaKind } | { refused: ErrorCode }))[] };

export function planUpload<F extends ChosenFile>(files: readonly F[], max: number = LIMITS.libraryUploadFilesMax): UploadPlan<F> {
  if (files.length > max) return { error: 'tooManyFiles' };
  return {
    files: files.map((file) => {
      const kind = acceptedKind(file.type.trim().toLowerCase());
      const title = uploadTitle(file.name, kind);
      if (!kind) return { file, title, refused: 'mediaTypeNotAccepted' };
      if (file.size > LIMITS.mediaBytesMax) return { file, title, refused: 'fileTooLarge' };
      return { file, title, kind };
    }),
  };
}

/**
 * An item's title from its file's name: the extension is dropped for video and image; a PDF or a
 * song keeps it. Cut to the title's limit; a name that would be empty (".jpg") stays as it is.
 */
export function uploadTitle(name: string, kind: MediaKind | null): string {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf('.');
  const bare = (kind === 'image' || kind === 'video') && dot > 0 ? trimmed.slice(0, dot).trim() : trimmed;
  return [...(bare || trimmed || name)].slice(0, LIMITS.mediaTitleMax).join('');
}

/**
 * A video is portrait when its height exceeds its width, the other way round when it is stored
 * turned by 90 or 270 degrees (a phone held upright records landscape frames and a rotation).
 */
export function isPortraitVideo(width: number, height: number, rotation: number): boolean {
  const turned = rotation === 90 || rotation === 270;
  return turned ? width > height : height > width;
}
