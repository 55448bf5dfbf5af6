import { describe, expect, it } from 'vitest';
import type { ImportStartResult } from '../../app/core/import';
import type { ImportPost, ImportRunEvent, ImportRunView } from '../../app/core/import-run';
import { IMPORT_IDLE, importCalls, importFailureView, importRunReducer, runImport } from '../../app/core/import-run';

const START: ImportStartResult = {
  files: ['a.jpg', 'b.mp4'],
  media: ['m1'],
  messages: [
    { id: 'x1', partyId: 'p1' },
    { id: 'x2', partyId: 'p1' },
    { id: 'y1', partyId: 'p2' },
  ],
  parties: ['p1', 'p2'],
  copied: { files: 3, media: 0, messages: 10, parties: 0 },
};

/** A stand-in for `/api/import/*` that answers from a script and records every call. */
function server(answers: Record<string, (body: Record<string, string>) => { ok: true; data: unknown } | { ok: false; code: string; status: number }>) {
  const calls: { path: string; body: Record<string, string> }[] = [];
  const post: ImportPost = async <T>(path: string, body: unknown) => {
    calls.push({ path, body: body as Record<string, string> });
    const answer = answers[path]?.(body as Record<string, string>) ?? { ok: true, data: null };
    return answer as { ok: true; data: T } | { ok: false; code: string; status: number };
  };
  return { post, calls };
}

const happy = {
  '/api/import/signin': () => ({ ok: true as const, data: { importId: 'run-1' } }),
  '/api/import/start': () => ({ ok: true as const, data: START }),
};

function recorder() {
  const views: ImportRunView[] = [];
  let view = IMPORT_IDLE;
  const dispatch = (event: ImportRunEvent) => {
    view = importRunReducer(view, event);
    views.push(view);
  };
  return { views, dispatch, last: () => view };
}

describe('importCalls', () => {
  it('lists files, media, messages, parties in that order, each with the run and its item', () => {
    const calls = importCalls('run-1', START);
    expect(calls.map((call) => call.stage)).toEqual(['files', 'files', 'media', 'messages', 'messages', 'messages', 'parties', 'parties']);
    expect(calls[0]).toEqual({ stage: 'files', path: '/api/import/file', body: { importId: 'run-1', file: 'a.jpg' } });
    expect(calls[2]).toEqual({ stage: 'media', path: '/api/import/media', body: { importId: 'run-1', mediaId: 'm1' } });
    expect(calls[5]).toEqual({ stage: 'messages', path: '/api/import/message', body: { importId: 'run-1', id: 'y1', partyId: 'p2' } });
    expect(calls[7]).toEqual({ stage: 'parties', path: '/api/import/party', body: { importId: 'run-1', partyId: 'p2' } });
  });
});

describe('runImport', () => {
  it('runs the stages in order, one call at a time, counting n of m over what was copied before too', async () => {
    const { post, calls } = server(happy);
    const { views, dispatch, last } = recorder();
    await expect(runImport(post, { email: 'anna@salon.test', password: 'pw' }, dispatch)).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/import/signin',
      '/api/import/start',
      '/api/import/file',
      '/api/import/file',
      '/api/import/media',
      '/api/import/message',
      '/api/import/message',
      '/api/import/message',
      '/api/import/party',
      '/api/import/party',
    ]);
    expect(calls[0]!.body).toEqual({ email: 'anna@salon.test', password: 'pw' });
    expect(calls[1]!.body).toEqual({ importId: 'run-1' });
    expect(views.map((view) => [view.state, view.stage])).toEqual([
      ['running', 'signIn'],
      ['running', 'start'],
      ['running', 'files'],
      ['running', 'files'],
      ['running', 'media'],
      ['running', 'messages'],
      ['running', 'messages'],
      ['running', 'messages'],
      ['running', 'parties'],
      ['running', 'parties'],
      ['running', 'done'],
      ['done', 'done'],
    ]);
    // After start: the files stage counts the 3 copied by an earlier try.
    expect(views[2]!.progress).toMatchObject({ signIn: { done: 1, total: 1 }, start: { done: 1, total: 1 }, files: { done: 3, total: 5 } });
    expect(views[3]!.progress.files).toEqual({ done: 4, total: 5 });
    expect(views[7]!.progress.messages).toEqual({ done: 12, total: 13 });
    expect(views[8]!.progress.messages).toEqual({ done: 13, total: 13 });
    expect(last().progress).toEqual({
      signIn: { done: 1, total: 1 },
      start: { done: 1, total: 1 },
      files: { done: 5, total: 5 },
      media: { done: 1, total: 1 },
      messages: { done: 13, total: 13 },
      parties: { done: 2, total: 2 },
      done: { done: 1, total: 1 },
    });
  });

  it('skips stages with nothing left: an account copied before goes from start straight to done', async () => {
    const nothing: ImportStartResult = { files: [], media: [], messages: [], parties: [], copied: { files: 5, media: 1, messages: 13, parties: 2 } };
    const { post, calls } = server({ ...happy, '/api/import/start': () => ({ ok: true, data: nothing }) });
    const { views, dispatch, last } = recorder();
    await runImport(post, { email: 'a@b.c', password: 'pw' }, dispatch);
    expect(calls).toHaveLength(2);
    expect(views.map((view) => view.stage)).toEqual(['signIn', 'start', 'done', 'done']);
    expect(last().progress.messages).toEqual({ done: 13, total: 13 });
  });

  it('stops at the first failed call, back to pending with the counts where they stopped; a new try starts them afresh', async () => {
    let messages = 0;
    const { post, calls } = server({
      ...happy,
      '/api/import/message': () => (++messages === 2 ? { ok: false, code: 'importFailed', status: 502 } : { ok: true, data: null }),
    });
    const { dispatch, last } = recorder();
    const result = await runImport(post, { email: 'a@b.c', password: 'pw' }, dispatch);
    expect(result).toEqual({ ok: false, stage: 'messages', code: 'importFailed', status: 502 });
    expect(calls.at(-1)!.path).toBe('/api/import/message');
    expect(calls.filter((call) => call.path === '/api/import/party')).toHaveLength(0);
    expect(last()).toMatchObject({ state: 'pending', stage: 'messages' });
    expect(last().progress.messages).toEqual({ done: 11, total: 13 });
    expect(importRunReducer(last(), { type: 'signingIn' })).toEqual({ state: 'running', stage: 'signIn', progress: { signIn: { done: 0, total: 1 } } });
  });

  it('a refused sign-in calls nothing else and leaves the dialog as before the try', async () => {
    const { post, calls } = server({ '/api/import/signin': () => ({ ok: false, code: 'importPasswordChange', status: 422 }) });
    const { dispatch, last } = recorder();
    expect(await runImport(post, { email: 'a@b.c', password: 'pw' }, dispatch)).toEqual({
      ok: false,
      stage: 'signIn',
      code: 'importPasswordChange',
      status: 422,
    });
    expect(calls).toHaveLength(1);
    expect(last()).toEqual(IMPORT_IDLE);
  });
});

describe('importFailureView', () => {
  it('at sign-in: a new password wanted is said so, any other refusal as invalid credentials', () => {
    expect(importFailureView({ stage: 'signIn', code: 'importPasswordChange', status: 422 })).toEqual({ show: 'signIn', code: 'importPasswordChange' });
    expect(importFailureView({ stage: 'signIn', code: 'importCredentials', status: 422 })).toEqual({ show: 'signIn', code: 'importCredentials' });
    expect(importFailureView({ stage: 'signIn', code: 'invalidInput', status: 400 })).toEqual({ show: 'signIn', code: 'importCredentials' });
  });

  it('the older system not answering, the network gone, or any later call failing: the timed banner', () => {
    expect(importFailureView({ stage: 'signIn', code: 'importFailed', status: 502 })).toEqual({ show: 'banner' });
    expect(importFailureView({ stage: 'signIn', code: 'generic', status: 0 })).toEqual({ show: 'banner' });
    expect(importFailureView({ stage: 'start', code: 'importNotFound', status: 404 })).toEqual({ show: 'banner' });
    expect(importFailureView({ stage: 'media', code: 'importFailed', status: 502 })).toEqual({ show: 'banner' });
  });

  it('a session that ended signs in again', () => {
    expect(importFailureView({ stage: 'files', code: 'sessionExpired', status: 401 })).toEqual({ show: 'session' });
  });
});
