// Messages on the device (issue 16). Sending is online (the server fans it out to e-mail, SMS and push);
// the sent list and the announcements board from the last visit are kept in `meta` for offline reading,
// with the ids already read (the unread badge).
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { DeliveryReport, Message } from '../../lib/domain/buildingLife';
import type { MessageInput } from '../../lib/domain/messageRules';
import { validateMessage } from '../../lib/domain/messageRules';
import type { MessageTopic } from '../../lib/domain/notificationPrefs';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, imageFile, refuse } from '../../lib/validation/rules';
import { tooLarge } from '../../lib/uploadLimits';
import { uploadB64 } from '../../api/calls/files';
import { base64OfFile } from '../../ui/base64OfFile';
import { withPageClient } from '../../session/api';

export type SentMessage = Message & { report: DeliveryReport; failures: { channel: string; name: string; reason: string | null }[] };
/** Per channel: who it reaches, who has no address for it, and how many turned it (or the topic) off. */
type ChannelPreview = { reach: number; missing: string[]; optedOut: number };
export type Preview = { recipients: number; email: ChannelPreview; sms: ChannelPreview; push: ChannelPreview };

export const sentKey = (buildingId: number) => `messages.sent:${buildingId}`;
export const boardKey = (buildingId: number) => `messages.board:${buildingId}`;
const readKey = 'messages.read';

export async function previewAudience(api: ApiClient, buildingId: number, owners: boolean, renters: boolean, topic: MessageTopic): Promise<Preview> {
  const answer = await api.request<Preview>('GET', 'messages/preview', { buildingId, owners, renters, topic });
  // An older server counts no one as opted out.
  for (const c of ['email', 'sms', 'push'] as const) answer[c].optedOut ??= 0;
  return answer;
}

/** Who uploads (the upload call names the company and the user). */
export type Uploader = { compID: number; userID: number };

/**
 * Sends a message; an image goes first, uploaded for the message's id (the server re-encodes it and
 * refuses it for any other message), and the message names it.
 */
export async function sendMessage(
  api: ApiClient,
  buildingId: number,
  input: MessageInput & { pinned: boolean; topic: MessageTopic; image: File | null },
  uploader: Uploader,
): Promise<void> {
  const { image, ...fields } = input;
  refuse(validateMessage(fields));
  if (image) {
    refuse(imageFile(image, 'image'));
    const big = tooLarge(image.size);
    if (big) throw new RuleError({ field: 'image', ...big });
  }
  const id = newId();
  try {
    const imageId = image
      ? (
          await uploadB64(
            api,
            {
              parentType: 'messages',
              parentID: id,
              orgID: uploader.compID,
              fileID: newId(),
              createdBy: uploader.userID,
              srcFileName: image.name,
              base64String: await base64OfFile(image),
            },
            newId(),
          )
        ).fileId
      : null;
    await api.request('POST', 'messages', { id, buildingId, ...fields, channels: [...fields.channels], imageId }, { headers: { 'Idempotency-Key': newId() } });
  } catch (error) {
    const key = isApiError(error) ? error.messageKey.replace(/^errors:/, '') : '';
    if (isApiError(error) && error.status === 422 && isMessageKey(key)) throw new RuleError({ field: error.field ?? 'subject', messageKey: key });
    throw error;
  }
}

export async function pullSent(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<{ records: SentMessage[] }>('GET', 'messages', { buildingId });
  await db.meta.put({ key: sentKey(buildingId), value: answer.records });
}

export async function sentOf(buildingId: number): Promise<SentMessage[] | null> {
  return ((await db.meta.get(sentKey(buildingId)))?.value as SentMessage[] | undefined) ?? null;
}

export async function pullBoard(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<{ records: Message[] }>('GET', `buildings/${buildingId}/announcements`);
  await db.meta.put({ key: boardKey(buildingId), value: answer.records });
}

export type BoardView = { records: Message[]; read: string[] };

export async function boardOf(buildingId: number): Promise<BoardView | null> {
  const records = (await db.meta.get(boardKey(buildingId)))?.value as Message[] | undefined;
  if (!records) return null;
  return { records, read: ((await db.meta.get(readKey))?.value as string[] | undefined) ?? [] };
}

/** Marks the board's messages read on this device (the unread badge counts the others). */
export async function markRead(ids: readonly string[]): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const read = new Set(((await db.meta.get(readKey))?.value as string[] | undefined) ?? []);
    for (const id of ids) read.add(id);
    await db.meta.put({ key: readKey, value: [...read].slice(-500) });
  });
}

/**
 * Asks for notifications after the user chose to get them (never on first load), subscribes this
 * browser with the server's VAPID key, and registers the subscription for the signed-in user. A
 * subscription of this browser that another account registered (and the server keeps from being taken
 * over) is replaced by a fresh one of this browser.
 */
export async function enablePush(api: ApiClient, language: string): Promise<'granted' | 'denied' | 'unsupported'> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.request<{ publicKey: string }>('GET', 'push/public-key');
  const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
  const register = (subscription: PushSubscription) => {
    const json = subscription.toJSON();
    return api.request('POST', 'push-subscriptions', { endpoint: json.endpoint, keys: json.keys, language });
  };
  const current = (await registration.pushManager.getSubscription()) ?? (await subscribe());
  try {
    await register(current);
  } catch (error) {
    if (!isApiError(error) || error.messageKey !== 'errors:pushSubscriptionTaken') throw error;
    await current.unsubscribe();
    await register(await subscribe());
  }
  return 'granted';
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const messageCalls = {
  enablePush: withPageClient(enablePush),
  previewAudience: withPageClient(previewAudience),
  sendMessage: withPageClient(sendMessage),
};
