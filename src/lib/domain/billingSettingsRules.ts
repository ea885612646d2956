// A building's billing settings (spec 3 "building's billing settings", 9 "clearing fee"), changed by
// management staff: card payments on or off, the clearing fee as fixed NIS plus a percent, VAT added or
// included, an extra fixed fee for a card issued abroad, and the Diners / American Express percent.
// Amounts are integer agorot and percents integer basis points; the form's typed text is read here too,
// so the screen and the server refuse the same values with the same message.
import type { ReceiptIssuerKind } from './receiptIssuer.ts';
import { agorotOf } from '../agorot.ts';
import type { ClearingFeeSettings } from '../clearingFee.ts';
import type { RuleResult } from '../validation/rules.ts';
import { isBlank } from '../validation/rules.ts';

/** `receiptIssuer` (issue 29): who issues the building's receipts; absent, the stored one is kept (the company when none). */
export type BuildingBillingSettings = ClearingFeeSettings & { cardPayments: boolean; refuseRoomsWithDebt: boolean; receiptIssuer?: ReceiptIssuerKind };

export const vatModes = ['added', 'included'] as const;

/** Bounds a clearing company's fees stay within; a value outside is a typo (a percent typed as 25 for 2.5). */
export const billingLimits = { maxFixedAgorot: 5_000, maxForeignCardAgorot: 5_000, maxPercentBasisPoints: 1_000 } as const;

/** The fields of the settings that are amounts (agorot) and percents (basis points), by the server's names. */
export const amountFields = ['fixedAgorot', 'foreignCardFixedAgorot'] as const;
export const percentFields = ['percentBasisPoints', 'dinersAmexPercentBasisPoints'] as const;
export type AmountField = (typeof amountFields)[number];
export type PercentField = (typeof percentFields)[number];

const maxAgorotOf: Record<AmountField, number> = { fixedAgorot: billingLimits.maxFixedAgorot, foreignCardFixedAgorot: billingLimits.maxForeignCardAgorot };

function amount(field: AmountField, value: number): RuleResult {
  const max = maxAgorotOf[field];
  if (!Number.isSafeInteger(value)) return { field, messageKey: 'invalidAmount' };
  return value < 0 || value > max ? { field, messageKey: 'feeOutOfRange', params: { min: 0, max: max / 100 } } : null;
}

function percent(field: PercentField, value: number): RuleResult {
  if (!Number.isSafeInteger(value)) return { field, messageKey: 'invalidPercent' };
  return value < 0 || value > billingLimits.maxPercentBasisPoints
    ? { field, messageKey: 'percentOutOfRange', params: { min: 0, max: billingLimits.maxPercentBasisPoints / 100 } }
    : null;
}

export function validateBillingSettings(s: ClearingFeeSettings): RuleResult {
  return (
    amount('fixedAgorot', s.fixedAgorot) ??
    percent('percentBasisPoints', s.percentBasisPoints) ??
    amount('foreignCardFixedAgorot', s.foreignCardFixedAgorot) ??
    percent('dinersAmexPercentBasisPoints', s.dinersAmexPercentBasisPoints) ??
    ((vatModes as readonly string[]).includes(s.vat) ? null : { field: 'vat', messageKey: 'invalidChoice' })
  );
}

/** What the form holds: NIS amounts and percents as typed (so nothing typed is lost on an error). */
export type BillingSettingsDraft = {
  cardPayments: boolean;
  refuseRoomsWithDebt: boolean;
  receiptIssuer?: ReceiptIssuerKind;
  fixedAgorot: string;
  percentBasisPoints: string;
  vat: ClearingFeeSettings['vat'];
  foreignCardFixedAgorot: string;
  dinersAmexPercentBasisPoints: string;
};

const DECIMAL = /^\d+(?:[.,]\d{1,2})?$/;

/** A typed NIS amount (up to 2 decimals, a comma allowed) in agorot, or null when it is not one. */
export function agorotOfText(text: string): number | null {
  const t = text.trim();
  return DECIMAL.test(t) ? agorotOf(Number(t.replace(',', '.'))) : null;
}

/** A typed percent (up to 2 decimals: 1.25 % is 125 basis points), or null when it is not one. */
export function basisPointsOfText(text: string): number | null {
  const t = text.trim();
  // Same arithmetic as agorot: hundredths of a unit, rounded exactly.
  return DECIMAL.test(t) ? agorotOf(Number(t.replace(',', '.'))) : null;
}

type Read = { value: number; failure: null } | { value: null; failure: NonNullable<RuleResult> };

function read(field: AmountField | PercentField, text: string): Read {
  const isAmount = (amountFields as readonly string[]).includes(field);
  if (isBlank(text)) return { value: null, failure: { field, messageKey: 'requiredField' } };
  const value = isAmount ? agorotOfText(text) : basisPointsOfText(text);
  return value === null ? { value: null, failure: { field, messageKey: isAmount ? 'invalidAmount' : 'invalidPercent' } } : { value, failure: null };
}

/** The settings the draft stands for, or the first field refused (unreadable or out of bounds). */
export function settingsOfDraft(
  draft: BillingSettingsDraft,
): { settings: BuildingBillingSettings; failure: null } | { settings: null; failure: NonNullable<RuleResult> } {
  const fixed = read('fixedAgorot', draft.fixedAgorot);
  const pct = read('percentBasisPoints', draft.percentBasisPoints);
  const foreign = read('foreignCardFixedAgorot', draft.foreignCardFixedAgorot);
  const premium = read('dinersAmexPercentBasisPoints', draft.dinersAmexPercentBasisPoints);
  const unread = fixed.failure ?? pct.failure ?? foreign.failure ?? premium.failure;
  if (unread) return { settings: null, failure: unread };
  const settings: BuildingBillingSettings = {
    cardPayments: draft.cardPayments,
    refuseRoomsWithDebt: draft.refuseRoomsWithDebt,
    ...(draft.receiptIssuer ? { receiptIssuer: draft.receiptIssuer } : {}),
    fixedAgorot: fixed.value ?? 0,
    percentBasisPoints: pct.value ?? 0,
    vat: draft.vat,
    foreignCardFixedAgorot: foreign.value ?? 0,
    dinersAmexPercentBasisPoints: premium.value ?? 0,
  };
  const failure = validateBillingSettings(settings);
  return failure ? { settings: null, failure } : { settings, failure: null };
}

/** The draft of stored settings: amounts in NIS and percents as plain numbers (150 agorot → "1.5"). */
export function draftOfSettings(s: BuildingBillingSettings): BillingSettingsDraft {
  const text = (hundredths: number) => String(hundredths / 100);
  return {
    cardPayments: s.cardPayments,
    refuseRoomsWithDebt: s.refuseRoomsWithDebt,
    receiptIssuer: s.receiptIssuer ?? 'company',
    fixedAgorot: text(s.fixedAgorot),
    percentBasisPoints: text(s.percentBasisPoints),
    vat: s.vat,
    foreignCardFixedAgorot: text(s.foreignCardFixedAgorot),
    dinersAmexPercentBasisPoints: text(s.dinersAmexPercentBasisPoints),
  };
}

/** A legal hold's reason (spec 8 "unit in legal proceedings"): required, at most this long. */
export const holdReasonMax = 500;

export function validateHoldReason(reason: string | null | undefined): RuleResult {
  if (isBlank(reason)) return { field: 'reason', messageKey: 'requiredField' };
  return (reason ?? '').trim().length > holdReasonMax ? { field: 'reason', messageKey: 'textTooLong', params: { max: holdReasonMax } } : null;
}
