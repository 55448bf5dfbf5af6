import { OUTBOX_SYNC_TAG, flushOutbox } from '~/lib/outbox';
import { sw } from './scope';

// Background Sync (Chromium): the page asked for it when it kept a message offline, and the
// browser fires it once the network is back, also when no page of Salon is open any more. A
// flush that leaves entries waiting rejects, so the browser tries again later (ADR 032).
sw.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flushOutbox());
});
