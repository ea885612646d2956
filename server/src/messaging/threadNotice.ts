// A reply's notice (issue 31 item 2): when the committee or the office answers a thread, the tenant who
// opened it hears of it by push and e-mail, as their preferences allow. Like a call's status notice
// (callNotice.ts) it is a message on no board (messages.threadId) whose delivery rows are written in the
// reply's transaction and sent by the send job after the commit: a reply that rolls back notifies nobody,
// a replayed reply (same Idempotency-Key) notifies once. The thread's daily message limit bounds them.
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { messages } from '../data/messages.ts';
import type { StoredThread, StoredThreadMessage } from '../data/threads.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { RecipientText } from './queueMessage.ts';
import { queueDeliveries, recipientsAmong } from './queueMessage.ts';

const headings: Record<LanguageId, (subject: string) => string> = {
  1: (s) => `תשובה בפנייה "${s}"`,
  2: (s) => `A reply to "${s}"`,
  3: (s) => `Une réponse à « ${s} »`,
  4: (s) => `Ответ на обращение «${s}»`,
};

const bodies: Record<LanguageId, (from: string, text: string) => string> = {
  1: (from, text) => `${from} כתב/ה: ${text}\nאפשר להשיב באפליקציה, בפניות שלי.`,
  2: (from, text) => `${from} wrote: ${text}\nReply in the app, under My conversations.`,
  3: (from, text) => `${from} a écrit : ${text}\nRépondez dans l’application, sous Mes conversations.`,
  4: (from, text) => `${from} пишет: ${text}\nОтветить можно в приложении, в разделе «Мои обращения».`,
};

const PREVIEW = 200;

export function threadNoticeText(
  thread: Pick<StoredThread, 'subject'>,
  reply: Pick<StoredThreadMessage, 'authorName' | 'text'>,
  languageId: LanguageId,
): RecipientText {
  const text = reply.text.length > PREVIEW ? `${reply.text.slice(0, PREVIEW)}…` : reply.text;
  return { subject: headings[languageId](thread.subject), body: bodies[languageId](reply.authorName, text), languageId };
}

/** Queues the notice of `reply` to the thread's tenant, in the reply's transaction; true when a delivery is queued. */
export async function queueThreadNotice(tx: Db, thread: StoredThread, reply: StoredThreadMessage, now: string): Promise<boolean> {
  const people = (await contacts.list(tx, { id: [thread.authorContactId] })).filter((c) => c.buildingId === thread.buildingId);
  if (people.length === 0) return false;
  const message: Message = {
    id: `thread:${thread.id}:${reply.id}`,
    buildingId: thread.buildingId,
    subject: threadNoticeText(thread, reply, 2).subject,
    body: threadNoticeText(thread, reply, 2).body,
    imageId: null,
    owners: false,
    renters: false,
    channels: ['push', 'email'],
    pinned: false,
    sentBy: '',
    createdAt: now,
    topic: 'announcements',
  };
  await messages.insertThreadNotice(tx, message, thread.companyId, thread.id);
  const rows = await queueDeliveries(tx, message, thread.companyId, now, await recipientsAmong(tx, people, 'announcements'), (person) =>
    threadNoticeText(thread, reply, person.languageId),
  );
  return rows.some((r) => r.state === 'queued');
}
