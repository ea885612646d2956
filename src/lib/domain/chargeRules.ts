// Quick charges (spec 1, 3 "charge: billing reason, special or other"; route /add-money): management
// staff charge one apartment, or every apartment of a building, an amount due on a date. Each becomes
// a charge in the one ledger (a debt the tenant sees after sync). Shared by the form and the server.
import { agorotOf } from '../agorot.ts';
import { isCalendarDate } from '../calendar.ts';
import type { DebtKind } from './entities.ts';
import type { RuleResult } from '../validation/rules.ts';

export const chargeReasons = ['special', 'other'] as const;
export type ChargeReason = (typeof chargeReasons)[number];

export type QuickChargeInput = {
  buildingId: number | null;
  apartmentId: string | null;
  allApartments: boolean;
  reason: string;
  description: string;
  amount: number | null;
  dueDate: string;
};

export const quickChargeLimits = { descriptionMin: 2, maxAgorot: 10_000_000 } as const;

export function validateQuickCharge(input: QuickChargeInput): RuleResult {
  if (input.buildingId === null) return { field: 'buildingId', messageKey: 'noBuildingSelected' };
  if (!input.allApartments && !input.apartmentId) return { field: 'apartmentId', messageKey: 'requiredField' };
  if (!(chargeReasons as readonly string[]).includes(input.reason)) return { field: 'reason', messageKey: 'requiredField' };
  if (input.description.trim().length < quickChargeLimits.descriptionMin) return { field: 'description', messageKey: 'requiredField' };
  if (input.amount === null || !Number.isFinite(input.amount)) return { field: 'amount', messageKey: 'invalidAmount' };
  const agorot = agorotOf(input.amount);
  if (agorot <= 0 || agorot > quickChargeLimits.maxAgorot || Math.abs(input.amount * 100 - agorot) > 1e-6)
    return { field: 'amount', messageKey: 'invalidAmount' };
  return isCalendarDate(input.dueDate) ? null : { field: 'dueDate', messageKey: 'invalidDate' };
}

/** A quick charge is a special charge of the ledger; "other" keeps its own description. */
export function debtKindOfReason(_reason: ChargeReason): DebtKind {
  return 'special';
}
