import type { CopyStage, ImportDialogState, ImportMessageRef, ImportSignIn, ImportStage, ImportStartResult } from './import';
import { IMPORT_STAGES } from './import';

/**
 * One import run as the dialog drives it: the stages in order, the calls one by one, and what the
 * dialog shows meanwhile. Pure: the caller passes the one function that talks to `/api/import/*`.
 */

/** How far a stage is: `done` of `total`, both counting what earlier tries copied. */
export interface StageProgress {
  done: number;
  total: number;
}

export interface ImportRunView {
  state: ImportDialogState;
  /** The stage under way (running), the last one reached (pending after a failure), 'done' at the end; null before any try. */
  stage: ImportStage | null;
  progress: Partial<Record<ImportStage, StageProgress>>;
}

export const IMPORT_IDLE: ImportRunView = { state: 'pending', stage: null, progress: {} };

export type ImportRunEvent =
  | { type: 'signingIn' }
  | { type: 'signedIn' }
  | { type: 'started'; start: ImportStartResult }
  | { type: 'copied'; stage: CopyStage }
  | { type: 'failed' }
  | { type: 'finished' };

const COPY_STAGES: readonly CopyStage[] = ['files', 'media', 'messages', 'parties'];

/** Sign-in and start are one step each: "0 of 1" while under way, "1 of 1" once answered. */
const ONE_STEP: StageProgress = { done: 0, total: 1 };
const STEP_DONE: StageProgress = { done: 1, total: 1 };

/** The stage after `stage`, in IMPORT_STAGES' order. */
function nextStage(stage: ImportStage): ImportStage {
  return IMPORT_STAGES[Math.min(IMPORT_STAGES.indexOf(stage) + 1, IMPORT_STAGES.length - 1)]!;
}

/** The first copy stage at or after `from` with something left to copy, else 'done'. */
function nextOpen(progress: ImportRunView['progress'], from: ImportStage): ImportStage {
  for (let stage = from; stage !== 'done'; stage = nextStage(stage)) {
    const at = progress[stage];
    if (at && at.done < at.total) return stage;
  }
  return 'done';
}

/**
 * The dialog's state after `event`. A new try (signingIn) starts the counts afresh: the server
 * answers how much earlier tries copied. A failure leaves the counts where they stopped and the
 * dialog pending, so it can be closed or tried again; a refused sign-in leaves no counts at all.
 */
export function importRunReducer(view: ImportRunView, event: ImportRunEvent): ImportRunView {
  switch (event.type) {
    case 'signingIn':
      return { state: 'running', stage: 'signIn', progress: { signIn: ONE_STEP } };
    case 'signedIn':
      return { ...view, stage: 'start', progress: { ...view.progress, signIn: STEP_DONE, start: ONE_STEP } };
    case 'started': {
      const progress: ImportRunView['progress'] = { ...view.progress, start: STEP_DONE };
      for (const stage of COPY_STAGES) {
        const copied = event.start.copied[stage];
        progress[stage] = { done: copied, total: copied + event.start[stage].length };
      }
      return { ...view, stage: nextOpen(progress, 'files'), progress };
    }
    case 'copied': {
      const at = view.progress[event.stage] ?? { done: 0, total: 0 };
      const progress = { ...view.progress, [event.stage]: { done: Math.min(at.done + 1, at.total), total: at.total } };
      return { ...view, stage: nextOpen(progress, event.stage), progress };
    }
    case 'failed':
      // Refused at sign-in, nothing was under way: the dialog is as it was before the try.
      return view.stage === 'signIn' ? IMPORT_IDLE : { ...view, state: 'pending' };
    case 'finished':
      return { ...view, state: 'done', stage: 'done', progress: { ...view.progress, done: STEP_DONE } };
  }
}

/** One call of the copy stages, as `POST /api/import/<stage>` takes it. */
export interface ImportCall {
  stage: CopyStage;
  path: string;
  body: Record<string, string>;
}

const COPY_PATH: Record<CopyStage, string> = {
  files: '/api/import/file',
  media: '/api/import/media',
  messages: '/api/import/message',
  parties: '/api/import/party',
};

/** Every call the start result asks for, in the stages' order and, within a stage, in the server's. */
export function importCalls(importId: string, start: ImportStartResult): ImportCall[] {
  const call = (stage: CopyStage, item: Record<string, string>): ImportCall => ({ stage, path: COPY_PATH[stage], body: { importId, ...item } });
  return [
    ...start.files.map((file) => call('files', { file })),
    ...start.media.map((mediaId) => call('media', { mediaId })),
    ...start.messages.map(({ id, partyId }: ImportMessageRef) => call('messages', { id, partyId })),
    ...start.parties.map((partyId) => call('parties', { partyId })),
  ];
}

/** What the runner needs of the network: one JSON POST, answered with its data or an error code. */
export type ImportPost = <T>(path: string, body: unknown) => Promise<{ ok: true; data: T } | { ok: false; code: string; status: number }>;

export type ImportRunResult = { ok: true } | { ok: false; stage: ImportStage; code: string; status: number };

/**
 * Runs one try: sign-in, start, then every call one after another (never two at once: the server
 * keeps each item's copy idempotent, not concurrent). The first failure stops the try; the next try
 * signs in again and the server lists only what is left.
 */
export async function runImport(
  post: ImportPost,
  credentials: { email: string; password: string },
  dispatch: (event: ImportRunEvent) => void,
): Promise<ImportRunResult> {
  const fail = (stage: ImportStage, answer: { code: string; status: number }): ImportRunResult => {
    dispatch({ type: 'failed' });
    return { ok: false, stage, code: answer.code, status: answer.status };
  };
  dispatch({ type: 'signingIn' });
  const signedIn = await post<ImportSignIn>('/api/import/signin', credentials);
  if (!signedIn.ok) return fail('signIn', signedIn);
  dispatch({ type: 'signedIn' });
  const { importId } = signedIn.data;
  const started = await post<ImportStartResult>('/api/import/start', { importId });
  if (!started.ok) return fail('start', started);
  dispatch({ type: 'started', start: started.data });
  for (const call of importCalls(importId, started.data)) {
    const copied = await post<null>(call.path, call.body);
    if (!copied.ok) return fail(call.stage, copied);
    dispatch({ type: 'copied', stage: call.stage });
  }
  dispatch({ type: 'finished' });
  return { ok: true };
}

/**
 * How the dialog shows a failed try: at sign-in, a new password wanted there is said as such and
 * every other refusal as the invalid-credentials text (the older system tells no more); the older
 * system not answering, or any later call failing, is the timed 'Import failed' banner; a session
 * that ended (401) signs the consultant in again.
 */
export type ImportFailureView = { show: 'signIn'; code: 'importCredentials' | 'importPasswordChange' } | { show: 'banner' } | { show: 'session' };

export function importFailureView(failure: { stage: ImportStage; code: string; status: number }): ImportFailureView {
  if (failure.status === 401) return { show: 'session' };
  // importFailed is a 502: the older system, not the credentials.
  if (failure.stage !== 'signIn' || failure.status === 0 || failure.status >= 500) return { show: 'banner' };
  return { show: 'signIn', code: failure.code === 'importPasswordChange' ? 'importPasswordChange' : 'importCredentials' };
}
