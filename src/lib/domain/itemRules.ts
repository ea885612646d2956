// Keys and mail items (spec 5: "an item cannot be inserted twice"). A tag or tracking number is unique
// among the pending items of a building; once delivered the same number may be registered again.
import type { ItemStatus } from './entities.ts';
import type { RuleResult } from '../validation/rules.ts';
import { instant, isBlank, personName } from '../validation/rules.ts';

type PendingItem = { id: string; buildingId: number; status: ItemStatus };

/** Tag/tracking numbers compare without case, spaces or dashes (typed by hand from a label). */
export function normalizeItemNumber(value: string): string {
  return value.replace(/[\s\-–]+/g, '').toUpperCase();
}

export function isDuplicatePending<T extends PendingItem>(
  buildingId: number,
  number: string,
  numberOf: (item: T) => string,
  existing: readonly T[],
  excludeId?: string,
): boolean {
  const wanted = normalizeItemNumber(number);
  return existing.some((i) => i.id !== excludeId && i.buildingId === buildingId && i.status === 'pending' && normalizeItemNumber(numberOf(i)) === wanted);
}

export type NewKeyInput = { id: string; buildingId?: number | null; tagNumber: string; description: string };

export function validateNewKey(input: NewKeyInput, existing: readonly (PendingItem & { tagNumber: string })[]): RuleResult {
  if (input.buildingId === null || input.buildingId === undefined) return { field: 'buildingId', messageKey: 'noBuildingSelected' };
  if (isBlank(input.tagNumber)) return { field: 'tagNumber', messageKey: 'requiredField' };
  if (isBlank(input.description)) return { field: 'description', messageKey: 'requiredField' };
  return isDuplicatePending(input.buildingId, input.tagNumber, (i) => i.tagNumber, existing, input.id)
    ? { field: 'tagNumber', messageKey: 'itemAlreadyInserted' }
    : null;
}

export type NewMailItemInput = { id: string; buildingId?: number | null; trackingNumber: string };

export function validateNewMailItem(input: NewMailItemInput, existing: readonly (PendingItem & { trackingNumber: string })[]): RuleResult {
  if (input.buildingId === null || input.buildingId === undefined) return { field: 'buildingId', messageKey: 'noBuildingSelected' };
  if (isBlank(input.trackingNumber)) return { field: 'trackingNumber', messageKey: 'requiredField' };
  return isDuplicatePending(input.buildingId, input.trackingNumber, (i) => i.trackingNumber, existing, input.id)
    ? { field: 'trackingNumber', messageKey: 'itemAlreadyInserted' }
    : null;
}

export type HandoverInput = { deliveredTo: string | null; deliveredBy: string | null; deliveredAt: string | null };

/** A handover names who received it and happens once. */
export function validateHandover(item: { status: ItemStatus }, input: HandoverInput): RuleResult {
  if (item.status === 'delivered') return { field: 'status', messageKey: 'itemAlreadyDelivered' };
  const to = personName(input.deliveredTo, 'deliveredTo');
  if (to) return to;
  if (isBlank(input.deliveredAt)) return { field: 'deliveredAt', messageKey: 'invalidDate' };
  return instant(input.deliveredAt, 'deliveredAt');
}
