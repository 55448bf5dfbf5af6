import type { PDFDataRangeTransport } from 'pdfjs-dist';
import type { MediaEntry } from '~/core/media-entry';
import { isErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { previewSize } from '~/core/media';
import { apiFetch } from './api';
import type { ApiResult } from './api';
import { loadPdfjs, pdfOptions } from './pdf';

/**
 * Previews for the media library's cards, made in the browser: the Worker cannot decode pictures or
 * render PDFs (worker/services/media-preview.ts says why), while the browser that uploads a file
 * holds it anyway. A picture is scaled down to the preview box with its EXIF orientation applied; a
 * PDF's first page is rendered by pdf.js, loaded only when a PDF is at hand (app/lib/pdf.ts). The
 * result is a JPEG that PUT /api/media/{id}/preview stores beside the original. A video's preview
 * is Stream's poster, which the Worker copies itself.
 */

/** An item as the library or an upload names it: the kind decides where its preview comes from. */
type Previewed = { id: string; mediaType: string };

const JPEG_QUALITY = 0.82;

/** Draws onto a white canvas of the given size and encodes it; null if that fails or is too big. */
async function toJpeg(
  width: number,
  height: number,
  draw: (context: CanvasRenderingContext2D, canvas: HTMLCanvasElement) => Promise<void>,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // JPEG has no transparency: what a PNG leaves transparent turns white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await draw(context, canvas);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  // Safari keeps a canvas's pixels until it is collected; a zero size releases them now.
  canvas.width = 0;
  canvas.height = 0;
  return blob && blob.size <= LIMITS.mediaPreviewBytesMax ? blob : null;
}

async function imagePreview(file: Blob): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = previewSize(bitmap.width, bitmap.height);
    return await toJpeg(size.width, size.height, async (context) => {
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, size.width, size.height);
    });
  } finally {
    bitmap.close();
  }
}

async function pdfPreview(file: Blob): Promise<Blob | null> {
  const pdfjs = await loadPdfjs();
  // The ranges pdf.js asks for (pdfOptions) are read from the file, never the whole of it.
  const transport: PDFDataRangeTransport = new pdfjs.PDFDataRangeTransport(file.size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    void file
      .slice(begin, end)
      .arrayBuffer()
      .then((chunk) => transport.onDataRange(begin, new Uint8Array(chunk)));
  };
  const task = pdfjs.getDocument({ ...pdfOptions(pdfjs), range: transport });
  try {
    const page = await (await task.promise).getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const size = previewSize(natural.width, natural.height);
    const viewport = page.getViewport({ scale: Math.min(size.width / natural.width, size.height / natural.height) });
    return await toJpeg(size.width, size.height, async (_context, canvas) => {
      await page.render({ canvas, viewport }).promise;
    });
  } finally {
    await task.destroy();
  }
}

/**
 * A JPEG preview of a picture or a PDF's first page, fitting the preview box; null for other
 * files, and for one the browser cannot read (a HEIC photo in Chrome, a broken PDF).
 */
export async function makePreview(file: Blob): Promise<Blob | null> {
  const type = file.type.toLowerCase();
  try {
    if (type === 'application/pdf') return await pdfPreview(file);
    if (type.startsWith('image/')) return await imagePreview(file);
  } catch (error) {
    console.warn('no preview', type, error);
  }
  return null;
}

const putPreview = (id: string, body?: Blob) => apiFetch<MediaEntry>(`/api/media/${encodeURIComponent(id)}/preview`, { method: 'PUT', body });

/**
 * After an upload: makes the preview of the file just sent and stores it. Never fails: without a
 * preview the card shows the kind's icon, and the preview can be regenerated.
 */
export async function attachPreview(file: Blob, item: Previewed): Promise<void> {
  if (item.mediaType !== 'image' && item.mediaType !== 'application') return;
  try {
    const preview = await makePreview(file);
    if (preview) await putPreview(item.id, preview);
  } catch (error) {
    console.warn('preview not stored', item.id, error);
  }
}

/**
 * The library's "regenerate preview": a picture's or a PDF's preview is made anew from the stored
 * file; for a video the Worker copies Stream's poster again (the same call without a body; for
 * audio it answers that there is no preview). Answers with the entry as the library lists it.
 */
export async function regeneratePreview(item: Previewed): Promise<ApiResult<MediaEntry>> {
  if (item.mediaType !== 'image' && item.mediaType !== 'application') return putPreview(item.id);
  let file: Blob;
  try {
    const response = await fetch(`/files/${encodeURIComponent(item.id)}`, { credentials: 'same-origin' });
    if (!response.ok) {
      const code = ((await response.json().catch(() => null)) as { error?: { code?: unknown } } | null)?.error?.code;
      return { ok: false, code: isErrorCode(code) ? code : 'generic', status: response.status };
    }
    file = await response.blob();
  } catch {
    return { ok: false, code: 'generic', status: 0 };
  }
  const preview = await makePreview(file);
  if (!preview) return { ok: false, code: 'previewFailed', status: 0 };
  return putPreview(item.id, preview);
}
