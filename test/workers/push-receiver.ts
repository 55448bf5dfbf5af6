import { startPushReceiver as startServer } from '../../scripts/push-receiver.mjs';

/**
 * The local push service (scripts/push-receiver.mjs) for the workers tests. The Worker's requests to
 * `https://push.test/...` reach it through Miniflare's outbound service (vitest.config.ts), since the
 * library sends only to https endpoints (RFC 8030) and the Worker only to push services' hosts or
 * PUSH_EXTRA_HOSTS; tests read and steer it at PUSH_RECEIVER_URL/__receiver/.
 */
export const PUSH_HOST = 'push.test';

export type { ReceivedPush } from '../../scripts/push-receiver.mjs';

export async function startPushReceiver(): Promise<{ url: string; receive: (request: Request) => Promise<Response>; close: () => void }> {
  const server = await startServer();
  server.unref();

  /** A request of the Worker to push.test, passed to the server as it came. */
  async function receive(request: Request): Promise<Response> {
    const target = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const answer = await fetch(`${server.url}${target.pathname}${target.search}`, { method: request.method, headers: request.headers, body });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }
  return { url: server.url, receive, close: server.close };
}
