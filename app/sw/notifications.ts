import type { PushPayload } from '../core/push';
import { sw } from './scope';

/** The payload the Worker sends (app/core/push.ts), or null for anything else. */
function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const payload = event.data?.json() as Partial<PushPayload> | undefined;
    return payload && typeof payload.title === 'string' && typeof payload.url === 'string' ? (payload as PushPayload) : null;
  } catch {
    return null;
  }
}

// Every push shows a notification (the subscription promised `userVisibleOnly`). The tag is the
// party's: a digest replaces the notification before it. The badge says "something new"; the
// count is the open page's (the payload carries none).
sw.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (!payload) return;
  const badge = 'setAppBadge' in navigator ? navigator.setAppBadge().catch(() => undefined) : undefined;
  event.waitUntil(
    Promise.all([
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/icon-192.png',
        data: { url: payload.url, partyId: payload.partyId },
      }),
      badge,
    ]),
  );
});

// A tap goes to the party: a window that shows it already comes to the front, otherwise one opens.
sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = new URL(typeof data?.url === 'string' ? data.url : '/', sw.location.origin);
  if (url.origin !== sw.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname === url.pathname);
      if (open) return open.focus();
      return sw.clients.openWindow(url.href);
    })(),
  );
});
