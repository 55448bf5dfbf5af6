import type { ChatMessage } from '../core/protocol';

/**
 * What the pages and the service worker (app/sw/sw.ts) say to each other, and the names both
 * know. Pure: the page's bundle and the worker's both import it (docs/decisions/031-service-worker.md).
 */

/** The worker's address; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/** The header the Worker puts on every page: who the page was made for (worker/http/viewer.ts). */
export const VIEWER_HEADER = 'Salon-Viewer';
/** Its value for nobody signed in or joined: nothing of such a page is kept. */
export const NO_VIEWER = '-';

/** The newest page of a party's history, as the page had it, in the shape `GET /api/parties/{id}/chat` answers. */
export interface HistorySnapshot {
  messages: ChatMessage[];
  hasMore: boolean;
  hasNewer: false;
  seq: number;
}

export type PageToWorker =
  /** A waiting new version takes over (the page reloads on `controllerchange`). */
  | { type: 'SKIP_WAITING' }
  /** Keep this history for opening the party offline, with the party page's path. */
  | { type: 'history'; partyId: string; pagePath: string; snapshot: HistorySnapshot };

export function chatPath(partyId: string): string {
  return `/api/parties/${partyId}/chat`;
}
