// Standing orders (hok): set, changed and cancelled online only (they are about a card), each call with
// its own Idempotency-Key so a repeated tap changes nothing twice. The account refresh shows the result.
import { newId } from '../../db/mutate';
import type { CardKind } from '../../lib/clearingFee';
import { toLocalDateString } from '../../lib/dates';
import type { StandingOrderFrequency } from '../../lib/domain/standingOrderRules';
import { validateStandingOrder } from '../../lib/domain/standingOrderRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { pullAccount } from './accountRepo';

export type StandingOrderDraft = {
  apartmentId: string;
  cardId: string;
  cardKind: CardKind | null;
  billingDay: number;
  frequency: StandingOrderFrequency;
  startDate: string;
};

const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  callWithRelogin(() => api.request(method, path, body, { headers: { 'Idempotency-Key': newId() } }));

function check(draft: StandingOrderDraft, keepStart: string | null): void {
  const today = toLocalDateString(new Date());
  refuse(validateStandingOrder({ ...draft, startDate: draft.startDate === keepStart ? today : draft.startDate, card: draft.cardKind, today }));
}

export async function setStandingOrder(draft: StandingOrderDraft): Promise<void> {
  check(draft, null);
  await send('POST', 'my/standing-orders', {
    id: newId(),
    apartmentId: draft.apartmentId,
    cardId: draft.cardId,
    billingDay: draft.billingDay,
    frequency: draft.frequency,
    startDate: draft.startDate,
  });
  await pullAccount();
}

export async function changeStandingOrder(id: string, baseVersion: number, draft: StandingOrderDraft, currentStart: string): Promise<void> {
  check(draft, currentStart);
  await send('PUT', `my/standing-orders/${encodeURIComponent(id)}`, {
    baseVersion,
    cardId: draft.cardId,
    billingDay: draft.billingDay,
    frequency: draft.frequency,
    startDate: draft.startDate,
  });
  await pullAccount();
}

export async function cancelStandingOrder(id: string): Promise<void> {
  await send('DELETE', `my/standing-orders/${encodeURIComponent(id)}`);
  await pullAccount();
}
