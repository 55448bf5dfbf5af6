import { TIMINGS } from '~/core/limits';
import { conversionWaitMs } from '~/core/media';
import type { Conversion } from '~/core/media-entry';
import { apiFetch, signInAgain } from './api';

/**
 * A video's conversion followed to its end (GET /media/convert/{id} every second while
 * PROGRESSING, the first time after conversionWaitMs of its length). The status lives at Stream and the item's row only follows it when asked, so
 * whoever shows a converting video asks; one loop per video however many ask (the upload that
 * started it and the library listing it), ending with READY or ERROR.
 */
const watching = new Map<string, Promise<Conversion['conversionStatus']>>();

export function watchConversion(id: string, durationSeconds: number | null = null): Promise<Conversion['conversionStatus']> {
  let watch = watching.get(id);
  if (!watch) {
    watch = follow(id, conversionWaitMs(durationSeconds)).finally(() => watching.delete(id));
    watching.set(id, watch);
  }
  return watch;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function follow(id: string, firstWaitMs: number): Promise<Conversion['conversionStatus']> {
  await pause(firstWaitMs);
  for (;;) {
    const result = await apiFetch<Conversion>(`/api/media/convert/${id}`);
    if (!result.ok) {
      if (result.status === 401) signInAgain(true);
      // A lost answer is asked again; a refusal (trashed meanwhile, no longer a conversion) ends it.
      if (result.status !== 0 && result.status < 500) return 'ERROR';
    } else if (result.data.conversionStatus !== 'PROGRESSING') {
      return result.data.conversionStatus;
    }
    await pause(TIMINGS.conversionPollMs);
  }
}
