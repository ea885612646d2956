// "A parcel waits at the desk" (issue 31 item 5): registering a mail item or a key for an apartment tells
// the apartment's people by push, e-mail and SMS, as their preferences allow (topic 'desk'). As a call's
// status notice (callNotice.ts), it is a message with no board audience (messages.deskApartmentId), its
// delivery rows written in the registration's transaction and sent by the send job after the commit: a
// registration that rolls back notifies nobody, and one replayed from the outbox (same Idempotency-Key,
// or the same item id under another key) notifies once. An apartment gets at most
// DESK_NOTICES_PER_APARTMENT_DAY notices in 24 hours, counted in the database; past it, items wait in
// silence and still show in the app.
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import { DESK_NOTICES_PER_APARTMENT_DAY } from '../../../src/lib/domain/deskPasses.ts';
import type { MailItemKind } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import { messages } from '../data/messages.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { RecipientText } from './queueMessage.ts';
import { queueDeliveries, recipientsAmong } from './queueMessage.ts';

const DAY_MS = 24 * 60 * 60_000;

export type DeskItemKind = MailItemKind | 'key';

/** A registered item: which, for which apartment, and its number as the desk wrote it. */
export type DeskNoticeItem = { id: string; buildingId: number; apartmentId: string; kind: DeskItemKind; number: string };

const kindNames: Record<LanguageId, Record<DeskItemKind, string>> = {
  1: { letter: 'מכתב', registeredLetter: 'מכתב רשום', parcel: 'חבילה', delivery: 'משלוח', key: 'מפתח' },
  2: { letter: 'A letter', registeredLetter: 'A registered letter', parcel: 'A parcel', delivery: 'A delivery', key: 'A key' },
  3: { letter: 'Une lettre', registeredLetter: 'Une lettre recommandée', parcel: 'Un colis', delivery: 'Une livraison', key: 'Une clé' },
  4: { letter: 'Письмо', registeredLetter: 'Заказное письмо', parcel: 'Посылка', delivery: 'Доставка', key: 'Ключ' },
};

const headings: Record<LanguageId, (what: string) => string> = {
  1: (what) => `${what} מחכה לך בדלפק הקבלה`,
  2: (what) => `${what} waits for you at the front desk`,
  3: (what) => `${what} vous attend à l’accueil`,
  4: (what) => `${what} ждёт вас на стойке`,
};

const bodies: Record<LanguageId, (number: string) => string> = {
  1: (n) => `${n ? `מספר ${n}. ` : ''}אפשר לאסוף בדלפק הקבלה של הבניין. הפרטים באפליקציה, במה שמחכה לי בדלפק.`,
  2: (n) => `${n ? `Number ${n}. ` : ''}Collect it at the building's front desk. See it in the app, under Waiting at the desk.`,
  3: (n) => `${n ? `Numéro ${n}. ` : ''}À retirer à l’accueil de l’immeuble. Voir dans l’application, sous En attente à l’accueil.`,
  4: (n) => `${n ? `Номер ${n}. ` : ''}Заберите на стойке в здании. Подробности в приложении, в разделе «Ждёт на стойке».`,
};

export function deskNoticeText(item: Pick<DeskNoticeItem, 'kind' | 'number'>, languageId: LanguageId): RecipientText {
  return { subject: headings[languageId](kindNames[languageId][item.kind]), body: bodies[languageId](item.number.trim()), languageId };
}

export const deskNoticeId = (itemId: string): string => `desk:${itemId}`;

/**
 * Queues the notice of `item` to its apartment's people, in the registration's transaction. Returns
 * whether anything was queued (the caller kicks the send job after the commit).
 */
export async function queueDeskNotice(tx: Db, item: DeskNoticeItem, companyId: number, now: string): Promise<boolean> {
  const people = await contacts.list(tx, { buildingId: item.buildingId, apartmentId: item.apartmentId });
  if (people.length === 0) return false;
  if ((await messages.countOfApartmentDeskSince(tx, item.apartmentId, new Date(Date.parse(now) - DAY_MS).toISOString())) >= DESK_NOTICES_PER_APARTMENT_DAY)
    return false;
  const text = deskNoticeText(item, 2);
  const message: Message = {
    id: deskNoticeId(item.id),
    buildingId: item.buildingId,
    subject: text.subject,
    body: text.body,
    imageId: null,
    owners: false,
    renters: false,
    channels: ['push', 'email', 'sms'],
    pinned: false,
    sentBy: '',
    createdAt: now,
    topic: 'desk',
  };
  await messages.insertDeskNotice(tx, message, companyId, item.apartmentId);
  const rows = await queueDeliveries(
    tx,
    message,
    companyId,
    now,
    await recipientsAmong(tx, people, 'desk'),
    (person) => deskNoticeText(item, person.languageId),
    '/desk',
  );
  return rows.some((r) => r.state === 'queued');
}
