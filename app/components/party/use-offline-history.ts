import { useEffect, useRef } from 'react';
import type { ChatState } from '~/core/chat-state';
import { LIMITS } from '~/core/limits';
import type { PageToWorker } from '~/sw/messages';

/** A word for the worker that controls the page, if one does (none: nothing is kept). */
function tellServiceWorker(message: PageToWorker): void {
  if ('serviceWorker' in navigator) navigator.serviceWorker.controller?.postMessage(message);
}

/** How long the history rests before the page hands it over again: a busy party is not copied per message. */
const KEEP_AFTER_MS = 1000;

/**
 * The party opens offline with the history it had: while the page is at the live end of the
 * chat, it hands its newest messages to the service worker (kept for this person only,
 * app/sw/person.ts); reopened without a network, where the room cannot send the chat, it asks for
 * the newest page, which the worker answers from what it kept.
 */
export function useOfflineHistory(
  party: { id: string; shortId: string },
  state: Pick<ChatState, 'ready' | 'connection' | 'lastSeq' | 'messages' | 'hasMore' | 'hasNewer'>,
  loadNewest: () => Promise<boolean>,
) {
  const { ready, connection, lastSeq, messages, hasMore, hasNewer } = state;
  useEffect(() => {
    if (!ready || hasNewer || lastSeq === null) return;
    const timer = setTimeout(() => {
      const newest = messages.slice(-LIMITS.historyPage);
      tellServiceWorker({
        type: 'history',
        partyId: party.id,
        pagePath: `/${party.shortId}`,
        snapshot: { messages: newest, hasMore: hasMore || newest.length < messages.length, hasNewer: false, seq: lastSeq },
      });
    }, KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [party.id, party.shortId, ready, lastSeq, messages, hasMore, hasNewer]);

  const asked = useRef(false);
  useEffect(() => {
    // Once the room sent the chat (an empty one has no seq), the page has it: nothing to ask for.
    if (ready) asked.current = true;
    // The socket failed before the room sent the chat: offline (or a network that only claims to
    // be there), the kept page is all there is; online, the newest page comes from the server.
    if ((connection !== 'offline' && connection !== 'closed') || lastSeq !== null || asked.current) return;
    asked.current = true;
    void loadNewest();
  }, [ready, connection, lastSeq, loadNewest]);
}
