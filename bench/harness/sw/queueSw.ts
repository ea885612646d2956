// The reference replayer of row 6: workbox-background-sync's Queue, as a Workbox app would use it.
// Replay starts on the page's message (not a `sync` event) so both sides are timed from the same trigger.
import { Queue } from 'workbox-background-sync';
import type { QueueRequest, QueueReplayResult } from '../api';

declare const self: ServiceWorkerGlobalScope;

const queue = new Queue('bench-replay', { forceSyncFallback: true, onSync: async () => undefined });
const statuses: Record<string, number> = {};

// Queue.replayRequests calls the global fetch: count what each replayed request got back.
const nativeFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  try {
    const response = await nativeFetch(input, init);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    return response;
  } catch (error) {
    statuses.network = (statuses.network ?? 0) + 1;
    throw error;
  }
};

type Message = { type: 'fill'; requests: QueueRequest[] } | { type: 'replay' };

async function handle(message: Message): Promise<unknown> {
  if (message.type === 'fill') {
    for (const r of message.requests) await queue.pushRequest({ request: new Request(r.url, { method: r.method, headers: r.headers, body: r.body }) });
    return { queued: await queue.size() };
  }
  for (const key of Object.keys(statuses)) delete statuses[key];
  const started = performance.now();
  await queue.replayRequests();
  const result: QueueReplayResult = { ms: performance.now() - started, left: await queue.size(), statuses: { ...statuses } };
  return result;
}

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));
self.addEventListener('message', (event) => {
  const port = event.ports[0];
  const data = event.data as Message;
  event.waitUntil(
    handle(data).then(
      (value) => port?.postMessage({ ok: true, value }),
      (error: unknown) => port?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
