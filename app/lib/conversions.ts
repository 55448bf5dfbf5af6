import { TIMINGS } from '~/core/limits';
import type { Conversion } from '~/core/media-entry';
import { apiFetch, signInAgain } from './api';

/**
 * A video's conversion followed to its end (GET /media/convert/{id} every second while
 * PROGRESSING). The status lives at Stream and the item's row only follows it when asked, so
 * whoever shows a converting video asks; one loop per video however many ask (the upload that
 * started it and the library listing it), ending with READY or ERROR.
 */
const watching = new Map<string, Promise<Conversion['conversionStatus']>>();

export function watchConversion(id: string): Promise<Conversion['conversionStatus']> {
  let watch = watching.get(id);
  if (!watch) {
    watch = follow(id).finally(() => watching.delete(id));
    watching.set(id, watch);
  }
  return watch;
}

async function follow(id: string): Promise<Conversion['conversionStatus']> {
  for (;;) {
    const result = await apiFetch<Conversion>(`/api/media/convert/${id}`);
    if (!result.ok) {
      if (result.status === 401) signInAgain(true);
      // A lost answer is asked again; a refusal (trashed meanwhile, no longer a conversion) ends it.
      if (result.status !== 0 && result.status < 500) return 'ERROR';
    } else if (result.data.conversionStatus !== 'PROGRESSING') {
      return result.data.conversionStatus;
    }
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.conversionPollMs));
  }
}
