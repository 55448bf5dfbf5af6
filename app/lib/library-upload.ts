import type { ErrorCode } from '~/core/errors';
import type { MediaKind } from '~/core/media';
import { apiFetch } from './api';
import { watchConversion } from './conversions';
import { uploadMedia } from './upload';
import { analyseVideo } from './video-analysis';

export type LibraryUploadPhase = 'uploading' | 'converting';

export type LibraryUploadResult =
  | { ok: true; id: string }
  /** `status` is the HTTP status of a refusal (401: signed out), 0 for a failed conversion. */
  | { ok: false; reason: ErrorCode | 'conversion'; status: number };

/**
 * One file into the library, to the end: a video is analysed before its bytes go up, converted once
 * they are there and followed until Stream is done, so what this resolves with is an item that can
 * be opened (or sent into a chat). The library page and the chat's send both go through here.
 * `onChanged` runs whenever the item appeared or changed.
 */
export async function uploadIntoLibrary(
  file: File,
  options: { kind: MediaKind; title: string; path: string; onPhase: (phase: LibraryUploadPhase, percent: number) => void; onChanged?: () => void },
): Promise<LibraryUploadResult> {
  const changed = () => options.onChanged?.();
  options.onPhase('uploading', 0);
  const analysis = options.kind === 'video' ? await analyseVideo(file) : null;
  const uploaded = await uploadMedia(file, {
    title: options.title,
    path: options.path,
    onProgress: (sent, size) => options.onPhase('uploading', size > 0 ? Math.floor((sent / size) * 100) : 100),
  });
  if (!uploaded.ok || !analysis) {
    // The item may exist even when refused (by its content after the upload): its card says it failed.
    changed();
    return uploaded.ok ? { ok: true, id: uploaded.data.id } : { ok: false, reason: uploaded.code, status: uploaded.status };
  }
  // A video's card shows once its conversion has started: until the convert call is answered its
  // row still says 'waiting', which the card would read out as waiting for the upload.
  options.onPhase('converting', 100);
  const started = await apiFetch(`/api/media/convert/${uploaded.data.id}`, {
    method: 'PUT',
    body: { isPortrait: analysis.isPortrait, noAudio: analysis.noAudio },
  });
  changed();
  if (!started.ok) return { ok: false, reason: started.code, status: started.status };
  const status = await watchConversion(uploaded.data.id, analysis.durationSeconds);
  changed();
  return status === 'READY' ? { ok: true, id: uploaded.data.id } : { ok: false, reason: 'conversion', status: 0 };
}
