// Types of the check-payment machine: its context, events, the actors' contracts and the navigation
// it asks the screens for. Pure data; the rules live in the machine's guards and actions.
import type { Check, CheckGroup, Debt } from '../../lib/domain/entities';
import { fromAgorot, sumAgorot, toAgorot } from '../../lib/domain/checkRules';
import type { CompressedPhoto } from '../../sync/write/photos';
import type { CheckDetails, CheckSide } from './checksRepo';

/** A group with its checks (the repository's FillGroup is one). */
export type PaymentGroup = Omit<CheckGroup, 'checks'> & { checks: Check[] };

export type Payer = { contactGuid: string; buildingId: number; apartmentId: string | null };

export type CaptureTarget = { groupGuid: string; checkGuid: string | null; side: CheckSide };

/** The scan flow's route names (spec 2: ChecksPage, ChecksFill, CheckCapture) plus the index. */
export type RouteStep =
  | { name: 'ChecksIndex' }
  | { name: 'ChecksPage' }
  | { name: 'ChecksFill'; groupGuid: string }
  | { name: 'CheckCapture'; groupGuid: string; checkGuid: string | null; side: CheckSide };

/** Emitted for the screens: push `steps` in order, or go back to the first one (`back`). */
export type NavigateEvent = { type: 'navigate'; steps: RouteStep[]; mode: 'push' | 'back' };

export type CheckPaymentContext = {
  showChecksDeposit: boolean;
  online: boolean;
  payer: Payer | null;
  debts: Debt[];
  chosenDebtIds: string[];
  /** The fill list: loaded as a whole, then kept in step with every change of the flow. */
  groups: PaymentGroup[];
  groupGuid: string | null;
  /** The group just sent (it has left the fill list; the deposit step still needs it). */
  sentGroupGuid: string | null;
  sendAnyway: boolean;
  capture: CaptureTarget | null;
  /** The compressed photo shown in the preview, waiting for accept or retake. */
  photo: CompressedPhoto | null;
  /** A new check built from the preview, being saved. */
  draft: Check | null;
  /** The check being edited or cancelled. */
  checkGuid: string | null;
  errorKey: string | null;
  /** Values of the error's placeholders (the size limit of errors:fileTooLarge). */
  errorParams: Record<string, string | number> | null;
  noticeKey: string | null;
};

export type CheckPaymentInput = { showChecksDeposit?: boolean; online?: boolean };

export type CheckPaymentEvent =
  | { type: 'route.index' }
  | { type: 'route.groups' }
  | { type: 'route.fill'; groupGuid: string }
  | { type: 'route.capture'; target: CaptureTarget }
  /** The deposit of a sent payment, confirmed later (after "Not now", a reload, a closed app). */
  | { type: 'route.deposit'; groupGuid: string }
  | { type: 'connection.change'; online: boolean }
  | { type: 'permissions.change'; showChecksDeposit: boolean }
  | { type: 'error.dismiss' }
  | { type: 'notice.dismiss' }
  | { type: 'payer.select'; payer: Payer }
  | { type: 'payer.clear' }
  | { type: 'debts.toggle'; debtId: string }
  | { type: 'debts.confirm' }
  | { type: 'payment.continue' }
  | { type: 'payment.new' }
  | { type: 'payments.cancelAll' }
  | { type: 'cancelAll.confirm' }
  | { type: 'cancelAll.dismiss' }
  | { type: 'group.open'; groupGuid: string }
  | { type: 'check.capture'; checkGuid: string | null; side: CheckSide }
  | { type: 'check.edit'; checkGuid: string }
  | { type: 'check.delete'; checkGuid: string }
  | { type: 'edit.save'; details: Partial<CheckDetails> }
  | { type: 'edit.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.dismiss' }
  | { type: 'photo.chosen'; file: Blob }
  | { type: 'photo.retake' }
  | { type: 'photo.accept'; details: CheckDetails }
  | { type: 'capture.cancel' }
  | { type: 'back.capture' }
  | { type: 'back.skip' }
  | { type: 'fill.review' }
  | { type: 'review.back' }
  | { type: 'review.send' }
  | { type: 'review.sendAnyway' }
  | { type: 'deposit.start' }
  | { type: 'deposit.submit'; code: string }
  | { type: 'deposit.resend' }
  | { type: 'deposit.skip' }
  | { type: 'flow.finish' };

export type PayerData = { debts: Debt[]; groups: PaymentGroup[] };
export type NewPaymentInput = { payer: Payer; debts: Debt[] };
export type SaveNewCheckInput = { check: Check | null; front: CompressedPhoto | null };
export type SaveImageInput = { checkGuid: string; side: CheckSide; photo: CompressedPhoto | null };
export type UpdateCheckInput = { checkGuid: string; details: Partial<CheckDetails> };
export type SubmitInput = { groupGuid: string; sendAnyway: boolean };
export type DepositInput = { groupGuid: string };
export type ConfirmDepositInput = { groupGuid: string; code: string };

/** What is left to cover of the group's debts (the amount a new check suggests), in NIS. */
export function remainingAmount(group: Pick<PaymentGroup, 'Amount' | 'checks'> | undefined): number {
  if (!group) return 0;
  return Math.max(0, fromAgorot(toAgorot(group.Amount) - sumAgorot(group.checks.map((c) => c.Amount))));
}

export function groupOf(context: Pick<CheckPaymentContext, 'groups'>, guid: string | null): PaymentGroup | undefined {
  return guid ? context.groups.find((g) => g.ChecksHeaderGuid === guid) : undefined;
}
