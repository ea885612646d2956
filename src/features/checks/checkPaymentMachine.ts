// The check payment (spec 2, 4): choose debts → photograph checks → edit or cancel each → review →
// send → (deposit confirmation). The screens render the state, send events and follow the emitted
// `navigate` steps; the rules are the named guards and actions of checkPaymentSetup.ts.
import { fromAgorot, sumAgorot } from '../../lib/domain/checkRules';
import type { CheckPaymentContext } from './checkPaymentModel';
import { errorOf, fillStep, newCheckTarget, captureStep, checkPaymentSetup, stayOnDeposit, stayOnGroup } from './checkPaymentSetup';
import { captureState, depositStep } from './checkPaymentSteps';

/** A group named in the address (a reload): read the fill list, then `found` when the group is in it. */
function loadingGroup(found: 'filling' | 'capturing') {
  return checkPaymentSetup.createStateConfig({
    invoke: {
      src: 'loadFillList',
      input: () => ({ contactGuid: null }),
      onDone: [
        {
          guard: { type: 'listHasGroup', params: ({ event }) => event.output },
          target: found,
          actions: { type: 'assignFillList', params: ({ event }) => event.output },
        },
        {
          target: 'notFound',
          actions: [
            { type: 'assignFillList', params: ({ event }) => event.output },
            { type: 'setError', params: 'errors:couldNotLoadCheck' },
          ],
        },
      ],
      onError: { target: 'notFound', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotLoadCheck' }) } },
    },
  });
}

export const checkPaymentMachine = checkPaymentSetup.createMachine({
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
    errorParams: null,
    noticeKey: null,
  }),
  initial: 'index',
  on: {
    'route.index': { target: '.index', actions: 'clearError' },
    'route.groups': { target: '.loadingGroups', actions: 'clearError' },
    'route.fill': { target: '.loadingFill', actions: [{ type: 'selectGroup', params: ({ event }) => event.groupGuid }, 'clearError'] },
    'route.capture': {
      target: '.loadingCapture',
      actions: [
        { type: 'selectGroup', params: ({ event }) => event.target.groupGuid },
        { type: 'setCapture', params: ({ event }) => event.target },
        'clearError',
      ],
    },
    'route.deposit': { target: '.loadingDeposit', actions: [{ type: 'setSentGroup', params: ({ event }) => event.groupGuid }, 'clearError'] },
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
              actions: [
                { type: 'assignDebts', params: ({ event }) => event.output.debts },
                { type: 'assignFillList', params: ({ event }) => event.output.groups },
              ],
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
            onError: {
              target: 'incomplete',
              actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotRemoveCheck' }) },
            },
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
            {
              type: 'navigate',
              params: ({ event }) => ({ steps: [fillStep(event.output.ChecksHeaderGuid), captureStep(newCheckTarget(event.output.ChecksHeaderGuid))] }),
            },
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
            {
              type: 'navigate',
              params: ({ context }) => ({
                steps: [fillStep(context.groups[0]?.ChecksHeaderGuid ?? ''), captureStep(newCheckTarget(context.groups[0]?.ChecksHeaderGuid ?? ''))],
              }),
            },
          ],
        },
        {
          guard: 'oneGroupToFill',
          target: 'filling',
          actions: ['selectOnlyGroup', { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groups[0]?.ChecksHeaderGuid ?? '')] }) }],
        },
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
            actions: [
              { type: 'selectGroup', params: ({ event }) => event.groupGuid },
              { type: 'navigate', params: ({ event }) => ({ steps: [fillStep(event.groupGuid)] }) },
            ],
          },
        ],
      },
    },
    loadingFill: loadingGroup('filling'),
    loadingCapture: loadingGroup('capturing'),
    notFound: {},
    loadingDeposit: {
      invoke: {
        src: 'loadSentGroup',
        input: ({ context }) => ({ groupGuid: context.sentGroupGuid ?? '' }),
        onDone: [
          { guard: { type: 'sentGroupFound', params: ({ event }) => event.output }, target: 'deposit' },
          { target: 'notFound', actions: { type: 'setError', params: 'checks:deposits.notWaiting' } },
        ],
        onError: { target: 'notFound', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotLoadCheck' }) } },
      },
    },
    filling: {
      initial: 'idle',
      on: {
        ...stayOnGroup,
        'check.capture': {
          target: 'capturing',
          actions: [
            { type: 'setCapture', params: ({ context, event }) => ({ groupGuid: context.groupGuid ?? '', checkGuid: event.checkGuid, side: event.side }) },
            {
              type: 'navigate',
              params: ({ context, event }) => ({ steps: [captureStep({ groupGuid: context.groupGuid ?? '', checkGuid: event.checkGuid, side: event.side })] }),
            },
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
              actions: [
                { type: 'replaceCheck', params: ({ event }) => event.output },
                { type: 'selectCheck', params: null },
                { type: 'setNotice', params: 'checks:fill.saved' },
              ],
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
            onError: {
              target: 'idle',
              actions: [
                { type: 'selectCheck', params: null },
                { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:couldNotRemoveCheck' }) },
              ],
            },
          },
        },
      },
    },
    capturing: captureState,
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
    deposit: depositStep,
    sent: {
      on: { ...stayOnGroup, ...stayOnDeposit, 'flow.finish': { target: 'routing', actions: 'clearNotice' } },
    },
  },
});

/** The chosen debts' total in NIS (what a new group's Amount is). */
export function chosenTotal(context: Pick<CheckPaymentContext, 'debts' | 'chosenDebtIds'>): number {
  return fromAgorot(sumAgorot(context.debts.filter((d) => context.chosenDebtIds.includes(d.id)).map((d) => d.amount)));
}
