// A conversation's notices (issue 31 item 2), topic 'threads': when the committee or the office answers a
// thread, the tenant who opened it hears of it; when a tenant opens a thread or writes in one, its addressee
// side hears of it — the building's committee members for a committee thread, the management company's
// staff who answer office threads in that building — each by push and e-mail as their preferences allow.
// Like a call's status notice (callNotice.ts) a notice is a message on no board (messages.threadId) whose
// delivery rows are written in the message's transaction and sent by the send job after the commit: a
// message that rolls back notifies nobody, a replayed one (same Idempotency-Key, or the same message id)
// notifies once. The thread's daily message limit bounds the tenant's notices; the addressees' notices are
// at most THREAD_NOTICES_PER_TENANT_DAY a day per tenant, counted in the database.
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import { THREAD_NOTICES_PER_TENANT_DAY, addresseeAnswered } from '../../../src/lib/domain/threads.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { messages } from '../data/messages.ts';
import type { StoredThread, StoredThreadMessage } from '../data/threads.ts';
import type { UserRow } from '../data/users.ts';
import { users } from '../data/users.ts';
import { actorOf, buildingsOfUser } from '../http/rights.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { Recipient, RecipientText } from './queueMessage.ts';
import { accountRecipients, queueDeliveries, recipientsAmong } from './queueMessage.ts';

const DAY_MS = 24 * 60 * 60_000;

const replyHeadings: Record<LanguageId, (subject: string) => string> = {
  1: (s) => `תשובה בפנייה "${s}"`,
  2: (s) => `A reply to "${s}"`,
  3: (s) => `Une réponse à « ${s} »`,
  4: (s) => `Ответ на обращение «${s}»`,
};

const replyBodies: Record<LanguageId, (from: string, text: string) => string> = {
  1: (from, text) => `${from} כתב/ה: ${text}\nאפשר להשיב באפליקציה, בפניות שלי.`,
  2: (from, text) => `${from} wrote: ${text}\nReply in the app, under My conversations.`,
  3: (from, text) => `${from} a écrit : ${text}\nRépondez dans l’application, sous Mes conversations.`,
  4: (from, text) => `${from} пишет: ${text}\nОтветить можно в приложении, в разделе «Мои обращения».`,
};

const newThreadHeadings: Record<LanguageId, (subject: string) => string> = {
  1: (s) => `פנייה חדשה מדייר: "${s}"`,
  2: (s) => `A resident wrote to you: "${s}"`,
  3: (s) => `Un résident vous écrit : « ${s} »`,
  4: (s) => `Новое обращение жильца: «${s}»`,
};

const tenantMessageHeadings: Record<LanguageId, (subject: string) => string> = {
  1: (s) => `הודעה חדשה בפנייה "${s}"`,
  2: (s) => `A new message in "${s}"`,
  3: (s) => `Un nouveau message dans « ${s} »`,
  4: (s) => `Новое сообщение в обращении «${s}»`,
};

const tenantMessageBodies: Record<LanguageId, (from: string, text: string) => string> = {
  1: (from, text) => `${from} כתב/ה: ${text}\nאפשר להשיב באפליקציה, בפניות.`,
  2: (from, text) => `${from} wrote: ${text}\nAnswer in the app, under Conversations.`,
  3: (from, text) => `${from} a écrit : ${text}\nRépondez dans l’application, sous Conversations.`,
  4: (from, text) => `${from} пишет: ${text}\nОтветить можно в приложении, в разделе «Обращения».`,
};

const PREVIEW = 200;

const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text);

/** The tenant's notice of an answer, in their language. */
export function threadNoticeText(
  thread: Pick<StoredThread, 'subject'>,
  reply: Pick<StoredThreadMessage, 'authorName' | 'text'>,
  languageId: LanguageId,
): RecipientText {
  return { subject: replyHeadings[languageId](thread.subject), body: replyBodies[languageId](reply.authorName, preview(reply.text)), languageId };
}

/** The addressees' notice of a tenant's new thread (`opening`) or message, in each one's language. */
export function addresseeNoticeText(
  thread: Pick<StoredThread, 'subject'>,
  message: Pick<StoredThreadMessage, 'authorName' | 'text'>,
  opening: boolean,
  languageId: LanguageId,
): RecipientText {
  const heading = opening ? newThreadHeadings : tenantMessageHeadings;
  return { subject: heading[languageId](thread.subject), body: tenantMessageBodies[languageId](message.authorName, preview(message.text)), languageId };
}

/** Where a notice's push opens: the thread itself. */
const threadUrl = (thread: StoredThread) => `/threads/${encodeURIComponent(thread.id)}`;

async function queueNotice(
  tx: Db,
  thread: StoredThread,
  id: string,
  english: RecipientText,
  now: string,
  people: readonly Recipient[],
  textFor: (person: Recipient) => RecipientText,
) {
  const message: Message = {
    id,
    buildingId: thread.buildingId,
    subject: english.subject,
    body: english.body,
    imageId: null,
    owners: false,
    renters: false,
    channels: ['push', 'email'],
    pinned: false,
    sentBy: '',
    createdAt: now,
    topic: 'threads',
  };
  await messages.insertThreadNotice(tx, message, thread.companyId, thread.id);
  const rows = await queueDeliveries(tx, message, thread.companyId, now, people, textFor, threadUrl(thread));
  return rows.some((r) => r.state === 'queued');
}

/** Queues the notice of `reply` to the thread's tenant, in the reply's transaction; true when a delivery is queued. */
export async function queueThreadNotice(tx: Db, thread: StoredThread, reply: StoredThreadMessage, now: string): Promise<boolean> {
  const people = (await contacts.list(tx, { id: [thread.authorContactId] })).filter((c) => c.buildingId === thread.buildingId);
  if (people.length === 0) return false;
  return queueNotice(
    tx,
    thread,
    `thread:${thread.id}:${reply.id}`,
    threadNoticeText(thread, reply, 2),
    now,
    await recipientsAmong(tx, people, 'threads'),
    (person) => threadNoticeText(thread, reply, person.languageId),
  );
}

/** The accounts that answer the thread: the committee members of its building, or the office's staff who see it. */
export async function addresseesOf(tx: Db, thread: StoredThread): Promise<UserRow[]> {
  const candidates = await users.enabledOfRoles(tx, thread.companyId, ['committee', 'manager', 'admin']);
  const out: UserRow[] = [];
  for (const user of candidates) {
    if (addresseeAnswered(actorOf(user).role) !== thread.addressee) continue;
    const visible = await buildingsOfUser(tx, user);
    if (visible === null || visible.has(thread.buildingId)) out.push(user);
  }
  return out;
}

/** How many addressee notices the tenant's threads have sent since `since`. */
async function addresseeNoticesSince(tx: Db, authorUserId: number, since: string): Promise<number> {
  return messages.countOfAuthorThreadsSince(tx, authorUserId, 'threadIn:', since);
}

/**
 * Queues the notice of a tenant's new thread (`opening`) or message to the thread's addressees, in the
 * message's transaction; true when a delivery is queued. Past the tenant's daily limit nothing is queued.
 */
export async function queueAddresseeNotice(tx: Db, thread: StoredThread, message: StoredThreadMessage, opening: boolean, now: string): Promise<boolean> {
  const people = await addresseesOf(tx, thread);
  if (people.length === 0) return false;
  if ((await addresseeNoticesSince(tx, thread.authorUserId, new Date(Date.parse(now) - DAY_MS).toISOString())) >= THREAD_NOTICES_PER_TENANT_DAY) return false;
  return queueNotice(
    tx,
    thread,
    `threadIn:${thread.id}:${message.id}`,
    addresseeNoticeText(thread, message, opening, 2),
    now,
    await accountRecipients(tx, people, 'threads'),
    (person) => addresseeNoticeText(thread, message, opening, person.languageId),
  );
}
