// The check payment (spec 2, 4): choose debts → photograph checks → edit or cancel each → review →
// send → (deposit confirmation). Every rule of the flow is one named guard or action below; the
// screens render the state, send events and follow the emitted `navigate` steps.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { ErrorActorEvent } from 'xstate';
import { isApiError } from '../../api/errors';
import type { Check, Debt } from '../../lib/domain/entities';
import { checkStatusNew, fromAgorot, numbersOfPayments, sumAgorot, totalsMatch, validateDepositCode } from '../../lib/domain/checkRules';
import { toLocalDateString } from '../../lib/dates';
import type { CompressedPhoto } from '../../sync/photos';
import { errorKeyOf } from './checkErrors';
import { groupOf } from './checkPaymentModel';
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

const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error;
const fillStep = (groupGuid: string): RouteStep => ({ name: 'ChecksFill', groupGuid });
const newCheckTarget = (groupGuid: string): CaptureTarget => ({ groupGuid, checkGuid: null, side: 'front' });
const captureStep = (t: CaptureTarget): RouteStep => ({ name: 'CheckCapture', ...t });
const sameTarget = (a: CaptureTarget | null, b: CaptureTarget) => a !== null && a.groupGuid === b.groupGuid && a.checkGuid === b.checkGuid && a.side === b.side;

/** In the states of the fill screen, its route event for the same group changes nothing. */
const stayOnGroup = { 'route.fill': { guard: { type: 'onGroupAlready', params: ({ event }: { event: { groupGuid: string } }) => event.groupGuid } } } as const;

function withGroup(groups: PaymentGroup[], guid: string | null, change: (g: PaymentGroup) => PaymentGroup): PaymentGroup[] {
  return groups.map((g) => (g.ChecksHeaderGuid === guid ? change(g) : g));
}

export const checkPaymentMachine = setup({
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
    groupKnown: ({ context }) => groupOf(context, context.groupGuid) !== undefined,
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
    isOffline: ({ context }) => !context.online,
    depositCodeMalformed: (_, code: string) => validateDepositCode(code) !== null,
    tooManyRequests: (_, error: unknown) => isApiError(error) && (error.status === 429 || error.messageKey === 'errors:tooManyRequests'),
    invalidCode: (_, error: unknown) => isApiError(error) && error.messageKey === 'errors:invalidCode',
  },
  actions: {
    setOnline: assign({ online: (_, online: boolean) => online }),
    setShowDeposit: assign({ showChecksDeposit: (_, show: boolean) => show }),
    setError: assign({ errorKey: (_, key: string) => key }),
    setErrorFrom: assign({ errorKey: (_, p: { error: unknown; fallback: string }) => errorKeyOf(p.error, p.fallback) }),
    clearError: assign({ errorKey: null }),
    setNotice: assign({ noticeKey: (_, key: string) => key }),
    clearNotice: assign({ noticeKey: null }),
    setPayer: assign({ payer: (_, payer: CheckPaymentContext['payer']) => payer, debts: [], chosenDebtIds: [], groups: [] }),
    assignDebts: assign({ debts: (_, debts: Debt[]) => debts, chosenDebtIds: [] }),
    toggleDebt: assign({
      chosenDebtIds: ({ context }, id: string) => (context.chosenDebtIds.includes(id) ? context.chosenDebtIds.filter((d) => d !== id) : [...context.chosenDebtIds, id]),
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
      capture: ({ context }) => (context.draft ? { groupGuid: context.draft.ChecksHeaderGuid, checkGuid: context.draft.CheckGuid, side: 'back' as const } : context.capture),
      photo: null,
    }),
    replaceCheck: assign({
      groups: ({ context }, check: Check) =>
        withGroup(context.groups, check.ChecksHeaderGuid, (g) => ({ ...g, checks: g.checks.map((c) => (c.CheckGuid === check.CheckGuid ? check : c)) })),
    }),
    selectCheck: assign({ checkGuid: (_, guid: string | null) => guid }),
    /** Deleting a check removes it from its group. */
    removeCheck: assign({
      groups: ({ context }) => withGroup(context.groups, context.groupGuid, (g) => ({ ...g, checks: g.checks.filter((c) => c.CheckGuid !== context.checkGuid) })),
      checkGuid: null,
    }),
    /** NumbersOfPayments follows the number of checks. */
    syncNumbersOfPayments: assign({
      groups: ({ context }) => context.groups.map((g) => ({ ...g, NumbersOfPayments: numbersOfPayments(g.checks) })),
    }),
    setSendAnyway: assign({ sendAnyway: (_, value: boolean) => value }),
    /** A submitted group is removed from the local list. */
    removeSubmittedGroup: assign({
      groups: ({ context }) => context.groups.filter((g) => g.ChecksHeaderGuid !== context.groupGuid),
      sentGroupGuid: ({ context }) => context.groupGuid,
      groupGuid: null,
    }),
    navigate: emit((_, params: { steps: RouteStep[]; mode?: 'push' | 'back' }): NavigateEvent => ({ type: 'navigate', steps: params.steps, mode: params.mode ?? 'push' })),
  },
}).createMachine({
  id: 'checkPayment',
  context: ({ input }) => ({
    showChecksDeposit: input?.showChecksDeposit ?? false,
    online: input?.online ?? true,
    payer: null,
    debts: [],
    chosenDebtIds: [],
    groups: [],
    groupGuid: null,
    sentGroupGuid: null,
    sendAnyway: false,
    capture: null,
    photo: null,
    draft: null,
    checkGuid: null,
    errorKey: null,
    noticeKey: null,
  }),
  initial: 'index',
  on: {
    'route.index': { target: '.index', actions: 'clearError' },
    'route.groups': { target: '.loadingGroups', actions: 'clearError' },
    'route.fill': { target: '.loadingFill', actions: [{ type: 'selectGroup', params: ({ event }) => event.groupGuid }, 'clearError'] },
    'route.capture': {
      target: '.loadingCapture',
      actions: [{ type: 'selectGroup', params: ({ event }) => event.target.groupGuid }, { type: 'setCapture', params: ({ event }) => event.target }, 'clearError'],
    },
    'connection.change': { actions: { type: 'setOnline', params: ({ event }) => event.online } },
    'permissions.change': { actions: { type: 'setShowDeposit', params: ({ event }) => event.showChecksDeposit } },
    'error.dismiss': { actions: 'clearError' },
    'notice.dismiss': { actions: 'clearNotice' },
  },
  states: {
    index: {
      initial: 'entering',
      on: {
        'payer.select': { target: '.loadingPayer', actions: [{ type: 'setPayer', params: ({ event }) => event.payer }, 'clearError'] },
        'payer.clear': { target: '.noPayer', actions: { type: 'setPayer', params: null } },
      },
      states: {
        entering: { always: [{ guard: 'hasPayer', target: 'loadingPayer' }, { target: 'noPayer' }] },
        noPayer: {},
        loadingPayer: {
          invoke: {
            src: 'loadPayer',
            input: ({ context }) => ({ contactGuid: context.payer?.contactGuid ?? '' }),
            onDone: {
              target: 'deciding',
              actions: [{ type: 'assignDebts', params: ({ event }) => event.output.debts }, { type: 'assignFillList', params: ({ event }) => event.output.groups }],
            },
            onError: { target: 'choosing', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:anErrorOccurred' }) } },
          },
        },
        deciding: { always: [{ guard: 'hasIncompletePayment', target: 'incomplete' }, { target: 'choosing' }] },
        incomplete: {
          on: {
            'payment.continue': { target: '#checkPayment.routing' },
            'payment.new': { target: 'choosing' },
            'payments.cancelAll': { target: 'confirmingCancel' },
          },
        },
        choosing: {
          on: {
            'debts.toggle': { actions: [{ type: 'toggleDebt', params: ({ event }) => event.debtId }, 'clearError'] },
            'debts.confirm': [
              { guard: 'noDebtsChosen', actions: { type: 'setError', params: 'errors:missingDetailsToContinue' } },
              { target: '#checkPayment.startingPayment', actions: 'clearError' },
            ],
            'payment.continue': { guard: 'hasIncompletePayment', target: '#checkPayment.routing' },
            'payments.cancelAll': { guard: 'hasIncompletePayment', target: 'confirmingCancel' },
          },
        },
        confirmingCancel: {
          on: { 'cancelAll.confirm': { target: 'cancelling' }, 'cancelAll.dismiss': { target: 'deciding' } },
        },
        cancelling: {
          invoke: {
            src: 'cancelPayments',
            input: ({ context }) => ({ groupGuids: context.groups.map((g) => g.ChecksHeaderGuid) }),
            onDone: { target: 'choosing', actions: ['clearFillList', { type: 'setNotice', params: 'checks:index.cancelled' }] },
            onError: { target: 'incomplete', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotRemoveCheck' }) } },
          },
        },
      },
    },
    startingPayment: {
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({
          payer: context.payer ?? { contactGuid: '', buildingId: 0, apartmentId: null },
          debts: context.debts.filter((d) => context.chosenDebtIds.includes(d.id)),
        }),
        onDone: {
          target: 'capturing',
          actions: [
            { type: 'addGroup', params: ({ event }) => event.output },
            { type: 'selectGroup', params: ({ event }) => event.output.ChecksHeaderGuid },
            { type: 'setCapture', params: ({ event }) => newCheckTarget(event.output.ChecksHeaderGuid) },
            { type: 'navigate', params: ({ event }) => ({ steps: [fillStep(event.output.ChecksHeaderGuid), captureStep(newCheckTarget(event.output.ChecksHeaderGuid))] }) },
          ],
        },
        onError: { target: 'index.choosing', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:anErrorOccurred' }) } },
      },
    },
    /** Route order: several groups → ChecksPage first; one group → ChecksFill (then CheckCapture when it has no check yet). */
    routing: {
      always: [
        { guard: 'severalGroupsToFill', target: 'groups', actions: { type: 'navigate', params: { steps: [{ name: 'ChecksPage' }] } } },
        {
          guard: 'oneEmptyGroupToFill',
          target: 'capturing',
          actions: [
            'selectOnlyGroup',
            { type: 'setCapture', params: ({ context }) => newCheckTarget(context.groups[0]?.ChecksHeaderGuid ?? '') },
            { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groups[0]?.ChecksHeaderGuid ?? ''), captureStep(newCheckTarget(context.groups[0]?.ChecksHeaderGuid ?? ''))] }) },
          ],
        },
        { guard: 'oneGroupToFill', target: 'filling', actions: ['selectOnlyGroup', { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groups[0]?.ChecksHeaderGuid ?? '')] }) }] },
        { target: 'index', actions: { type: 'navigate', params: { steps: [{ name: 'ChecksIndex' }] } } },
      ],
    },
    loadingGroups: {
      invoke: {
        src: 'loadFillList',
        input: ({ context }) => ({ contactGuid: context.payer?.contactGuid ?? null }),
        onDone: { target: 'groups', actions: { type: 'assignFillList', params: ({ event }) => event.output } },
        onError: { target: 'groups', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotLoadCheck' }) } },
      },
    },
    groups: {
      on: {
        'group.open': [
          {
            guard: { type: 'chosenGroupIsEmpty', params: ({ event }) => event.groupGuid },
            target: 'capturing',
            actions: [
              { type: 'selectGroup', params: ({ event }) => event.groupGuid },
              { type: 'setCapture', params: ({ event }) => newCheckTarget(event.groupGuid) },
              { type: 'navigate', params: ({ event }) => ({ steps: [fillStep(event.groupGuid), captureStep(newCheckTarget(event.groupGuid))] }) },
            ],
          },
          {
            target: 'filling',
            actions: [{ type: 'selectGroup', params: ({ event }) => event.groupGuid }, { type: 'navigate', params: ({ event }) => ({ steps: [fillStep(event.groupGuid)] }) }],
          },
        ],
      },
    },
    loadingFill: {
      invoke: {
        src: 'loadFillList',
        input: () => ({ contactGuid: null }),
        onDone: [
          { guard: 'groupKnown', target: 'filling', actions: { type: 'assignFillList', params: ({ event }) => event.output } },
          { target: 'notFound', actions: [{ type: 'assignFillList', params: ({ event }) => event.output }, { type: 'setError', params: 'errors:couldNotLoadCheck' }] },
        ],
        onError: { target: 'notFound', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotLoadCheck' }) } },
      },
    },
    loadingCapture: {
      invoke: {
        src: 'loadFillList',
        input: () => ({ contactGuid: null }),
        onDone: [
          { guard: 'groupKnown', target: 'capturing', actions: { type: 'assignFillList', params: ({ event }) => event.output } },
          { target: 'notFound', actions: [{ type: 'assignFillList', params: ({ event }) => event.output }, { type: 'setError', params: 'errors:couldNotLoadCheck' }] },
        ],
        onError: { target: 'notFound', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotLoadCheck' }) } },
      },
    },
    notFound: {},
    filling: {
      initial: 'idle',
      on: {
        ...stayOnGroup,
        'check.capture': {
          target: 'capturing',
          actions: [
            { type: 'setCapture', params: ({ context, event }) => ({ groupGuid: context.groupGuid ?? '', checkGuid: event.checkGuid, side: event.side }) },
            { type: 'navigate', params: ({ context, event }) => ({ steps: [captureStep({ groupGuid: context.groupGuid ?? '', checkGuid: event.checkGuid, side: event.side })] }) },
          ],
        },
        'check.edit': { target: '.editing', actions: [{ type: 'selectCheck', params: ({ event }) => event.checkGuid }, 'clearError'] },
        'check.delete': { target: '.confirmingDelete', actions: [{ type: 'selectCheck', params: ({ event }) => event.checkGuid }, 'clearError'] },
        'fill.review': [
          { guard: 'groupHasNoChecks', actions: { type: 'setError', params: 'errors:missingDetailsToContinue' } },
          { target: 'review', actions: 'clearError' },
        ],
      },
      states: {
        idle: {},
        editing: {
          on: { 'edit.save': { target: 'savingEdit' }, 'edit.cancel': { target: 'idle', actions: { type: 'selectCheck', params: null } } },
        },
        savingEdit: {
          invoke: {
            src: 'updateCheck',
            input: ({ context, event }) => ({ checkGuid: context.checkGuid ?? '', details: event.type === 'edit.save' ? event.details : {} }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'replaceCheck', params: ({ event }) => event.output }, { type: 'selectCheck', params: null }, { type: 'setNotice', params: 'checks:fill.saved' }],
            },
            onError: { target: 'editing', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotUpdateCheck' }) } },
          },
        },
        confirmingDelete: {
          on: { 'delete.confirm': { target: 'deleting' }, 'delete.dismiss': { target: 'idle', actions: { type: 'selectCheck', params: null } } },
        },
        deleting: {
          invoke: {
            src: 'deleteCheck',
            input: ({ context }) => ({ checkGuid: context.checkGuid ?? '' }),
            onDone: { target: 'idle', actions: ['removeCheck', 'syncNumbersOfPayments', { type: 'setNotice', params: 'checks:fill.removed' }] },
            onError: { target: 'idle', actions: [{ type: 'selectCheck', params: null }, { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotRemoveCheck' }) }] },
          },
        },
      },
    },
    capturing: {
      initial: 'choosing',
      on: {
        // The capture screen mounting for the photo already being taken.
        'route.capture': { guard: { type: 'capturingAlready', params: ({ event }) => event.target } },
        'capture.cancel': {
          target: 'filling',
          actions: [{ type: 'setCapture', params: null }, { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groupGuid ?? '')], mode: 'back' as const }) }],
        },
      },
      states: {
        choosing: { on: { 'photo.chosen': { target: 'compressing', actions: 'clearError' } } },
        compressing: {
          invoke: {
            src: 'compressPhoto',
            input: ({ event }) => ({ file: event.type === 'photo.chosen' ? event.file : new Blob() }),
            onDone: { target: 'preview', actions: { type: 'setPhoto', params: ({ event }) => event.output } },
            onError: { target: 'choosing', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorCapturingCheck' }) } },
          },
        },
        preview: {
          on: {
            'photo.retake': { target: 'choosing', actions: { type: 'setPhoto', params: null } },
            'photo.accept': [
              { guard: 'capturingNewCheck', target: 'savingNew', actions: { type: 'buildNewCheck', params: ({ event }) => event.details } },
              { target: 'savingImage' },
            ],
          },
        },
        savingNew: {
          invoke: {
            src: 'saveNewCheck',
            input: ({ context }) => ({ check: context.draft, front: context.photo }),
            onDone: { target: 'askBack', actions: ['appendDraft', 'syncNumbersOfPayments', { type: 'setNotice', params: 'checks:capture.saved' }] },
            onError: { target: 'preview', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorCapturingCheck' }) } },
          },
        },
        askBack: {
          on: {
            'back.capture': { target: 'choosing' },
            'back.skip': { target: 'done' },
          },
        },
        savingImage: {
          invoke: {
            src: 'saveCheckImage',
            input: ({ context }) => ({ checkGuid: context.capture?.checkGuid ?? '', side: context.capture?.side ?? 'front', photo: context.photo }),
            onDone: { target: 'done', actions: [{ type: 'replaceCheck', params: ({ event }) => event.output }, { type: 'setNotice', params: 'checks:capture.saved' }] },
            onError: { target: 'preview', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorCapturingCheck' }) } },
          },
        },
        done: {
          always: {
            target: '#checkPayment.filling',
            actions: [{ type: 'setCapture', params: null }, { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groupGuid ?? '')], mode: 'back' as const }) }],
          },
        },
      },
    },
    review: {
      initial: 'checking',
      on: stayOnGroup,
      states: {
        checking: { always: [{ guard: 'totalsDiffer', target: 'mismatch' }, { target: 'ready' }] },
        mismatch: {
          on: {
            'review.back': { target: '#checkPayment.filling' },
            'review.sendAnyway': { target: '#checkPayment.sending', actions: { type: 'setSendAnyway', params: true } },
          },
        },
        ready: {
          on: {
            'review.back': { target: '#checkPayment.filling' },
            'review.send': { target: '#checkPayment.sending', actions: { type: 'setSendAnyway', params: false } },
          },
        },
      },
    },
    sending: {
      on: stayOnGroup,
      invoke: {
        src: 'submitGroup',
        input: ({ context }) => ({ groupGuid: context.groupGuid ?? '', sendAnyway: context.sendAnyway }),
        onDone: { target: 'afterSend', actions: ['removeSubmittedGroup', { type: 'setNotice', params: 'checks:review.sent' }] },
        onError: { target: 'review', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:anErrorOccurred' }) } },
      },
    },
    afterSend: { always: [{ guard: 'depositAllowed', target: 'deposit' }, { target: 'sent' }] },
    deposit: {
      initial: 'prompt',
      on: { ...stayOnGroup, 'deposit.skip': { target: 'sent', actions: 'clearError' } },
      states: {
        prompt: {
          on: {
            'deposit.start': [
              { guard: 'isOffline', target: 'offline', actions: { type: 'setError', params: 'checks:deposit.needsConnection' } },
              { target: 'waitingForSync', actions: 'clearError' },
            ],
          },
        },
        offline: {
          on: {
            'deposit.start': [{ guard: 'isOffline', actions: { type: 'setError', params: 'checks:deposit.needsConnection' } }, { target: 'waitingForSync', actions: 'clearError' }],
          },
        },
        waitingForSync: {
          invoke: {
            src: 'waitForSync',
            input: ({ context }) => ({ groupGuid: context.sentGroupGuid ?? '' }),
            onDone: { target: 'starting' },
            onError: { target: 'failed', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorInDepositConfirmation' }) } },
          },
        },
        starting: {
          invoke: {
            src: 'startDeposit',
            input: ({ context }) => ({ groupGuid: context.sentGroupGuid ?? '' }),
            onDone: { target: 'awaitingCode' },
            onError: [
              { guard: { type: 'tooManyRequests', params: ({ event }) => event.error }, target: 'locked', actions: { type: 'setError', params: 'errors:tooManyRequests' } },
              { target: 'failed', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorInDepositConfirmation' }) } },
            ],
          },
        },
        awaitingCode: {
          on: {
            'deposit.submit': [
              { guard: { type: 'depositCodeMalformed', params: ({ event }) => event.code }, actions: { type: 'setError', params: 'errors:invalidCode' } },
              { guard: 'isOffline', target: 'offline', actions: { type: 'setError', params: 'checks:deposit.needsConnection' } },
              { target: 'confirming', actions: 'clearError' },
            ],
            'deposit.resend': { target: 'starting', actions: 'clearError' },
          },
        },
        confirming: {
          invoke: {
            src: 'confirmDeposit',
            input: ({ context, event }) => ({ groupGuid: context.sentGroupGuid ?? '', code: event.type === 'deposit.submit' ? event.code.trim() : '' }),
            onDone: { target: '#checkPayment.sent', actions: { type: 'setNotice', params: 'checks:deposit.confirmed' } },
            onError: [
              { guard: { type: 'tooManyRequests', params: ({ event }) => event.error }, target: 'locked', actions: { type: 'setError', params: 'errors:tooManyRequests' } },
              { guard: { type: 'invalidCode', params: ({ event }) => event.error }, target: 'awaitingCode', actions: { type: 'setError', params: 'errors:invalidCode' } },
              { target: 'awaitingCode', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorInDepositConfirmation' }) } },
            ],
          },
        },
        locked: { on: { 'deposit.resend': { target: 'starting', actions: 'clearError' } } },
        failed: { on: { 'deposit.start': { target: 'prompt', actions: 'clearError' } } },
      },
    },
    sent: {
      on: { ...stayOnGroup, 'flow.finish': { target: 'routing', actions: 'clearNotice' } },
    },
  },
});

/** The chosen debts' total in NIS (what a new group's Amount is). */
export function chosenTotal(context: Pick<CheckPaymentContext, 'debts' | 'chosenDebtIds'>): number {
  return fromAgorot(sumAgorot(context.debts.filter((d) => context.chosenDebtIds.includes(d.id)).map((d) => d.amount)));
}
