// Local mail catcher, for development and tests: a real SMTP server that keeps every mail it is
// given instead of delivering it, and a small web page that shows them.
//
// The Worker's one sender (worker/mail/) talks SMTP to it over `cloudflare:sockets` exactly as it
// talks to a real relay in production: EHLO, AUTH with a user and password (this catcher's fixed
// local ones; a wrong password is refused like a relay would), MAIL, RCPT, DATA. Each mail is parsed
// (mailparser) and kept in memory, newest last:
//   GET    /                      every mail: sender, recipient, subject, time, text, links
//   GET    /messages/{id}.html    one mail's HTML part, sandboxed (no script, no outside loads)
//   GET    /api/messages[?to=…]   the mails as JSON: { id, from, to, subject, date, text, html }
//   DELETE /api/messages          forgets them all (tests)
//
// Run it with `npm run mail` (env: MAIL_SMTP_PORT, default 1025; MAIL_WEB_PORT, default 1080), or
// from code with `startMailCatcher()`; `npm start` starts it. Local only: never expose it anywhere else.
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { startLocalServer } from './local-server.mjs';

export const LOCAL_SMTP_USER = 'salon';
export const LOCAL_SMTP_PASSWORD = 'local-mail-password';
/** What a mail may weigh here: the app's mails are a few kilobytes. */
const MAX_MAIL_BYTES = 1024 * 1024;
/** How many mails are kept; the oldest go first. */
const MAX_MAILS = 500;

/**
 * @typedef {{ id: string, from: string, to: string[], subject: string, date: string, text: string, html: string | null }} CaughtMail
 * @typedef {{ smtpPort: number, webPort: number, url: string, user: string, password: string, mails: () => CaughtMail[], unref: () => void, close: () => Promise<void> }} RunningMailCatcher
 */

/**
 * Starts the SMTP server and the web page on `host` (port 0 picks a free port; the result tells
 * the real ones).
 * @param {{ smtpPort?: number, webPort?: number, host?: string }} [options]
 * @returns {Promise<RunningMailCatcher>}
 */
export async function startMailCatcher({ smtpPort = 1025, webPort = 1080, host = '127.0.0.1' } = {}) {
  /** @type {CaughtMail[]} */
  const mails = [];

  const smtp = new SMTPServer({
    // Plain text on loopback: there is no certificate to offer, and nothing leaves the machine.
    secure: false,
    disabledCommands: ['STARTTLS'],
    // AUTH over plain text is refused by default; on loopback it is what the production path does over TLS.
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MAIL_BYTES,
    banner: 'Salon local mail catcher',
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === LOCAL_SMTP_USER && auth.password === LOCAL_SMTP_PASSWORD) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, session, callback) {
      if (!session.user) return callback(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (/** @type {{ sizeExceeded?: boolean }} */ (stream).sizeExceeded) {
            return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          }
          mails.push({
            id: randomUUID(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            date: new Date().toISOString(),
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          });
          if (mails.length > MAX_MAILS) mails.splice(0, mails.length - MAX_MAILS);
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(smtpPort, host, () => {
      smtp.server.off('error', reject);
      resolve(undefined);
    });
  });
  const smtpAddress = smtp.server.address();
  const realSmtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : smtpPort;
  const closeSmtp = () => new Promise((resolve) => smtp.close(() => resolve(undefined)));

  let web;
  try {
    web = await startLocalServer((req, res) => handle(req, res, mails), { port: webPort, host });
  } catch (error) {
    await closeSmtp();
    throw error;
  }
  return {
    smtpPort: realSmtpPort,
    webPort: web.port,
    url: `http://localhost:${web.port}`,
    user: LOCAL_SMTP_USER,
    password: LOCAL_SMTP_PASSWORD,
    mails: () => [...mails],
    // For a test run that starts it once and never stops it: it must not keep the process alive.
    unref: () => {
      smtp.server.unref();
      web.server.unref();
    },
    close: async () => {
      await Promise.all([closeSmtp(), web.close()]);
    },
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {CaughtMail[]} mails
 */
function handle(req, res, mails) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to)) : mails;
    return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(found));
  }
  if (url.pathname === '/api/messages' && req.method === 'DELETE') {
    mails.length = 0;
    res.writeHead(204).end();
    return;
  }
  const one = /^\/messages\/([0-9a-f-]{36})\.html$/.exec(url.pathname);
  if (one && req.method === 'GET') {
    const mail = mails.find((candidate) => candidate.id === one[1]);
    if (!mail?.html) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    // The mail's own HTML, as a mail program would show it: no script, nothing loaded from elsewhere.
    res.setHeader(
      'Content-Security-Policy',
      "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
    return send(res, 200, 'text/html; charset=utf-8', mail.html);
  }
  if (url.pathname === '/' && req.method === 'GET') return send(res, 200, 'text/html; charset=utf-8', listPage(mails));
  send(res, 404, 'text/plain; charset=utf-8', 'Not found');
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} type
 * @param {string} body
 */
function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The mail's text with its links made clickable (they are the point of most mails here). @param {string} text */
function linkedText(text) {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (link) => `<a href="${link}">${link}</a>`);
}

/** @param {CaughtMail[]} mails */
function listPage(mails) {
  const items = [...mails]
    .reverse()
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
  <dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd><dt>Received</dt><dd><time datetime="${mail.date}">${escapeHtml(mail.date)}</time></dd></dl>
  <pre>${linkedText(mail.text)}</pre>
  ${mail.html ? `<p><a href="/messages/${mail.id}.html">HTML version</a></p>` : ''}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Salon – local mail catcher</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #0f172a; }
  article { border: 1px solid #cbd5e1; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.75rem; margin: 0 0 0.5rem; font-size: 0.9rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f5f9; padding: 0.5rem; border-radius: 0.25rem; }
  a { color: #075985; }
</style>
</head>
<body>
<h1>Local mail catcher</h1>
<p>Every mail Salon sent since this catcher started (${mails.length}), newest first. Nothing here was delivered. JSON: <a href="/api/messages">/api/messages</a></p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

// `npm run mail`: the catcher alone, until Ctrl-C.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const catcher = await startMailCatcher({ smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025), webPort: Number(process.env.MAIL_WEB_PORT ?? 1080) });
  console.log(`Mail catcher: SMTP on localhost:${catcher.smtpPort} (user ${catcher.user}, password ${catcher.password}), mails at ${catcher.url}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void catcher.close().finally(() => process.exit(0)));
}
