// The check-payment machine's vocabulary: its actors (provided by the app or a test), and every rule
// of the flow as one named guard or action (spec 4). The states are in checkPaymentMachine.ts.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import { isApiError } from '../../api/errors';
import type { Check, Debt } from '../../lib/domain/entities';
import { checkStatusNew, numbersOfPayments, totalsMatch, validateDepositCode } from '../../lib/domain/checkRules';
import { toLocalDateString } from '../../lib/dates';
import type { CompressedPhoto } from '../../sync/write/photos';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { groupOf } from './checkPaymentModel';
import { isUploadWaitError } from './uploadWait';
import type {
  CaptureTarget,
  CheckPaymentContext,
  CheckPaymentEvent,
  CheckPaymentInput,
  ConfirmDepositInput,
  DepositInput,
  NavigateEvent,
  NewPaymentInput,
  PayerData,
  PaymentGroup,
  RouteStep,
  SaveImageInput,
  SaveNewCheckInput,
  SubmitInput,
  UpdateCheckInput,
} from './checkPaymentModel';
import type { CheckDetails } from './checksRepo';

function missing(name: string): never {
  throw new Error(`checkPaymentMachine: provide the ${name} actor`);
}

export const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;
export const fillStep = (groupGuid: string): RouteStep => ({ name: 'ChecksFill', groupGuid });
export const newCheckTarget = (groupGuid: string): CaptureTarget => ({ groupGuid, checkGuid: null, side: 'front' });
export const captureStep = (t: CaptureTarget): RouteStep => ({ name: 'CheckCapture', ...t });
const sameTarget = (a: CaptureTarget | null, b: CaptureTarget) => a !== null && a.groupGuid === b.groupGuid && a.checkGuid === b.checkGuid && a.side === b.side;

/** In the states of the fill screen, its route event for the same group changes nothing. */
export const stayOnGroup = {
  'route.fill': { guard: { type: 'onGroupAlready', params: ({ event }: { event: { groupGuid: string } }) => event.groupGuid } },
} as const;

/** The deposit screen mounting again for the payment the flow is on changes nothing. */
export const stayOnDeposit = {
  'route.deposit': { guard: { type: 'onGroupAlready', params: ({ event }: { event: { groupGuid: string } }) => event.groupGuid } },
} as const;

function withGroup(groups: PaymentGroup[], guid: string | null, change: (g: PaymentGroup) => PaymentGroup): PaymentGroup[] {
  return groups.map((g) => (g.ChecksHeaderGuid === guid ? change(g) : g));
}

export const checkPaymentSetup = setup({
  types: {} as { context: CheckPaymentContext; events: CheckPaymentEvent; input: CheckPaymentInput | undefined; emitted: NavigateEvent },
  actors: {
    loadPayer: fromPromise<PayerData, { contactGuid: string }>(async () => missing('loadPayer')),
    loadFillList: fromPromise<PaymentGroup[], { contactGuid: string | null }>(async () => missing('loadFillList')),
    startPayment: fromPromise<PaymentGroup, NewPaymentInput>(async () => missing('startPayment')),
    cancelPayments: fromPromise<void, { groupGuids: string[] }>(async () => missing('cancelPayments')),
    compressPhoto: fromPromise<CompressedPhoto, { file: Blob }>(async () => missing('compressPhoto')),
    saveNewCheck: fromPromise<void, SaveNewCheckInput>(async () => missing('saveNewCheck')),
    saveCheckImage: fromPromise<Check, SaveImageInput>(async () => missing('saveCheckImage')),
    updateCheck: fromPromise<Check, UpdateCheckInput>(async () => missing('updateCheck')),
    deleteCheck: fromPromise<void, { checkGuid: string }>(async () => missing('deleteCheck')),
    submitGroup: fromPromise<void, SubmitInput>(async () => missing('submitGroup')),
    waitForSync: fromPromise<void, DepositInput>(async () => missing('waitForSync')),
    loadSentGroup: fromPromise<PaymentGroup | null, DepositInput>(async () => missing('loadSentGroup')),
    startDeposit: fromPromise<void, DepositInput>(async () => missing('startDeposit')),
    confirmDeposit: fromPromise<void, ConfirmDepositInput>(async () => missing('confirmDeposit')),
  },
  guards: {
    hasPayer: ({ context }) => context.payer !== null,
    hasIncompletePayment: ({ context }) => context.groups.length > 0,
    noDebtsChosen: ({ context }) => context.chosenDebtIds.length === 0,
    severalGroupsToFill: ({ context }) => context.groups.length > 1,
    oneEmptyGroupToFill: ({ context }) => context.groups.length === 1 && context.groups[0]?.checks.length === 0,
    oneGroupToFill: ({ context }) => context.groups.length === 1,
    chosenGroupIsEmpty: ({ context }, guid: string) => groupOf(context, guid)?.checks.length === 0,
    listHasGroup: ({ context }, groups: PaymentGroup[]) => groups.some((g) => g.ChecksHeaderGuid === context.groupGuid),
    groupHasNoChecks: ({ context }) => (groupOf(context, context.groupGuid)?.checks.length ?? 0) === 0,
    /** The checks' total differs from the chosen debts' total (compared in agorot). */
    totalsDiffer: ({ context }) => {
      const group = groupOf(context, context.groupGuid);
      return group !== undefined && !totalsMatch(group.checks, group.Amount);
    },
    onGroupAlready: ({ context }, guid: string) => context.groupGuid === guid || context.sentGroupGuid === guid,
    capturingAlready: ({ context }, target: CaptureTarget) => sameTarget(context.capture, target),
    capturingNewCheck: ({ context }) => context.capture?.checkGuid === null,
    depositAllowed: ({ context }) => context.showChecksDeposit,
    sentGroupFound: (_, group: PaymentGroup | null) => group !== null,
    uploadsOffline: (_, error: unknown) => isUploadWaitError(error, 'offline'),
    isOffline: ({ context }) => !context.online,
    depositCodeMalformed: (_, code: string) => validateDepositCode(code) !== null,
    tooManyRequests: (_, error: unknown) => isApiError(error) && (error.status === 429 || error.messageKey === 'errors:tooManyRequests'),
    invalidCode: (_, error: unknown) => isApiError(error) && error.messageKey === 'errors:invalidCode',
  },
  actions: {
    setOnline: assign({ online: (_, online: boolean) => online }),
    setShowDeposit: assign({ showChecksDeposit: (_, show: boolean) => show }),
    setError: assign({ errorKey: (_, key: string) => key, errorParams: null }),
    setErrorFrom: assign({
      errorKey: (_, p: { error: unknown; fallback: string }) => errorKeyOf(p.error, p.fallback),
      errorParams: (_, p: { error: unknown; fallback: string }) => ruleFailureOf(p.error)?.params ?? null,
    }),
    clearError: assign({ errorKey: null, errorParams: null }),
    /** The wait for the payment's uploads ended: why, with how many of its check photos were sent. */
    setUploadError: assign({
      errorKey: (_, error: unknown) => {
        if (!isUploadWaitError(error)) return errorKeyOf(error, 'errors:errorInDepositConfirmation');
        if (error.reason === 'refused') return error.uploads.refusedKey?.startsWith('errors:') ? error.uploads.refusedKey : 'errors:errorInDepositConfirmation';
        return error.reason === 'offline' ? 'checks:deposit.uploadsOffline' : 'checks:deposit.uploadsStalled';
      },
      errorParams: (_, error: unknown) => (isUploadWaitError(error) ? { sent: error.uploads.photosSent, total: error.uploads.photosTotal } : null),
    }),
    setNotice: assign({ noticeKey: (_, key: string) => key }),
    clearNotice: assign({ noticeKey: null }),
    setPayer: assign({ payer: (_, payer: CheckPaymentContext['payer']) => payer, debts: [], chosenDebtIds: [], groups: [] }),
    assignDebts: assign({ debts: (_, debts: Debt[]) => debts, chosenDebtIds: [] }),
    toggleDebt: assign({
      chosenDebtIds: ({ context }, id: string) =>
        context.chosenDebtIds.includes(id) ? context.chosenDebtIds.filter((d) => d !== id) : [...context.chosenDebtIds, id],
    }),
    /** Loading the fill list replaces the whole list. */
    assignFillList: assign({ groups: (_, groups: PaymentGroup[]) => groups }),
    addGroup: assign({ groups: ({ context }, group: PaymentGroup) => [...context.groups, group] }),
    selectGroup: assign({ groupGuid: (_, guid: string | null) => guid, sentGroupGuid: null }),
    selectOnlyGroup: assign({ groupGuid: ({ context }) => context.groups[0]?.ChecksHeaderGuid ?? null, sentGroupGuid: null }),
    /** Cancelled payments leave the list: they cannot be continued. */
    clearFillList: assign({ groups: [], groupGuid: null }),
    setCapture: assign({ capture: (_, target: CaptureTarget | null) => target, photo: null, draft: null }),
    setPhoto: assign({ photo: (_, photo: CompressedPhoto | null) => photo }),
    /** A new check starts with CheckStatus 1. */
    buildNewCheck: assign({
      draft: ({ context }, details: CheckDetails): Check | null => {
        if (!context.capture) return null;
        return {
          CheckGuid: crypto.randomUUID(),
          TransactionNumber: null,
          checksHeaderID: groupOf(context, context.capture.groupGuid)?.ID ?? null,
          ChecksHeaderGuid: context.capture.groupGuid,
          CheckStatus: checkStatusNew,
          Amount: details.Amount,
          DepositDate: details.DepositDate || toLocalDateString(new Date()),
          ApprovedByUserId: null,
          ApprovalDate: null,
          SentToDeposit: false,
          LastStatusChange: new Date().toISOString(),
          LastStatusChangeByUserID: null,
          redirect: null,
          BankNumber: details.BankNumber,
          BranchNumber: details.BranchNumber,
          AccountNumber: details.AccountNumber,
          CheckNumber: details.CheckNumber,
          FrontImageId: null,
          BackImageId: null,
          version: 0,
        };
      },
    }),
    appendDraft: assign({
      groups: ({ context }) => {
        const draft = context.draft;
        return draft ? withGroup(context.groups, draft.ChecksHeaderGuid, (g) => ({ ...g, checks: [...g.checks, draft] })) : context.groups;
      },
      capture: ({ context }) =>
        context.draft ? { groupGuid: context.draft.ChecksHeaderGuid, checkGuid: context.draft.CheckGuid, side: 'back' as const } : context.capture,
      photo: null,
    }),
    replaceCheck: assign({
      groups: ({ context }, check: Check) =>
        withGroup(context.groups, check.ChecksHeaderGuid, (g) => ({ ...g, checks: g.checks.map((c) => (c.CheckGuid === check.CheckGuid ? check : c)) })),
    }),
    selectCheck: assign({ checkGuid: (_, guid: string | null) => guid }),
    /** Deleting a check removes it from its group. */
    removeCheck: assign({
      groups: ({ context }) =>
        withGroup(context.groups, context.groupGuid, (g) => ({ ...g, checks: g.checks.filter((c) => c.CheckGuid !== context.checkGuid) })),
      checkGuid: null,
    }),
    /** NumbersOfPayments follows the number of checks. */
    syncNumbersOfPayments: assign({
      groups: ({ context }) => context.groups.map((g) => ({ ...g, NumbersOfPayments: numbersOfPayments(g.checks) })),
    }),
    setSendAnyway: assign({ sendAnyway: (_, value: boolean) => value }),
    /** A sent payment whose deposit is confirmed later (from the list of those waiting). */
    setSentGroup: assign({ sentGroupGuid: (_, guid: string) => guid, groupGuid: null, noticeKey: null }),
    /** A submitted group is removed from the local list. */
    removeSubmittedGroup: assign({
      groups: ({ context }) => context.groups.filter((g) => g.ChecksHeaderGuid !== context.groupGuid),
      sentGroupGuid: ({ context }) => context.groupGuid,
      groupGuid: null,
    }),
    navigate: emit((_, params: { steps: RouteStep[]; mode?: 'push' | 'back' }): NavigateEvent => ({
      type: 'navigate',
      steps: params.steps,
      mode: params.mode ?? 'push',
    })),
  },
});
