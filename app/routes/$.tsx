/**
 * Every address that no other route matches. Without this route such an address has no route at
 * all, and with lazy route discovery the browser's router then starts uninitialised and renders
 * nothing over the server's not-found page (a failed hydration). Here the loader answers 404 and the
 * root's ErrorBoundary shows the not-found page on the server and in the browser alike.
 */
export function loader(): never {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}

/** Never rendered (the loader always throws); a default export keeps this a page, not a resource route. */
export default function NotFound() {
  return null;
}
