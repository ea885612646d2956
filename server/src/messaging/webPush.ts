// Web Push with VAPID (web-push). The key pair is made once and kept in `server_secrets` (never in
// `settings`, which signed-in users may read), so every server process signs with the same keys (or
// comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY).
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { Db } from '../db/database.ts';
import { serverSecrets } from '../data/serverSecrets.ts';
import type { PushProvider } from './providers.ts';
import { DeliveryError } from './providers.ts';
import { isPushServiceEndpoint } from './pushTargets.ts';

export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_KEYS = 'vapid_keys';

/** The company-wide VAPID keys: from the environment, else made once and kept in the database. */
export function storedVapidKeys(db: Db): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  const load = async (): Promise<VapidKeys> => {
    if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY)
      return { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
    const stored = await serverSecrets.get(db, VAPID_KEYS);
    if (stored) return JSON.parse(stored) as VapidKeys;
    const made = webPush.generateVAPIDKeys();
    // Two processes racing: the first insert wins and both read it back.
    await serverSecrets.putIfAbsent(db, VAPID_KEYS, JSON.stringify(made));
    return JSON.parse((await serverSecrets.get(db, VAPID_KEYS)) ?? JSON.stringify(made)) as VapidKeys;
  };
  return () => (keys ??= load());
}

export type WebPushOptions = { subject?: string; /** TLS agent for the push service (tests trust their own endpoint's certificate). */ agent?: Agent };

export function webPushProvider(keys: () => Promise<VapidKeys>, options: WebPushOptions = {}): PushProvider {
  const subject = options.subject ?? process.env.VAPID_SUBJECT ?? 'mailto:support@binyan.example';
  return {
    publicKey: async () => (await keys()).publicKey,
    send: async (target, note) => {
      // The one place that connects: whatever the caller checked, nothing but a push service is posted to.
      if (!isPushServiceEndpoint(target.endpoint)) throw new DeliveryError('endpointRefused', true);
      const { publicKey, privateKey } = await keys();
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(note), {
          vapidDetails: { subject, publicKey, privateKey },
          TTL: 24 * 60 * 60,
          ...(options.agent ? { agent: options.agent } : {}),
        });
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        // 404/410: the subscription is gone for good.
        throw new DeliveryError(status === 404 || status === 410 ? 'subscriptionGone' : `push ${status ?? 'failed'}`, status === 404 || status === 410);
      }
    },
  };
}
