import type * as PdfJs from 'pdfjs-dist';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';

let loading: Promise<typeof PdfJs> | null = null;

/**
 * pdf.js and its worker, from our own build (never a CDN), loaded on first use: the library's
 * previews and the PDF viewer need them, the party page never loads them before a PDF is opened
 * (its weight is measured, README). The worker is a file of its own beside the build's assets.
 */
export function loadPdfjs(): Promise<typeof PdfJs> {
  // Never on the server (a PDF is shown in a dialog the server does not render): the guard keeps
  // pdf.js, a megabyte, out of the Worker's bundle.
  if (import.meta.env.SSR) return Promise.reject(new Error('pdf.js runs in the browser only'));
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  // A failed load (the phone went offline) is tried again the next time.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * How every PDF is opened: pdf.js asks for the byte ranges it needs (the trailer, the pages
 * shown) instead of the whole file, so a catalogue of hundreds of megabytes is never read whole;
 * and it never compiles code from a document's fonts (the pages' Content-Security-Policy allows
 * no 'unsafe-eval').
 */
export function pdfOptions(pdfjs: typeof PdfJs): DocumentInitParameters {
  return { disableAutoFetch: true, disableStream: true, isEvalSupported: false, verbosity: pdfjs.VerbosityLevel.ERRORS };
}
