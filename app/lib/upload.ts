import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import type { ErrorCode } from '~/core/errors';
import { isErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { apiFetch } from './api';
import type { ApiResult } from './api';

/**
 * One file into the media library: POST /api/media announces it and answers with its `uploadUrl`,
 * then tus-js-client sends the bytes there (worker/api/tus.ts). Resumable: the upload URL is kept
 * in localStorage under the file's fingerprint, so choosing the same file again after a reload or a
 * lost connection continues where the server's offset says, without a second item. tus-js-client is
 * loaded on first use; pages that never upload never load it.
 */

/** The item as POST /api/media created it; its state after the upload is the library's to read. */
export interface UploadedMedia {
  id: string;
  title: string;
  mediaType: string;
  contentType: string;
  size: number;
  path: string;
  uploadUrl: string;
}

export interface UploadOptions {
  title: string;
  /** The folder path: folder ids joined by '/', empty for the root. */
  path: string;
  onProgress?: (sent: number, total: number) => void;
  /** Aborting stops sending; the server keeps what it has, so a later call resumes. */
  signal?: AbortSignal;
}

/** Waits between retries of a failed request (network errors, 5xx, 409, 423), then gives up. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];

export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(extension) ? extension : null;
}

/**
 * A photo or voice message's file for a party: announced with its content type, extension and size,
 * then its bytes in one PUT to the returned upload URL. Answers the file's id for the message.
 */
export async function uploadToParty(
  partyId: string,
  messageType: 'photo' | 'voice',
  blob: Blob,
  contentType: string,
  extension: string | null,
): Promise<ApiResult<{ mediaAttachment: string }>> {
  const announced = await apiFetch<{ mediaAttachment: string; uploadUrl: string }>(`/api/parties/${partyId}/media`, {
    method: 'POST',
    body: { messageType, contentType, mediaExtension: extension, size: blob.size },
  });
  if (!announced.ok) return announced;
  const put = await apiFetch(announced.data.uploadUrl, { method: 'PUT', body: blob.slice(0, blob.size, contentType) });
  if (!put.ok) return put;
  return { ok: true, data: { mediaAttachment: announced.data.mediaAttachment } };
}

/** The error code in a refused tus request's body, or null for a network failure. */
function codeOf(error: Error): { code: ErrorCode; status: number } {
  const response = (error as DetailedError).originalResponse;
  if (!response) return { code: 'generic', status: 0 };
  let code: unknown;
  try {
    code = (JSON.parse(response.getBody()) as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  return { code: isErrorCode(code) ? code : 'generic', status: response.getStatus() };
}

/**
 * Uploads the file, then gives it a preview (app/lib/preview.ts, loaded only now). A preview that
 * cannot be made or stored never fails the upload.
 */
export async function uploadMedia(file: File, options: UploadOptions): Promise<ApiResult<UploadedMedia>> {
  const result = await sendFile(file, options);
  // Compiled out of the server build, which would otherwise carry pdf.js along.
  if (!import.meta.env.SSR && result.ok) {
    const item = result.data;
    await import('./preview').then((preview) => preview.attachPreview(file, item)).catch(() => {});
  }
  return result;
}

async function sendFile(file: File, options: UploadOptions): Promise<ApiResult<UploadedMedia>> {
  const tus = await import('tus-js-client');
  // The same file into the same folder resumes; anywhere else it is a new item.
  const fingerprint = `salon-media:${options.path}:${file.name}:${file.type}:${file.size}:${file.lastModified}`;

  const send = (uploadUrl: string | null, item: UploadedMedia | null, previous: PreviousUpload | null) =>
    new Promise<ApiResult<UploadedMedia>>((resolve, reject) => {
      let upload: Upload;
      const onAbort = () => {
        void upload.abort(false);
        reject(options.signal!.reason);
      };
      upload = new tus.Upload(file, {
        uploadUrl,
        chunkSize: LIMITS.mediaChunkBytes,
        retryDelays: RETRY_DELAYS,
        fingerprint: async () => fingerprint,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // What a resume needs to answer with the item: kept beside the URL in localStorage.
        metadata: item ? { item: JSON.stringify(item) } : (previous?.metadata ?? {}),
        onProgress: (sent, total) => options.onProgress?.(sent, total),
        onSuccess: () => {
          options.signal?.removeEventListener('abort', onAbort);
          const stored = item ?? (JSON.parse(previous?.metadata.item ?? 'null') as UploadedMedia | null);
          resolve(stored ? { ok: true, data: stored } : { ok: false, code: 'generic', status: 0 });
        },
        onError: (error) => {
          options.signal?.removeEventListener('abort', onAbort);
          resolve({ ok: false, ...codeOf(error) });
        },
      });
      if (previous) upload.resumeFromPreviousUpload(previous);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      upload.start();
    });

  if (options.signal?.aborted) throw options.signal.reason;
  const probe = new tus.Upload(file, { fingerprint: async () => fingerprint });
  const [previous] = await probe.findPreviousUploads();
  if (previous?.uploadUrl && previous.metadata.item) {
    const resumed = await send(null, null, previous);
    // Gone meanwhile (deleted, failed, given up by the server): tus-js-client forgot it; start anew.
    if (resumed.ok || (resumed.status !== 404 && resumed.status !== 410)) return resumed;
  }

  const created = await apiFetch<UploadedMedia>('/api/media', {
    method: 'POST',
    body: { title: options.title, path: options.path, contentType: file.type.toLowerCase(), mediaExtension: extensionOf(file.name), size: file.size },
  });
  if (!created.ok) return created;
  return send(created.data.uploadUrl, created.data, null);
}
