// Web Push (issue 16): the server sends { title, body, url, lang } encrypted with VAPID; the worker shows
// it as a notification in the message's language and direction, and a tap opens (or focuses) the app
// on the announcement.

type PushNote = { title: string; body: string; url: string; lang: string };

const RIGHT_TO_LEFT = new Set(['he']);

function noteOf(data: PushMessageData | null): PushNote | null {
  try {
    const value: unknown = data?.json();
    if (typeof value !== 'object' || value === null) return null;
    const { title, body, url, lang } = value as Record<string, unknown>;
    if (typeof title !== 'string' || typeof body !== 'string') return null;
    return { title, body, url: typeof url === 'string' && url.startsWith('/') ? url : '/announcements', lang: typeof lang === 'string' ? lang : 'he' };
  } catch {
    return null;
  }
}

export function registerPushNotifications(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const note = noteOf(event.data);
    if (!note) return;
    event.waitUntil(
      sw.registration.showNotification(note.title, {
        body: note.body,
        lang: note.lang,
        dir: RIGHT_TO_LEFT.has(note.lang) ? 'rtl' : 'ltr',
        icon: '/icons/icon-192.png',
        tag: note.url,
        data: { url: note.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(String((event.notification.data as { url?: string } | null)?.url ?? '/announcements'), sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(url);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
