import { AppError } from '#core/errors';
import type { ExportAnswer, ExportJob, ExportStatus } from '#core/export';
import { EXPORT_KEEP_MS, EXPORT_LINK_TTL_MS } from '#core/export';
import type { Language } from '../../app/i18n/config';
import type { Identity } from '../auth/identity';
import { randomToken, sha256 } from '../auth/crypto';
import type { Db } from '../db/client';
import { database } from '../db/client';
import type { ExportOwner, ExportRunRow } from '../db/exports';
import { deleteExports, exportRun, exportsFinishedBefore, newestExport, restartExport, spendLink, startExport, updateExport, userEmail } from '../db/exports';
import { guestRow } from '../db/guests';
import type { Env } from '../env';
import { collectConsultant, collectGuest, partyLog } from '../export/collect';
import { partyHtml, printable } from '../export/party-html';
import { archiveTexts } from '../export/texts';
import type { PackItem, PackState } from '../export/pack';
import { newPackState, pack } from '../export/pack';
import { exportMail } from '../mail/export-mail';
import { sendMail } from '../mail/sender';
import { logLine } from '../observability/log';
import { count, flushMetrics } from '../observability/metrics';
import { findParty, managerMember } from './parties';

/**
 * Self-service export (ADR 062). A request starts a job on the export Queue, or joins the one that
 * runs; the job collects the account into documents and a plan, then packs the plan into one ZIP
 * in R2 part by part, a slice of time per Queue message, continuing from its saved state after a
 * failure. When the archive is whole the owner gets a mail with a link that works once and for a
 * day; the archive stays a week.
 */

/** One Queue message works this long, then hands on to the next (a Queue consumer's wall time is limited). */
const SLICE_MS = 60_000;
/** Failed runs in a row after which the export is failed (a new request continues it). */
const MAX_FAILURES = 5;
/** A ready archive younger than this is what a new request gets (no second archive of the same data). */
const FRESH_MS = 15 * 60_000;
/** A running export that has not moved for this long is handed to the Queue again by the next request. */
const STALE_MS = 10 * 60_000;
/** A new link at most this often. */
const LINK_RESEND_MS = 60_000;
/** The part size: R2's parts are all the same size but the last, at least 5 MiB, at most 10,000 of them. */
const MIN_PART = 8 * 1024 * 1024;

const prefix = (id: string) => `exports/${id}/`;
const archiveKey = (id: string) => `${prefix(id)}archive.zip`;
const planKey = (id: string) => `${prefix(id)}plan.json`;
const stateKey = (id: string) => `${prefix(id)}state.json`;

/** Whose export a request may ask about: a consultant's, or a guest's with an account. */
function ownerOf(identity: Identity): ExportOwner {
  if (identity.consultant) return { userId: identity.consultant.userId };
  if (identity.guest) return { guestId: identity.guest.guestId };
  throw new AppError('unauthorized');
}

async function addressOf(db: Db, owner: ExportOwner): Promise<string | null> {
  if (owner.userId) return userEmail(db, owner.userId);
  return (await guestRow(db, owner.guestId!))?.email ?? null;
}

export function statusOf(run: ExportRunRow): ExportStatus {
  return {
    id: run.id,
    state: run.state as ExportStatus['state'],
    phase: run.state === 'ready' ? 'done' : (run.phase as ExportStatus['phase']),
    filesTotal: run.filesTotal,
    filesDone: run.filesDone,
    bytes: run.bytes,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    keptUntil: run.state === 'ready' && run.finishedAt ? run.finishedAt + EXPORT_KEEP_MS : null,
    link: run.linkExpiresAt ? { expiresAt: run.linkExpiresAt, used: run.linkUsedAt !== null } : null,
  };
}

export async function exportAnswer(db: Db, identity: Identity): Promise<ExportAnswer> {
  const owner = ownerOf(identity);
  const run = await newestExport(db, owner);
  return { export: run ? statusOf(run) : null, email: await addressOf(db, owner) };
}

/** A new export's row: running, to be collected. */
export function newExportRow(owner: ExportOwner, language: Language, origin: string, now: number): ExportRunRow {
  return {
    id: crypto.randomUUID(),
    userId: owner.userId ?? null,
    guestId: owner.guestId ?? null,
    state: 'running',
    language,
    origin,
    phase: 'collect',
    filesTotal: 0,
    filesDone: 0,
    bytes: 0,
    failures: 0,
    uploadId: null,
    linkHash: null,
    linkExpiresAt: null,
    linkUsedAt: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
}

/**
 * Starts an export, or joins the one running (a second request at once gets the same), or
 * continues a failed one where it stopped; a ready archive made minutes ago is answered as it is.
 * Only an owner with an address: that is where the link goes.
 */
export async function requestExport(env: Env, db: Db, identity: Identity, language: Language, origin: string, now = Date.now()): Promise<ExportAnswer> {
  const owner = ownerOf(identity);
  const email = await addressOf(db, owner);
  if (!email) throw new AppError('noAddress');
  const newest = await newestExport(db, owner);
  if (newest?.state === 'ready' && newest.finishedAt !== null && now - newest.finishedAt < FRESH_MS) return { export: statusOf(newest), email };
  if (newest?.state === 'failed' && (await restartExport(db, newest.id, now))) {
    await env.EXPORT_QUEUE.send({ exportId: newest.id });
    return { export: statusOf((await exportRun(db, newest.id))!), email };
  }
  const { run, started } = await startExport(db, newExportRow(owner, language, origin, now));
  // A new job, or one whose messages were all lost (it has not moved for a while): the Queue gets it.
  if (started) count(env, 'exportRun', 'started');
  if (started || now - run.updatedAt > STALE_MS) await env.EXPORT_QUEUE.send({ exportId: run.id });
  return { export: statusOf(run), email };
}

/** A new link for a ready archive (the last one used, expired or lost: at most one a minute while one waits). */
export async function resendLink(env: Env, db: Db, identity: Identity, now = Date.now()): Promise<ExportAnswer> {
  const owner = ownerOf(identity);
  const run = await newestExport(db, owner);
  if (!run || run.state !== 'ready') throw new AppError('exportNotReady');
  // A link still waiting to be used, mailed a moment ago: no second mail yet.
  const waiting = run.linkExpiresAt !== null && run.linkUsedAt === null && run.linkExpiresAt > now;
  if (waiting && now - (run.linkExpiresAt! - EXPORT_LINK_TTL_MS) < LINK_RESEND_MS) throw new AppError('rateLimited');
  await mailLink(env, db, run, now);
  return exportAnswer(db, identity);
}

async function mailLink(env: Env, db: Db, run: ExportRunRow, now: number): Promise<void> {
  const secret = randomToken();
  const expiresAt = now + EXPORT_LINK_TTL_MS;
  await updateExport(db, run.id, { linkHash: await sha256(secret), linkExpiresAt: expiresAt, linkUsedAt: null, updatedAt: now });
  const email = await addressOf(db, run.userId ? { userId: run.userId } : { guestId: run.guestId! });
  if (!email) return;
  const link = `${run.origin}/export/${run.id}/download?key=${encodeURIComponent(secret)}`;
  try {
    await sendMail(env, exportMail(run.language as Language, email, link, run.bytes));
  } catch (error) {
    // No mail, no link: the job's retry mails a new one.
    await updateExport(db, run.id, { linkHash: null, linkExpiresAt: null });
    throw error;
  }
}

/**
 * The archive for a mailed link: spends it (once, before it expires) and answers the archive's
 * bytes as R2 streams them. A used, expired or wrong link, or a deleted archive: exportLinkSpent.
 */
export async function download(env: Env, db: Db, id: string, secret: string, now = Date.now()): Promise<Response> {
  const run = secret ? await spendLink(db, id, await sha256(secret), now) : undefined;
  const object = run ? await env.MEDIA.get(archiveKey(run.id)) : null;
  if (!run || !object) throw new AppError('exportLinkSpent');
  const day = new Date(run.createdAt).toISOString().slice(0, 10);
  return new Response(object.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(object.size),
      'Content-Disposition': `attachment; filename="salon-export-${day}.zip"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * The party transcript (ADR 062): the party's whole chat as the archive's chat.html shows it, for its
 * manager alone (anyone else finds no such party), files shown from /files, with a print button.
 */
export async function transcript(env: Env, db: Db, partyId: string, identity: Identity, language: Language, timeZone: string): Promise<Response> {
  const party = await findParty(db, partyId).catch(() => null);
  if (!party || identity.consultant?.userId !== party.userId) throw new AppError('partyNotFound');
  const manager = await managerMember(db, party);
  const facts = {
    title: party.title,
    host: party.host,
    startAt: party.startAt,
    expiresAt: party.expiresAt,
    createdAt: party.createdAt,
    managerName: `${manager.firstName} ${manager.lastName}`.trim(),
  };
  const html = partyHtml(facts, await partyLog(env, party), (id) => `/files/${encodeURIComponent(id)}`, archiveTexts(language), language, timeZone);
  const page = await printable(html, archiveTexts(language).print);
  return new Response(page.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      // Nothing runs but the print button's one script, by its hash; nothing loads but our own files.
      'Content-Security-Policy': `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src '${page.scriptHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

// ---- the job ---------------------------------------------------------------------------------

/** Options a test gives the job: a smaller time slice, a part size, a bucket that fails on cue. */
export interface JobOptions {
  sliceMs?: number;
  partSize?: number;
  bucket?: R2Bucket;
}

/**
 * One slice of the job: `done` when the export is finished (or no longer running), `more` when
 * the next slice continues it. Throws on a failure; the state saved so far stays for the next run.
 */
export async function runExportSlice(env: Env, exportId: string, options: JobOptions = {}, now = Date.now()): Promise<'done' | 'more'> {
  const db = database(env.DB);
  const bucket = options.bucket ?? env.MEDIA;
  const deadline = now + (options.sliceMs ?? SLICE_MS);
  let run = await exportRun(db, exportId);
  // Ready, but its mail failed (the relay was down): the retry mails it.
  if (run?.state === 'ready' && run.linkHash === null) {
    await mailLink(env, db, run, Date.now());
    return 'done';
  }
  if (!run || run.state !== 'running') return 'done';

  if (run.phase === 'collect') {
    const managerOf = (party: Parameters<typeof managerMember>[1]) =>
      managerMember(db, party) as Promise<{ id: string; firstName: string; lastName: string; role: 'manager' }>;
    const items = run.userId
      ? await collectConsultant({ ...env, MEDIA: bucket }, db, run, managerOf)
      : await collectGuest({ ...env, MEDIA: bucket }, db, run, managerOf);
    const total = items.reduce((sum, item) => sum + item.size, 0);
    const partSize = options.partSize ?? Math.max(MIN_PART, Math.ceil(total / 9_000 / 1_048_576) * 1_048_576);
    const upload = await bucket.createMultipartUpload(archiveKey(run.id), { httpMetadata: { contentType: 'application/zip' } });
    await bucket.put(planKey(run.id), JSON.stringify(items));
    await bucket.put(stateKey(run.id), JSON.stringify(newPackState(partSize, run.createdAt)));
    await updateExport(db, run.id, { phase: 'pack', uploadId: upload.uploadId, filesTotal: items.length, filesDone: 0, bytes: 0, updatedAt: Date.now() });
    run = (await exportRun(db, run.id))!;
  }

  const items = (await (await bucket.get(planKey(run.id)))?.json<PackItem[]>()) ?? null;
  const state = (await (await bucket.get(stateKey(run.id)))?.json<PackState>()) ?? null;
  if (!items || !state || !run.uploadId) throw new Error(`export ${run.id}: its plan or state is gone`);
  const upload = bucket.resumeMultipartUpload(archiveKey(run.id), run.uploadId);
  const outcome = await pack(items, state, {
    read: async (item, offset) => {
      const object = await bucket.get(item.key, offset > 0 ? { range: { offset } } : undefined);
      if (!object) throw new Error(`export ${run!.id}: ${item.key} went while it was packed`);
      return object.body;
    },
    upload: async (number, bytes) => (await upload.uploadPart(number, bytes)).etag,
    save: async (saved) => {
      await bucket.put(stateKey(run!.id), JSON.stringify(saved));
      await updateExport(db, run!.id, { filesDone: saved.entries.length, bytes: saved.parts.length * saved.partSize, updatedAt: Date.now() });
    },
    enough: () => Date.now() > deadline,
  });
  if (outcome === 'more') return 'more';

  const archive = await upload.complete(state.parts.map((etag, index) => ({ partNumber: index + 1, etag })));
  const finished = Date.now();
  await updateExport(db, run.id, {
    state: 'ready',
    phase: 'done',
    filesDone: items.length,
    bytes: archive.size,
    failures: 0,
    finishedAt: finished,
    updatedAt: finished,
  });
  await bucket.delete([planKey(run.id), stateKey(run.id), ...items.filter((item) => item.key.startsWith(prefix(run!.id))).map((item) => item.key)]);
  await mailLink(env, db, (await exportRun(db, run.id))!, finished);
  count(env, 'exportRun', 'ready');
  return 'done';
}

/** The export Queue's consumer: a slice per message, the next slice as a new message, retries with a pause. */
export async function runExportBatch(batch: MessageBatch<ExportJob>, env: Env): Promise<void> {
  const db = database(env.DB);
  await Promise.all(batch.messages.map((message) => runExportMessage(env, db, message)));
  await flushMetrics(env);
}

async function runExportMessage(env: Env, db: Db, message: Message<ExportJob>): Promise<void> {
  const { exportId } = message.body;
  try {
    if ((await runExportSlice(env, exportId)) === 'more') await env.EXPORT_QUEUE.send({ exportId });
    await updateExport(db, exportId, { failures: 0 });
    message.ack();
  } catch (error) {
    const run = await exportRun(db, exportId);
    const failures = (run?.failures ?? 0) + 1;
    // No personal data in the log line: the export's id and the failure's kind (ADR 063).
    logLine({ kind: 'job', job: 'export', event: 'failed', id: exportId, failures, error: error instanceof Error ? error.name : 'unknown' });
    if (failures >= MAX_FAILURES) {
      // A running job is failed (a new request continues it); a ready one whose mail would not go
      // keeps its archive, and the page's "new link" mails it.
      await updateExport(db, exportId, run?.state === 'running' ? { state: 'failed', failures, updatedAt: Date.now() } : { failures });
      if (run?.state === 'running') count(env, 'exportRun', 'failed');
      message.ack();
    } else {
      await updateExport(db, exportId, { failures, updatedAt: Date.now() });
      message.retry({ delaySeconds: 2 ** failures });
    }
  }
}

/** The daily cron: archives past their week go, with what a failed job left. */
export async function purgeExports(env: Env, now = Date.now()): Promise<void> {
  const db = database(env.DB);
  const old = await exportsFinishedBefore(db, now - EXPORT_KEEP_MS);
  for (const { id } of old) {
    for (let cursor: string | undefined; ;) {
      const listed = await env.MEDIA.list({ prefix: prefix(id), ...(cursor ? { cursor } : {}) });
      if (listed.objects.length) await env.MEDIA.delete(listed.objects.map((object) => object.key));
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
    const run = await exportRun(db, id);
    if (run?.uploadId && run.state !== 'ready')
      await env.MEDIA.resumeMultipartUpload(archiveKey(id), run.uploadId)
        .abort()
        .catch(() => undefined);
  }
  await deleteExports(
    db,
    old.map(({ id }) => id),
  );
}
