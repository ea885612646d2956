// Threads with the committee or the office (issue 31 item 2). Opening a thread and writing in one go
// through the outbox like every change (kept on the device offline, sent once under their ids and
// Idempotency-Keys; the photos ride behind their message, src/sync/photos.ts). What the server answered
// last is kept per user in `meta`, so the screens read it offline; read marks go to the server, so every
// device of the person shows the same unread counts.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { ThreadAddressee } from '../../lib/domain/threads';
import { threadAddressees, validateNewThread, validateThreadText } from '../../lib/domain/threads';
import { threadDetail, threadList, threadUnread } from '../../lib/threadAnswers';
import type { ThreadDetail, ThreadSummary, ThreadUnread } from '../../lib/threadAnswers';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { currentActor } from '../../sync/write/actor';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { createRecord } from '../../sync/write/writePath';

export const OPEN_PREFIX = 'thread.open:';
export const MESSAGE_PREFIX = 'thread.message:';
const LIST_PREFIX = 'threads.list:';
const DETAIL_PREFIX = 'threads.detail:';
const UNREAD_PREFIX = 'threads.unread:';

/** The parent type of a message's photos on the server (files/uploadRules.ts). */
export const PHOTO_PARENT = 'threadMessages';

// The write path keeps each row's sync state (src/lib/syncState.ts).
const syncState = z.optional(z.enum(['synced', 'local', 'sent', 'attention']));
const openedValue = z.looseObject({
  userKey: z.string(),
  id: z.string(),
  addressee: z.enum(threadAddressees),
  subject: z.string(),
  messageId: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
const writtenValue = z.looseObject({ userKey: z.string(), id: z.string(), threadId: z.string(), text: z.string(), createdAt: z.string() });
const openedRow = z.looseObject({ key: z.string(), value: openedValue, syncState });
const writtenRow = z.looseObject({ key: z.string(), value: writtenValue, syncState });
export type OpenedThread = z.infer<typeof openedRow>;
export type WrittenMessage = z.infer<typeof writtenRow>;

const stamped = z.looseObject({ fetchedAt: z.string() });
export type StoredList = { records: ThreadSummary[]; fetchedAt: string };
export type StoredDetail = ThreadDetail & { fetchedAt: string };

export async function listKey(): Promise<string> {
  return `${LIST_PREFIX}${(await currentActor()).userKey}`;
}

export async function detailKey(id: string): Promise<string> {
  return `${DETAIL_PREFIX}${(await currentActor()).userKey}:${id}`;
}

export async function unreadKey(): Promise<string> {
  return `${UNREAD_PREFIX}${(await currentActor()).userKey}`;
}

const now = () => new Date().toISOString();

export async function pullThreads(): Promise<void> {
  const answer = answerOf(threadList, await callWithRelogin(() => api.request('GET', 'threads')));
  await db.meta.put({ key: await listKey(), value: { records: answer.records, fetchedAt: now() } satisfies StoredList });
}

export async function pullThread(id: string): Promise<void> {
  const answer = answerOf(threadDetail, await callWithRelogin(() => api.request('GET', `threads/${encodeURIComponent(id)}`)));
  await db.meta.put({ key: await detailKey(id), value: { ...answer, fetchedAt: now() } satisfies StoredDetail });
}

export async function pullUnread(): Promise<void> {
  const answer = answerOf(threadUnread, await callWithRelogin(() => api.request('GET', 'threads/unread')));
  await db.meta.put({ key: await unreadKey(), value: answer });
}

export async function storedList(key: string): Promise<StoredList | null> {
  const value = (await db.meta.get(key))?.value;
  const list = threadList.safeParse(value);
  const stamp = stamped.safeParse(value);
  return list.success && stamp.success ? { records: list.data.records, fetchedAt: stamp.data.fetchedAt } : null;
}

export async function storedDetail(key: string): Promise<StoredDetail | null> {
  const value = (await db.meta.get(key))?.value;
  const detail = threadDetail.safeParse(value);
  const stamp = stamped.safeParse(value);
  return detail.success ? { ...detail.data, fetchedAt: stamp.success ? stamp.data.fetchedAt : '' } : null;
}

export async function storedUnread(key: string): Promise<ThreadUnread | null> {
  const parsed = threadUnread.safeParse((await db.meta.get(key))?.value);
  return parsed.success ? parsed.data : null;
}

/** Threads the signed-in user opened on this device (sent or still waiting), newest first. */
export async function openedHere(): Promise<OpenedThread[]> {
  const { userKey } = await currentActor();
  const rows = await db.meta.where('key').startsWith(OPEN_PREFIX).toArray();
  return rows
    .flatMap((row) => {
      const parsed = openedRow.safeParse(row);
      return parsed.success && parsed.data.value.userKey === userKey ? [parsed.data] : [];
    })
    .sort((a, b) => b.value.createdAt.localeCompare(a.value.createdAt));
}

/** Messages the signed-in user wrote on this device in a thread (sent or still waiting), oldest first. */
export async function writtenHere(threadId: string): Promise<WrittenMessage[]> {
  const { userKey } = await currentActor();
  const rows = await db.meta.where('key').startsWith(MESSAGE_PREFIX).toArray();
  return rows
    .flatMap((row) => {
      const parsed = writtenRow.safeParse(row);
      return parsed.success && parsed.data.value.threadId === threadId && parsed.data.value.userKey === userKey ? [parsed.data] : [];
    })
    .sort((a, b) => a.value.createdAt.localeCompare(b.value.createdAt));
}

export type NewThread = { addressee: ThreadAddressee | null; subject: string; text: string };

/** Opens a thread with its first message (and photos): stored with its outbox entries in one transaction. Returns its id. */
export async function openThread(input: NewThread, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(validateNewThread(input));
  const actor = await currentActor();
  const id = newId();
  const messageId = newId();
  const key: MetaOutboxKey = `${OPEN_PREFIX}${id}`;
  const value = {
    userKey: actor.userKey,
    id,
    addressee: input.addressee ?? 'committee',
    subject: input.subject.trim(),
    messageId,
    text: input.text.trim(),
    createdAt: now(),
  };
  const { createdAt: _at, userKey: _user, ...payload } = value;
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: 'threads',
    payload,
    userKey: actor.userKey,
    // The first message is created by the thread's request: its photos wait for that entry.
    uploads: { photos: photos.map((p) => photoRowOf(p, PHOTO_PARENT, messageId, 'attachment')), createdBy: actor.userId, after: entityKeyOf('meta', key) },
  });
  return id;
}

/** A message (with photos) in a thread; it waits for the thread when that was opened offline too. */
export async function writeMessage(threadId: string, text: string, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(validateThreadText(text));
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${MESSAGE_PREFIX}${id}`;
  const value = { userKey: actor.userKey, id, threadId, text: text.trim(), createdAt: now() };
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: `threads/${encodeURIComponent(threadId)}/messages`,
    payload: { id, text: value.text },
    dependsOn: [entityKeyOf('meta', `${OPEN_PREFIX}${threadId}`)],
    userKey: actor.userKey,
    uploads: { photos: photos.map((p) => photoRowOf(p, PHOTO_PARENT, id, 'attachment')), createdBy: actor.userId, after: entityKeyOf('meta', key) },
  });
  return id;
}

/**
 * The user has read the thread up to its newest message: the device's copies say so at once (the menu's
 * badge clears offline too), and the server keeps the mark for the person's other devices. A mark that
 * does not reach the server is sent again the next time the thread is read.
 */
export async function markRead(id: string, upTo: string): Promise<void> {
  const [list, detail, unread] = await Promise.all([listKey(), detailKey(id), unreadKey()]);
  await db.transaction('rw', db.meta, async () => {
    const stored = await storedList(list);
    const was = stored?.records.find((t) => t.id === id)?.unread ?? 0;
    if (stored) await db.meta.put({ key: list, value: { ...stored, records: stored.records.map((t) => (t.id === id ? { ...t, unread: 0 } : t)) } });
    const shown = await storedDetail(detail);
    if (shown) await db.meta.put({ key: detail, value: { ...shown, record: { ...shown.record, unread: 0 } } });
    const counts = await storedUnread(unread);
    if (counts && was > 0)
      await db.meta.put({ key: unread, value: { threads: Math.max(0, counts.threads - 1), messages: Math.max(0, counts.messages - was) } });
  });
  await callWithRelogin(() => api.request('POST', `threads/${encodeURIComponent(id)}/read`, { upTo }));
  await pullUnread();
}
