// An HTTPS front that speaks HTTP/2 to Chromium before the bench Worker, as Cloudflare's edge speaks
// it to a phone: wrangler dev serves HTTP/1.1 only, and there Chromium keeps six connections per
// host, so a page of 45 modules loads in waves of round trips that no visitor of the deployed app
// meets. The front multiplexes every request of a page over one TLS connection (HTTP/2) and passes
// each to the Worker over kept-alive loopback connections; a socket's upgrade (HTTP/1.1, which
// Chromium uses for a WebSocket when HTTP/2 offers no CONNECT) is piped through as it is. Host and
// Origin are rewritten to the Worker's, so its same-origin rule sees its own address.
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { selfSignedCertificate } from '../../scripts/self-signed-certificate.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings', 'te']);

/** Starts the front for `target` (the Worker's http origin); resolves with its https origin and close(). */
export async function startH2Front(target) {
  const upstream = new URL(target);
  const { key, cert } = selfSignedCertificate();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let front = '';

  const headersFor = (incoming) => {
    const headers = {};
    for (const [name, value] of Object.entries(incoming)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name)) continue;
      headers[name] = value;
    }
    headers.host = upstream.host;
    if (headers.origin === front) headers.origin = upstream.origin;
    return headers;
  };

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: headersFor(req.headers), agent },
      (answer) => {
        const headers = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
        if (typeof headers.location === 'string') headers.location = headers.location.replace(upstream.origin, front);
        res.writeHead(answer.statusCode, headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });

  server.on('upgrade', (req, socket, head) => {
    const connection = net.connect(Number(upstream.port), upstream.hostname, () => {
      const headers = { ...headersFor(req.headers), connection: 'Upgrade', upgrade: req.headers.upgrade };
      const lines = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => `${name}: ${v}`) : [`${name}: ${value}`]));
      connection.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) connection.write(head);
      connection.pipe(socket);
      socket.pipe(connection);
    });
    const close = () => {
      connection.destroy();
      socket.destroy();
    };
    connection.on('error', close);
    socket.on('error', close);
  });

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  front = `https://127.0.0.1:${server.address().port}`;
  return {
    origin: front,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
