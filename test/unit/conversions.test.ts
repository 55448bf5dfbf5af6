import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../app/core/limits';
import { watchConversion } from '../../app/lib/conversions';

/**
 * Following a video's conversion (GET /media/convert/{id} every second while PROGRESSING). The
 * network is the boundary: fetch answers as the API would.
 */

let answers: { status: number; body: unknown }[];
let asked: string[];

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  asked = [];
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path);
    const answer = answers.shift() ?? { status: 200, body: { conversionStatus: 'PROGRESSING' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const id = '00000000-0000-4000-8000-000000000abc';
const progressing = { status: 200, body: { conversionStatus: 'PROGRESSING' } };

describe('a conversion is followed', () => {
  it('asks once a second while it is PROGRESSING, and ends with READY', async () => {
    answers = [progressing, progressing, { status: 200, body: { conversionStatus: 'READY' } }];
    const watch = watchConversion(id);
    // A video of unknown length: the first question after conversionWaitUnknownMs.
    await vi.advanceTimersByTimeAsync(TIMINGS.conversionWaitUnknownMs - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([`/api/media/convert/${id}`]);
    await vi.advanceTimersByTimeAsync(TIMINGS.conversionPollMs - 1);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TIMINGS.conversionPollMs);
    await expect(watch).resolves.toBe('READY');
    expect(asked).toHaveLength(3);
    // Done: nothing more is asked.
    await vi.advanceTimersByTimeAsync(5 * TIMINGS.conversionPollMs);
    expect(asked).toHaveLength(3);
  });

  it('once, however many ask: the upload that started it and the library showing its card', async () => {
    answers = [progressing, { status: 200, body: { conversionStatus: 'ERROR' } }];
    const first = watchConversion(id);
    const second = watchConversion(id);
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(TIMINGS.conversionWaitUnknownMs + TIMINGS.conversionPollMs);
    await expect(first).resolves.toBe('ERROR');
    expect(asked).toHaveLength(2);
  });

  it('asks again after a lost answer or a server error, and stops at a refusal', async () => {
    answers = [
      { status: 502, body: { error: { code: 'conversionUnavailable' } } },
      { status: 404, body: { error: { code: 'mediaNotFound' } } },
    ];
    const watch = watchConversion(id);
    await vi.advanceTimersByTimeAsync(TIMINGS.conversionWaitUnknownMs + TIMINGS.conversionPollMs);
    await expect(watch).resolves.toBe('ERROR');
    expect(asked).toHaveLength(2);
  });

  it('a video of known length is first asked after 500 ms per second of it', async () => {
    answers = [{ status: 200, body: { conversionStatus: 'READY' } }];
    const watch = watchConversion(id, 12);
    await vi.advanceTimersByTimeAsync(12 * TIMINGS.conversionWaitPerSecondMs - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(watch).resolves.toBe('READY');
    expect(asked).toEqual([`/api/media/convert/${id}`]);
  });
});
