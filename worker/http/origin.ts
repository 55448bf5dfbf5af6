import { credentialsFromCookies } from '../auth/identity';

/**
 * The one rule against cross-site requests (ADR 019), for the API, the socket and the pages alike.
 * A browser adds our cookies to requests that any other site starts (SameSite=Lax still sends them
 * from another port of the same host, and on every top-level navigation), so a request that would
 * change something must show that one of our own pages sent it.
 */

/** Methods that only read. A WebSocket upgrade is a GET, but the channel it opens writes. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Where a request says it comes from, by the headers a browser sets itself and no page can: its
 * `Origin` (which browsers send on every POST, PUT, PATCH, DELETE and WebSocket handshake; `null`
 * from sandboxed frames and some redirects), else `Sec-Fetch-Site`. Only our own origin, scheme
 * and port included, is ours: another port of the same host is another site's page.
 */
export type Provenance = 'same-origin' | 'cross-site' | 'unstated';

export function provenance(request: Request): Provenance {
  const origin = request.headers.get('Origin');
  if (origin !== null) return origin === new URL(request.url).origin ? 'same-origin' : 'cross-site';
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin' ? 'same-origin' : 'cross-site';
  return 'unstated';
}

/**
 * Whether a request must be refused before anything reads its credentials:
 * - a read never is;
 * - a write (or a socket) from another site always is, whatever credentials it carries;
 * - a write that states no provenance at all comes from no browser of today, which all send
 *   `Origin` on writes: refused only when it carries cookies (an outdated browser could be led to
 *   send those), accepted with an Authorization header (the mobile app) or no credentials. Every
 *   browser that speaks WebSocket sends `Origin` on the handshake, so a socket without one is no
 *   browser's and keeps its cookies.
 */
export function refusedAsCrossSite(request: Request): boolean {
  const socket = request.headers.get('Upgrade')?.toLowerCase() === 'websocket';
  if (READS.has(request.method) && !socket) return false;
  switch (provenance(request)) {
    case 'same-origin':
      return false;
    case 'cross-site':
      return true;
    case 'unstated':
      return !socket && credentialsFromCookies(request);
  }
}
