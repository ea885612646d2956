// Card payments (issue 14): they need the connection and never go through the outbox. Each payment is
// one intent with its own id, kept on the device before it is sent: a double tap sends the same id, and
// after a lost answer, a reload or a closed tab the app sends it again and the server answers the
// outcome of the one charge (the provider charges an id once).
import { answerOf } from '../../api/answers';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import { validateDebtChoice } from '../../lib/cards';
import { cardAnswer, cardEntryAnswer, paymentAnswer, quoteAnswer } from '../../lib/paymentAnswers';
import type { CardEntryView, PaymentQuoteView, PaymentRecord, SavedCardView } from '../../lib/paymentAnswers';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { currentActor } from '../../sync/write/actor';

const INTENT_PREFIX = 'tenant.paymentIntent:';

/** A card typed on the provider's page: its entry's id once entered there, and the keep choice. */
export type NewCard = { entryId: string | null; keep: boolean | null };

export type PaymentIntent = { id: string; apartmentId: string; chargeIds: string[]; cardId: string; expectedTotalAgorot: number };

async function intentKey(): Promise<string> {
  return `${INTENT_PREFIX}${(await currentActor()).userKey}`;
}

/** Opens a card-entry session on the provider's page, in the reader's language (counted by the server's limits). */
export async function openCardEntry(lang: string): Promise<CardEntryView> {
  return answerOf(cardEntryAnswer, await callWithRelogin(() => api.request('POST', 'my/cards/entry', { lang }))).entry;
}

/**
 * Saves the card entered on the provider's page: the server redeems the entry with the provider for its
 * token and keeps only last 4, expiry and kind. The card itself never passed through the app.
 */
export async function addCard(card: NewCard): Promise<SavedCardView> {
  refuse(
    card.entryId === null
      ? { field: 'card', messageKey: 'cardEntryNotFinished' }
      : card.keep === null
        ? { field: 'keep', messageKey: 'keepCardChoiceRequired' }
        : null,
  );
  const body = { id: newId(), entryId: card.entryId, keep: card.keep };
  return answerOf(cardAnswer, await callWithRelogin(() => api.request('POST', 'my/cards', body))).record;
}

export async function deleteCard(id: string): Promise<void> {
  await callWithRelogin(() => api.request('DELETE', `my/cards/${encodeURIComponent(id)}`));
}

export async function quotePayment(apartmentId: string, chargeIds: string[], cardId: string): Promise<PaymentQuoteView> {
  refuse(validateDebtChoice(chargeIds));
  return answerOf(quoteAnswer, await callWithRelogin(() => api.request('POST', 'my/payments/quote', { apartmentId, chargeIds, cardId }))).quote;
}

/** A refusal (4xx) settles the intent as not made; a lost answer, a timeout or a 5xx keeps it to send again. */
const refused = (error: unknown) => isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

async function send(intent: PaymentIntent): Promise<PaymentRecord> {
  try {
    const answer = await callWithRelogin(() => api.request('POST', 'my/payments', intent, { headers: { 'Idempotency-Key': intent.id } }));
    const record = answerOf(paymentAnswer, answer).record;
    await db.meta.delete(await intentKey());
    return record;
  } catch (error) {
    if (refused(error)) await db.meta.delete(await intentKey());
    throw error;
  }
}

/** The confirmed payment: kept on the device first, then sent; a failure to reach the server keeps it for `resumePayment`. */
export async function payByCard(draft: Omit<PaymentIntent, 'id'>): Promise<PaymentRecord> {
  refuse(validateDebtChoice(draft.chargeIds));
  const key = await intentKey();
  const pending = (await db.meta.get(key))?.value as PaymentIntent | undefined;
  // One intent at a time: a second tap (or a reload mid-way) sends the same one again.
  const intent: PaymentIntent = pending ?? { id: newId(), ...draft };
  if (!pending) await db.meta.put({ key, value: intent });
  return send(intent);
}

/** A payment sent before a reload or a lost answer: its outcome, or null when none is waiting. */
export async function resumePayment(): Promise<PaymentRecord | null> {
  const pending = (await db.meta.get(await intentKey()))?.value as PaymentIntent | undefined;
  return pending ? send(pending) : null;
}

export async function fetchReceipt(id: string): Promise<PaymentRecord> {
  return answerOf(paymentAnswer, await callWithRelogin(() => api.request('GET', `my/payments/${encodeURIComponent(id)}`))).record;
}
