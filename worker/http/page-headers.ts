import { NO_VIEWER } from '../../app/sw/messages';
import type { Identity } from '../auth/identity';
import { sha256 } from '../auth/crypto';
import type { Env } from '../env';
import { streamDeliverySources } from '../media/stream';
import { CSP_REPORT_PATH } from './csp-report';

/** A fresh nonce for one page's inline scripts: 128 random bits. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The security headers of every HTML page (app/entry.server.tsx sets them; ADR 019 gives each
 * allowance its reason). Uploaded files keep their own, stricter policy (worker/api/files.ts).
 */
export function pageHeaders(
  request: Request,
  env: Pick<Env, 'STREAM_API_BASE'>,
  page: { nonce: string; microphone: boolean; camera?: boolean },
): [string, string][] {
  const url = new URL(request.url);
  const report = new URL(CSP_REPORT_PATH, url).href;
  const stream = streamDeliverySources(env);
  const policy: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Our own modules and Remix's inline scripts by their nonce, never other inline script. The
    // MP3 encoder of voice messages (LAME) is WebAssembly, compiled in its worker.
    ['script-src', ["'self'", `'nonce-${page.nonce}'`, "'wasm-unsafe-eval'"]],
    // React writes style attributes, and the emoji picker styles its shadow DOM with <style>.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Previews drawn in the browser (blob: and data: pictures), posters from Stream.
    ['img-src', ["'self'", 'blob:', 'data:', ...stream]],
    // A recording before it is sent, hls.js's MediaSource (blob:), Stream's HLS where it plays natively.
    ['media-src', ["'self'", 'blob:', ...stream]],
    // The party's WebSocket (named, for browsers whose 'self' leaves sockets out), hls.js's requests.
    ['connect-src', ["'self'", `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`, ...stream]],
    // pdf.js's worker is ours; hls.js and the MP3 encoder start theirs from a blob: URL.
    ['worker-src', ["'self'", 'blob:']],
    // The PDF viewer frames our own /files.
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['report-uri', [report]],
    ['report-to', ['csp']],
  ];
  return [
    ['Content-Security-Policy', policy.map(([directive, sources]) => `${directive} ${sources.join(' ')}`).join('; ')],
    ['Reporting-Endpoints', `csp="${report}"`],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Only the pages that record voice may ask for the microphone, only the party page (live video,
    // ADR 060) for the camera (app/lib/microphone.ts).
    ['Permissions-Policy', `camera=${page.camera ? '(self)' : '()'}, geolocation=(), microphone=${page.microphone ? '(self)' : '()'}, payment=(), usb=()`],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
  ];
}

/**
 * Who a page was made for, as the service worker keeps it apart (app/sw/person.ts): a hash of the
 * signed-in consultant and the joined guest, or NO_VIEWER. It names nobody to anyone else, and a
 * different sign-in gives a different value.
 */
export async function viewerKey(identity: Pick<Identity, 'consultant' | 'guest'>): Promise<string> {
  if (!identity.consultant && !identity.guest) return NO_VIEWER;
  return sha256(`viewer:${identity.consultant?.userId ?? ''}:${identity.guest?.guestId ?? ''}`);
}
