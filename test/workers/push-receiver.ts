import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for the workers tests: a real HTTP server in Node that records every push
 * request (headers and the encrypted body) and answers 201, or the statuses a test queued for an
 * endpoint (a 410 for a subscription that is gone, 500s for a service that is down). The Worker's
 * requests to `https://push.test/...` reach it through Miniflare's outbound service
 * (vitest.config.ts), since the library sends only to https endpoints (RFC 8030); tests read and
 * steer it at PUSH_RECEIVER_URL/__receiver/.
 */
export const PUSH_HOST = 'push.test';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  /** The body, base64. */
  body: string;
}

export async function startPushReceiver(): Promise<{ url: string; receive: (request: Request) => Promise<Response>; close: () => void }> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const send = (status: number, body = '') => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(body);
      };
      if (path.startsWith('/__receiver/')) {
        const control = path.slice('/__receiver/'.length);
        if (control === 'requests') return send(200, JSON.stringify(received));
        if (control.startsWith('answer/')) {
          answers.set(`/${control.slice('answer/'.length)}`, JSON.parse(Buffer.concat(chunks).toString('utf8')) as number[]);
          return send(204);
        }
        return send(404);
      }
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('base64'),
      });
      send(answers.get(path)?.shift() ?? 201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A request of the Worker to push.test, passed to the server as it came. */
  async function receive(request: Request): Promise<Response> {
    const target = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const answer = await fetch(`${url}${target.pathname}${target.search}`, { method: request.method, headers: request.headers, body });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }
  return { url, receive, close: () => server.close() };
}
