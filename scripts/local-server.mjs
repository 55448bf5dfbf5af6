// The HTTP server under each local stand-in (scripts/oidc-provider.mjs, scripts/stream-server.mjs):
// listening, learning the port it got, and closing without waiting for keep-alive connections.
import { createServer } from 'node:http';

/**
 * Listens on `host`:`port` (0 for any free port) and answers with `handler`; resolves once it
 * listens, rejects if it cannot (a port in use).
 * @param {import('node:http').RequestListener} handler
 * @param {{ port: number, host: string }} where
 * @returns {Promise<{ server: import('node:http').Server, port: number, close: () => Promise<void> }>}
 */
export async function startLocalServer(handler, { port, host }) {
  const server = createServer(handler);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive connections would otherwise hold close() open
      }),
  };
}
