import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_ID_SHOWN_MS, apiFetch, recentFailureId } from '../../app/lib/api';

/** "Fehler-ID" for the screens whose state keeps only a code (ADR 063): apiFetch remembers the last 5xx's id for a while. */

const answer = (status: number, id?: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ error: { code: status >= 500 ? 'generic' : 'invalidInput' } }), { status, headers: id ? { 'X-Request-Id': id } : {} }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the last failure of ours', () => {
  it('is the id of the last 5xx answer, for FAILURE_ID_SHOWN_MS; a refusal (4xx) leaves it, a 5xx without an id clears it', async () => {
    vi.stubGlobal('fetch', answer(500, 'abc123'));
    const failed = await apiFetch('/api/x');
    expect(failed).toMatchObject({ ok: false, code: 'generic', requestId: 'abc123' });
    expect(recentFailureId()).toBe('abc123');
    expect(recentFailureId(Date.now() + FAILURE_ID_SHOWN_MS + 1)).toBeUndefined();

    vi.stubGlobal('fetch', answer(400, 'def456'));
    await apiFetch('/api/x');
    expect(recentFailureId()).toBe('abc123');

    vi.stubGlobal('fetch', answer(503));
    await apiFetch('/api/x');
    expect(recentFailureId()).toBeUndefined();
  });
});
