// A debt reminder as one recipient reads it, in their language: the apartment, the amount past due, since
// when, and the link that opens the payment of exactly those charges. Dates dd/mm/yyyy, amounts in shekels.
import { formatDisplayDate } from '../../../src/lib/dates.ts';
import type { LanguageId } from '../translate/phrases.ts';
import type { RecipientText } from '../messaging/queueMessage.ts';

export type ReminderFacts = { apartmentNumber: string; amountAgorot: number; since: string; link: string };

const shekels = (agorot: number) => `₪${(agorot / 100).toFixed(2)}`;

const texts: Record<LanguageId, (f: ReminderFacts, amount: string, since: string) => { subject: string; body: string }> = {
  1: (f, amount, since) => ({
    subject: `תזכורת תשלום: דירה ${f.apartmentNumber} · ${amount}`,
    body: `לדירה ${f.apartmentNumber} יש חוב של ${amount} שמועד תשלומו עבר (מ-${since}).\nלתשלום: ${f.link}`,
  }),
  2: (f, amount, since) => ({
    subject: `Payment reminder: apartment ${f.apartmentNumber} · ${amount}`,
    body: `Apartment ${f.apartmentNumber} has ${amount} past due (since ${since}).\nPay here: ${f.link}`,
  }),
  3: (f, amount, since) => ({
    subject: `Rappel de paiement : appartement ${f.apartmentNumber} · ${amount}`,
    body: `L’appartement ${f.apartmentNumber} a ${amount} en retard de paiement (depuis le ${since}).\nPayer ici : ${f.link}`,
  }),
  4: (f, amount, since) => ({
    subject: `Напоминание об оплате: квартира ${f.apartmentNumber} · ${amount}`,
    body: `У квартиры ${f.apartmentNumber} просрочен долг ${amount} (с ${since}).\nОплатить: ${f.link}`,
  }),
};

export function debtReminderText(facts: ReminderFacts, languageId: LanguageId): RecipientText {
  return { ...texts[languageId](facts, shekels(facts.amountAgorot), formatDisplayDate(facts.since)), languageId };
}
