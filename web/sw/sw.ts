/**
 * The service worker: shows "your turn" pushes as notifications (one per game: the tag is the
 * game, so a newer message replaces an older one) and opens the game when one is clicked.
 */
const sw = globalThis as unknown as ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  gameId?: string;
  kind?: string;
}

sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  event.waitUntil(
    sw.registration.showNotification(payload.title ?? 'Caravela', {
      body: payload.body ?? '',
      // Chat notices have their own tag: one must not replace a shown "your turn".
      tag: payload.gameId ? `${payload.gameId}${payload.kind === 'chat' ? '#chat' : ''}` : 'caravela',
      data: { url: payload.url ?? sw.registration.scope },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? sw.registration.scope;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === new URL(url).origin);
      if (open) {
        await open.focus();
        return open.navigate(url);
      }
      return sw.clients.openWindow(url);
    })(),
  );
});

export {};
