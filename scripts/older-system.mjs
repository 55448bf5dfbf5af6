// Local stand-in for the product's older generation, where consultants' older accounts live: the
// service the import (worker/services/import.ts, docs/decisions/042-import.md) copies from.
//
// Its identity provider signs in with e-mail and password and may answer that a new password is
// required before anything else (as a Cognito-style provider's NEW_PASSWORD_REQUIRED challenge):
//   POST /auth/signin {email, password}  → 200 {accessToken, expiresIn}
//                                          200 {challenge: 'NEW_PASSWORD_REQUIRED'} (no token)
//                                          401 {error: 'invalid_credentials'}
// Its data API, with the access token as a bearer token (401 without a valid one):
//   GET /v1/export                        → {files, media, parties: [{id, createdAt}], messages: [{id, partyId}]}, messages in their original order
//   GET /v1/files/{id}                    → the file's bytes (Content-Type, Content-Length), streamed
//   GET /v1/media/{id}                    → {id, fileId, title, description, kind, contentType, extension, createdAt}
//   GET /v1/parties/{id}                  → {id, title, host, startAt, expiresAt, createdAt, guests: [{id, firstName, lastName}]}
//   GET /v1/parties/{partyId}/messages/{id} → {id, partyId, createdAt, sender: {kind: 'consultant'|'guest', id},
//                                             type, text, replyTo, mediaId, editedAt, deletedAt}
// An item of another account is 404, as one that does not exist.
//
// Its data is made deterministically at start: the demo consultant's older account
// (anna@salon.test, the demo password) with four parties (one before the import's cutoff), a few
// hundred messages with replies, edits and deletions, three photos, a video, a PDF and a voice note
// (real files: ffmpeg makes the JPEGs, the MP4 and the M4A once into the data directory), and
// neu@salon.test, whose password must be changed first.
//
// Tests and the bench steer it at /__control/ (no token; local only):
//   POST /__control/account {email, scale}  a copy of the demo account under another address (a test's own);
//                                          `scale` sizes its parties' messages (at least 24 each)
//   POST /__control/fail {email, after, count}  that account's next `count` item reads after `after` more succeed answer 503
//   POST /__control/down {email, down}    that account's sign-in and reads answer 503 while down (as if the system were)
//   POST /__control/big {messages, mediaBytes}  makes big@salon.test: that many messages over ten
//                                          parties and that many bytes of photos (2 MB each, made as served)
//   GET  /__control/reads                 how many item reads were answered, per kind
//
// Run it with `npm run older` (env: OLDER_PORT, default 9094; OLDER_DATA_DIR, default
// .cache/older-system), or from code with `startOlderSystem()`; `npm start` starts it. Local only.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

import { DEMO_PASSWORD } from './demo-data.mjs';
import { startLocalServer } from './local-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OLDER_DEMO_EMAIL = 'anna@salon.test';
export const OLDER_PASSWORD_CHANGE_EMAIL = 'neu@salon.test';
export const OLDER_BIG_EMAIL = 'big@salon.test';
const TOKEN_SECONDS = 3600;
const BIG_FILE_BYTES = 2 * 1024 * 1024;
const DAY = 86_400_000;

// --- deterministic data ---------------------------------------------------------------------------

/** A small seeded generator (mulberry32): the same account on every start. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GUEST_NAMES = [
  ['Maria', 'Schmidt'],
  ['Tom', 'Wagner'],
  ['Lena', 'Fischer'],
  ['Paul', 'Meyer'],
  ['Sophie', 'Weber'],
  ['Jana', 'Koch'],
  ['Eva', 'Richter'],
  ['Nina', 'Wolf'],
];
/** Where the consultant's heading and files come in each party, so every party has them, whatever its size. */
const MEDIA_AT = new Set([0, 3, 5, 8, 12, 15, 20]);
const LINES = [
  'Hallo zusammen, schön dass ihr da seid!',
  'Wie lange hält die Creme denn?',
  'Das sieht toll aus 😍',
  'Gibt es das auch in einer größeren Packung?',
  'Ich nehme zwei davon, bitte.',
  'Danke für die Tipps!',
  'Kann man das auch bei empfindlicher Haut nehmen?',
  'Ja, ganz ohne Duftstoffe.',
  'Wann kommt die Lieferung?',
  'Innerhalb einer Woche, versprochen.',
  '*Heute* gibt es das Bad gratis dazu.',
  'Super, bin dabei!',
];

/**
 * The older account of the demo consultant: parties with guests and messages in their order,
 * and media with their files. Times are fixed dates, so the cutoff (1 October) leaves out the
 * September party on every start.
 */
function demoAccount(files, scale = 1) {
  const rand = random(24);
  const media = [
    { id: 'med-photo-1', fileId: 'file-photo-1', title: 'Lavendelbad', kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
    { id: 'med-photo-2', fileId: 'file-photo-2', title: 'Pflegecreme', kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
    { id: 'med-photo-3', fileId: 'file-photo-3', title: 'Geschenkset', kind: 'image', contentType: 'image/png', extension: 'png' },
    { id: 'med-video-1', fileId: 'file-video-1', title: 'So wirkt das Bad', kind: 'video', contentType: 'video/mp4', extension: 'mp4' },
    { id: 'med-pdf-1', fileId: 'file-pdf-1', title: 'Katalog Herbst', kind: 'document', contentType: 'application/pdf', extension: 'pdf' },
    { id: 'med-voice-1', fileId: 'file-voice-1', title: 'Sprachnachricht', kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' },
  ].map((item, index) => ({ ...item, description: index === 0 ? 'Unser Bestseller' : null, createdAt: Date.UTC(2026, 7, 1 + index, 10) }));
  const partySpecs = [
    { id: 'party-summer', title: 'Sommerfest', at: Date.UTC(2026, 8, 12, 17), guests: 4, messages: 40 },
    { id: 'party-autumn', title: 'Herbst-Wellness', at: Date.UTC(2026, 9, 8, 18), guests: 6, messages: 140 },
    { id: 'party-gift', title: 'Geschenkideen', at: Date.UTC(2026, 10, 5, 18), guests: 5, messages: 110 },
    { id: 'party-team', title: 'Team-Abend', at: Date.UTC(2026, 10, 19, 19), guests: 3, messages: 60 },
  ];
  const parties = [];
  const messages = [];
  for (const spec of partySpecs) {
    const guests = GUEST_NAMES.slice(0, spec.guests).map(([firstName, lastName], index) => ({ id: `${spec.id}-g${index + 1}`, firstName, lastName }));
    parties.push({
      id: spec.id,
      title: spec.title,
      host: guests[0].firstName,
      startAt: spec.at,
      expiresAt: spec.at + 2 * DAY,
      createdAt: spec.at - 7 * DAY,
      guests,
    });
    const own = [];
    const count = Math.max(24, Math.round(spec.messages * scale));
    for (let n = 0; n < count; n++) {
      const createdAt = spec.at + n * 45_000;
      const consultant = MEDIA_AT.has(n) || rand() < 0.35;
      const sender = consultant ? { kind: 'consultant', id: 'anna-old' } : { kind: 'guest', id: guests[Math.floor(rand() * guests.length)].id };
      const message = {
        id: `${spec.id}-m${String(n + 1).padStart(4, '0')}`,
        partyId: spec.id,
        createdAt,
        sender,
        type: 'text',
        text: LINES[Math.floor(rand() * LINES.length)],
        replyTo: null,
        mediaId: null,
        editedAt: null,
        deletedAt: null,
      };
      if (n === 0) Object.assign(message, { type: 'heading', text: `Willkommen zur ${spec.title}` });
      else if (n === 3) Object.assign(message, { type: 'photo', text: 'Unser Bestseller', mediaId: 'med-photo-1' });
      else if (n === 5) Object.assign(message, { type: 'photo', text: '', mediaId: 'med-photo-2' });
      else if (n === 8 && spec.id !== 'party-team') Object.assign(message, { type: 'video', text: 'Kurz gezeigt', mediaId: 'med-video-1' });
      else if (n === 12) Object.assign(message, { type: 'document', text: '', mediaId: 'med-pdf-1' });
      else if (n === 15) Object.assign(message, { type: 'voice', text: '', mediaId: 'med-voice-1' });
      else if (n === 20) Object.assign(message, { type: 'photo', text: 'Als Geschenk verpackt', mediaId: 'med-photo-3' });
      else if (own.length > 3 && rand() < 0.2) message.replyTo = own[own.length - 1 - Math.floor(rand() * 3)].id;
      // One edit, one deletion and one reply in every party; more of each by chance.
      if (n === 10) message.replyTo = own[4].id;
      if (message.type === 'text' && (n === 6 || rand() < 0.06)) Object.assign(message, { text: `${message.text} (korrigiert)`, editedAt: createdAt + 20_000 });
      else if (message.type === 'text' && (n === 7 || rand() < 0.04)) Object.assign(message, { text: '', deletedAt: createdAt + 30_000 });
      own.push(message);
      messages.push(message);
    }
  }
  return {
    id: 'acct-anna',
    email: OLDER_DEMO_EMAIL,
    password: DEMO_PASSWORD,
    name: 'Anna Becker',
    mustChangePassword: false,
    files,
    media,
    parties,
    messages: messages.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)),
  };
}

/** The bench's account: `messageCount` text messages over ten parties, `mediaBytes` of photos made as served. */
function bigAccount({ messages: messageCount, mediaBytes }, jpeg) {
  const fileCount = Math.max(1, Math.ceil(mediaBytes / BIG_FILE_BYTES));
  const files = new Map();
  const media = [];
  for (let n = 1; n <= fileCount; n++) {
    const size = n < fileCount ? BIG_FILE_BYTES : mediaBytes - BIG_FILE_BYTES * (fileCount - 1);
    files.set(`big-file-${n}`, { contentType: 'image/jpeg', size: Math.max(size, jpeg.length), padded: jpeg });
    media.push({
      id: `big-med-${n}`,
      fileId: `big-file-${n}`,
      title: `Foto ${n}`,
      kind: 'image',
      contentType: 'image/jpeg',
      extension: 'jpg',
      description: null,
      createdAt: Date.UTC(2026, 9, 1),
    });
  }
  const parties = [];
  const messages = [];
  const perParty = Math.ceil(messageCount / 10);
  for (let p = 1; p <= 10; p++) {
    const at = Date.UTC(2026, 9, 2 + p, 18);
    const guests = GUEST_NAMES.map(([firstName, lastName], index) => ({ id: `big-p${p}-g${index + 1}`, firstName, lastName }));
    parties.push({ id: `big-p${p}`, title: `Party ${p}`, host: null, startAt: at, expiresAt: at + DAY, createdAt: at - DAY, guests });
    for (let n = 0; n < perParty && messages.length < messageCount; n++) {
      messages.push({
        id: `big-p${p}-m${String(n + 1).padStart(5, '0')}`,
        partyId: `big-p${p}`,
        createdAt: at + n * 10_000,
        sender: n % 3 === 0 ? { kind: 'consultant', id: 'big-old' } : { kind: 'guest', id: guests[n % guests.length].id },
        type: 'text',
        text: LINES[n % LINES.length],
        replyTo: null,
        mediaId: null,
        editedAt: null,
        deletedAt: null,
      });
    }
  }
  return { id: 'acct-big', email: OLDER_BIG_EMAIL, password: DEMO_PASSWORD, name: 'Bench Account', mustChangePassword: false, files, media, parties, messages };
}

// --- real files, made once -----------------------------------------------------------------------

/** A PDF of one page, written by hand (objects, then the cross-reference table of their offsets). */
function cataloguePdf() {
  const content = 'BT /F1 28 Tf 72 760 Td (Katalog Herbst) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Title (Katalog Herbst) >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The demo account's files in `dataDir`, made with ffmpeg when missing: name → {path, contentType, size}. */
async function demoFiles(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const wanted = [
    ['file-photo-1', 'photo-1.jpg', 'image/jpeg', ['-f', 'lavfi', '-i', 'testsrc2=size=640x480', '-frames:v', '1']],
    ['file-photo-2', 'photo-2.jpg', 'image/jpeg', ['-f', 'lavfi', '-i', 'color=c=0xc9a0dc:size=480x640', '-frames:v', '1']],
    ['file-photo-3', 'photo-3.png', 'image/png', ['-f', 'lavfi', '-i', 'color=c=0xe07a5f:size=320x320', '-frames:v', '1']],
    [
      'file-video-1',
      'video-1.mp4',
      'video/mp4',
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=640x360:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '3',
        '-c:v',
        'libx264',
        '-preset',
        'superfast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-movflags',
        '+faststart',
      ],
    ],
    ['file-voice-1', 'voice-1.m4a', 'audio/mp4', ['-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '2', '-c:a', 'aac']],
  ];
  let ffmpeg = null;
  const files = new Map();
  for (const [id, name, contentType, args] of wanted) {
    const path = join(dataDir, name);
    if (!existsSync(path)) {
      // Loaded only when a file is missing, and by its address: vitest.config.ts bundles this
      // module, and ffmpeg.mjs begins with a shebang, which a bundle cannot carry.
      ffmpeg ??= (await import(new URL('./ffmpeg.mjs', import.meta.url).href)).resolveFfmpeg().path;
      const made = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, path], { stdio: ['ignore', 'ignore', 'pipe'] });
      if (made.status !== 0) throw new Error(`ffmpeg could not make ${name}: ${made.stderr}`);
    }
    files.set(id, { path, contentType, size: statSync(path).size });
  }
  const pdf = join(dataDir, 'catalogue.pdf');
  if (!existsSync(pdf)) writeFileSync(pdf, cataloguePdf());
  files.set('file-pdf-1', { path: pdf, contentType: 'application/pdf', size: statSync(pdf).size });
  return files;
}

/** A file's bytes: from disk, or (the bench's) a small JPEG followed by zeros up to its size, made as it goes. */
function fileStream(file) {
  if (file.path) return createReadStream(file.path);
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      if (sent === 0) {
        sent = file.padded.length;
        this.push(file.padded);
        return;
      }
      if (sent >= file.size) return void this.push(null);
      const length = Math.min(chunk.length, file.size - sent);
      sent += length;
      this.push(length === chunk.length ? chunk : chunk.subarray(0, length));
    },
  });
}

// --- the server -----------------------------------------------------------------------------------

/**
 * @typedef {{ port: number, url: string, close: () => Promise<void>, unref: () => void, makeBig: (size: { messages: number, mediaBytes: number }) => void }} RunningOlderSystem
 */

/**
 * Starts the stand-in on `host`:`port` (0: any free port). `big` makes big@salon.test at start.
 * @param {{ port?: number, host?: string, dataDir?: string, big?: { messages: number, mediaBytes: number } }} [options]
 * @returns {Promise<RunningOlderSystem>}
 */
export async function startOlderSystem({ port = 9094, host = '127.0.0.1', dataDir = join(ROOT, '.cache', 'older-system'), big } = {}) {
  const files = await demoFiles(dataDir);
  const accounts = new Map();
  const demo = demoAccount(files);
  accounts.set(demo.email, demo);
  accounts.set(OLDER_PASSWORD_CHANGE_EMAIL, {
    ...demoAccount(files),
    id: 'acct-neu',
    email: OLDER_PASSWORD_CHANGE_EMAIL,
    name: 'Neu',
    mustChangePassword: true,
  });
  const jpeg = readFileSync(files.get('file-photo-1').path);
  const makeBig = (size) => accounts.set(OLDER_BIG_EMAIL, bigAccount(size, jpeg));
  if (big) makeBig(big);

  /** token → {email, expiresAt} */
  const tokens = new Map();
  /** address → {after, count}: the failures injected into that account's item reads. */
  const failures = new Map();
  /** Addresses whose requests answer as if the older system were down. */
  const down = new Set();
  const reads = { files: 0, media: 0, parties: 0, messages: 0 };

  const send = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };
  const readJson = (req) =>
    new Promise((resolve) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (part) => {
        if (text.length < 64 * 1024) text += part;
      });
      req.on('end', () => {
        try {
          resolve(JSON.parse(text || '{}'));
        } catch {
          resolve(null);
        }
      });
    });
  /** Whether this item read of the account is one an injected failure takes. */
  const failsNow = (email) => {
    const failure = failures.get(email);
    if (!failure) return false;
    if (failure.after > 0) {
      failure.after--;
      return false;
    }
    if (failure.count > 0) {
      failure.count--;
      return true;
    }
    return false;
  };

  const handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://older.local');
    const path = url.pathname;
    try {
      if (path.startsWith('/__control/')) {
        const body = req.method === 'POST' ? await readJson(req) : {};
        if (path === '/__control/account' && typeof body?.email === 'string') {
          const email = body.email.trim().toLowerCase();
          accounts.set(email, { ...demoAccount(files, Number(body.scale ?? 1)), id: `acct-${email}`, email });
          return send(res, 200, { email, password: DEMO_PASSWORD });
        }
        if (path === '/__control/fail' && typeof body?.email === 'string') {
          const failure = { after: Number(body.after ?? 0), count: Number(body.count ?? 1) };
          failures.set(body.email.trim().toLowerCase(), failure);
          return send(res, 200, failure);
        }
        if (path === '/__control/down' && typeof body?.email === 'string') {
          const email = body.email.trim().toLowerCase();
          if (body.down === false) down.delete(email);
          else down.add(email);
          return send(res, 200, { down: down.has(email) });
        }
        if (path === '/__control/big') {
          makeBig({ messages: Number(body?.messages ?? 10_000), mediaBytes: Number(body?.mediaBytes ?? 200 * 1024 * 1024) });
          return send(res, 200, { email: OLDER_BIG_EMAIL, password: DEMO_PASSWORD });
        }
        if (path === '/__control/reads') return send(res, 200, reads);
        return send(res, 404, { error: 'not_found' });
      }
      if (req.method === 'POST' && path === '/auth/signin') {
        const body = await readJson(req);
        if (typeof body?.email === 'string' && down.has(body.email.trim().toLowerCase())) return send(res, 503, { error: 'unavailable' });
        const account = typeof body?.email === 'string' ? accounts.get(body.email.trim().toLowerCase()) : undefined;
        if (!account || body?.password !== account.password) return send(res, 401, { error: 'invalid_credentials' });
        if (account.mustChangePassword) return send(res, 200, { challenge: 'NEW_PASSWORD_REQUIRED' });
        const accessToken = randomBytes(24).toString('base64url');
        tokens.set(accessToken, { email: account.email, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
        return send(res, 200, { accessToken, expiresIn: TOKEN_SECONDS });
      }

      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const session = bearer ? tokens.get(bearer) : undefined;
      if (!session || session.expiresAt < Date.now()) return send(res, 401, { error: 'invalid_token' });
      const account = accounts.get(session.email);
      if (down.has(account.email)) return send(res, 503, { error: 'unavailable' });
      if (req.method !== 'GET') return send(res, 405, { error: 'method_not_allowed' });

      if (path === '/v1/export') {
        return send(res, 200, {
          files: [...account.files.keys()].filter((id) => account.media.some((item) => item.fileId === id)),
          media: account.media.map((item) => item.id),
          parties: account.parties.map(({ id, createdAt }) => ({ id, createdAt })),
          messages: account.messages.map(({ id, partyId }) => ({ id, partyId })),
        });
      }
      const item = /^\/v1\/(files|media|parties)\/([^/]+)$/.exec(path) ?? /^\/v1\/parties\/([^/]+)\/messages\/([^/]+)$/.exec(path);
      if (!item) return send(res, 404, { error: 'not_found' });
      const kind = item.length === 3 && ['files', 'media', 'parties'].includes(item[1]) ? item[1] : 'messages';
      if (failsNow(account.email)) return send(res, 503, { error: 'unavailable' });
      reads[kind]++;
      const id = decodeURIComponent(item[2]);
      if (kind === 'files') {
        const file = account.media.some((entry) => entry.fileId === id) ? account.files.get(id) : undefined;
        if (!file) return send(res, 404, { error: 'not_found' });
        res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.size });
        return void fileStream(file).pipe(res);
      }
      const found =
        kind === 'media'
          ? account.media.find((entry) => entry.id === id)
          : kind === 'parties'
            ? account.parties.find((entry) => entry.id === id)
            : account.messages.find((entry) => entry.id === id && entry.partyId === decodeURIComponent(item[1]));
      return found ? send(res, 200, found) : send(res, 404, { error: 'not_found' });
    } catch (error) {
      console.error('older system', error);
      if (!res.headersSent) send(res, 500, { error: 'internal' });
      else res.destroy();
    }
  };

  const server = await startLocalServer(handler, { port, host });
  return {
    port: server.port,
    url: `http://${host}:${server.port}`,
    close: server.close,
    unref: () => server.server.unref(),
    makeBig,
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void startOlderSystem({ port: Number(process.env.OLDER_PORT ?? 9094), dataDir: process.env.OLDER_DATA_DIR }).then((running) =>
    console.log(
      `The older system's stand-in runs at ${running.url}: ${OLDER_DEMO_EMAIL} / ${DEMO_PASSWORD}; ${OLDER_PASSWORD_CHANGE_EMAIL} must change its password.`,
    ),
  );
}
