// Row 6, the reference: workbox-background-sync's Queue, in its own service worker (it needs one),
// replaying the same 1 000 requests to the same server. Scoped to /bench/queue/ so it controls no page.
import type { QueueReplayResult, QueueRequest } from './api';

const SCRIPT = '/bench/queue-sw.js';
const SCOPE = '/bench/queue/';

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

async function activeWorker(): Promise<ServiceWorker> {
  const registration = await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) throw new Error('the queue service worker did not install');
  if (worker.state !== 'activated') {
    await new Promise<void>((resolve, reject) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
        if (worker.state === 'redundant') reject(new Error('the queue service worker became redundant'));
      });
    });
  }
  return worker;
}

async function ask<T>(message: unknown): Promise<T> {
  const worker = await activeWorker();
  const channel = new MessageChannel();
  const answer = new Promise<Answer<T>>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<Answer<T>>) => resolve(event.data);
  });
  worker.postMessage(message, [channel.port2]);
  const result = await answer;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** Registers the queue's worker (while online: its script must be fetched). */
export const queueReady = async (): Promise<{ state: string }> => ({ state: (await activeWorker()).state });
export const queueFill = (requests: QueueRequest[]) => ask<{ queued: number }>({ type: 'fill', requests });
export const queueReplay = () => ask<QueueReplayResult>({ type: 'replay' });
