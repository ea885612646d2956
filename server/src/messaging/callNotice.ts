// A service call's status notice (issue 31 item 1): when staff change the status of a call a tenant
// reported or follows, its reporter and followers hear of it by push and e-mail, as their preferences
// allow (topic 'serviceCalls'). The notice is a message with no board audience (messages.serviceCallId):
// its delivery rows are written in the status change's transaction and the send job delivers them after
// the commit, so a change that rolls back notifies nobody and a replayed change (same Idempotency-Key)
// notifies once. A call notifies at most CALL_NOTICES_PER_DAY times a day, counted in the database.
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import type { ServiceCall, ServiceCallStatus } from '../../../src/lib/domain/entities.ts';
import { CALL_NOTICES_PER_DAY } from '../../../src/lib/domain/tenantCalls.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { users } from '../data/users.ts';
import { callFollowers } from '../data/callFollowers.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { RecipientText } from './queueMessage.ts';
import { queueDeliveries, recipientsAmong } from './queueMessage.ts';
import { messages } from '../data/messages.ts';

const DAY_MS = 24 * 60 * 60_000;

const statusNames: Record<LanguageId, Record<ServiceCallStatus, string>> = {
  1: {
    planned: 'מתוכננת',
    open: 'פתוחה',
    inTreatment: 'בטיפול',
    inExecution: 'בביצוע',
    treated: 'טופלה',
    finishedTesting: 'נבדקה',
    closed: 'נסגרה',
    cancelled: 'בוטלה',
  },
  2: {
    planned: 'planned',
    open: 'open',
    inTreatment: 'in treatment',
    inExecution: 'in progress',
    treated: 'treated',
    finishedTesting: 'checked',
    closed: 'closed',
    cancelled: 'cancelled',
  },
  3: {
    planned: 'planifié',
    open: 'ouvert',
    inTreatment: 'en traitement',
    inExecution: 'en cours',
    treated: 'traité',
    finishedTesting: 'vérifié',
    closed: 'clos',
    cancelled: 'annulé',
  },
  4: {
    planned: 'запланирована',
    open: 'открыта',
    inTreatment: 'в работе',
    inExecution: 'выполняется',
    treated: 'обработана',
    finishedTesting: 'проверена',
    closed: 'закрыта',
    cancelled: 'отменена',
  },
};

const headings: Record<LanguageId, (n: string) => string> = {
  1: (n) => `קריאת שירות ${n}`,
  2: (n) => `Service call ${n}`,
  3: (n) => `Appel de service ${n}`,
  4: (n) => `Заявка ${n}`,
};

const bodies: Record<LanguageId, (status: string, subject: string) => string> = {
  1: (status, subject) => `הסטטוס של "${subject}" עכשיו: ${status}. הפרטים באפליקציה, בתקלות שדיווחתי.`,
  2: (status, subject) => `"${subject}" is now ${status}. See it in the app, under My reports.`,
  3: (status, subject) => `« ${subject} » est maintenant ${status}. Voir dans l’application, sous Mes signalements.`,
  4: (status, subject) => `«${subject}»: статус теперь «${status}». Подробности в приложении, в разделе «Мои заявки».`,
};

export function callNoticeText(call: Pick<ServiceCall, 'callNumber' | 'subject' | 'status'>, languageId: LanguageId): RecipientText {
  const number = call.callNumber === null ? '' : `#${call.callNumber}`;
  return { subject: headings[languageId](number).trim(), body: bodies[languageId](statusNames[languageId][call.status], call.subject), languageId };
}

/**
 * Queues the notice of `call`'s new status to its reporter and followers, in the change's transaction.
 * Returns whether anything was queued (the caller kicks the send job after the commit).
 */
export async function queueCallNotice(tx: Db, call: ServiceCall, companyId: number, now: string): Promise<boolean> {
  const followers = await callFollowers.ofCall(tx, call.id);
  const userIds = [...new Set([...(call.reporterUserId ? [call.reporterUserId] : []), ...followers.map((f) => f.userId)])];
  if (userIds.length === 0) return false;
  const since = new Date(Date.parse(now) - DAY_MS).toISOString();
  if ((await messages.countOfCallSince(tx, call.id, since)) >= CALL_NOTICES_PER_DAY) return false;
  const contactIds = await users.contactIdsOf(tx, companyId, userIds);
  const people = (await contacts.list(tx, { id: contactIds })).filter((c) => c.buildingId === call.buildingId);
  if (people.length === 0) return false;
  const message: Message = {
    id: `call:${call.id}:${call.version}`,
    buildingId: call.buildingId,
    subject: callNoticeText(call, 2).subject,
    body: callNoticeText(call, 2).body,
    imageId: null,
    owners: false,
    renters: false,
    channels: ['push', 'email'],
    pinned: false,
    sentBy: '',
    createdAt: now,
    topic: 'serviceCalls',
  };
  await messages.insertNotice(tx, message, companyId, call.id);
  const rows = await queueDeliveries(tx, message, companyId, now, await recipientsAmong(tx, people, 'serviceCalls'), (person) =>
    callNoticeText(call, person.languageId),
  );
  return rows.some((r) => r.state === 'queued');
}
