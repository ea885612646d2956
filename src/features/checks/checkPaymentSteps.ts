// The capture and deposit steps of the check payment, as state configs of the same setup.
import { checkPaymentSetup, errorOf, fillStep, stayOnDeposit, stayOnGroup } from './checkPaymentSetup';

export const captureState = checkPaymentSetup.createStateConfig({
  initial: 'choosing',
  on: {
    // The capture screen mounting for the photo already being taken.
    'route.capture': { guard: { type: 'capturingAlready', params: ({ event }) => event.target } },
    'capture.cancel': {
      target: 'filling',
      actions: [
        { type: 'setCapture', params: null },
        { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groupGuid ?? '')], mode: 'back' as const }) },
      ],
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
        onDone: {
          target: 'done',
          actions: [
            { type: 'replaceCheck', params: ({ event }) => event.output },
            { type: 'setNotice', params: 'checks:capture.saved' },
          ],
        },
        onError: { target: 'preview', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorCapturingCheck' }) } },
      },
    },
    done: {
      always: {
        target: '#checkPayment.filling',
        actions: [
          { type: 'setCapture', params: null },
          { type: 'navigate', params: ({ context }) => ({ steps: [fillStep(context.groupGuid ?? '')], mode: 'back' as const }) },
        ],
      },
    },
  },
});

export const depositStep = checkPaymentSetup.createStateConfig({
  initial: 'prompt',
  on: { ...stayOnGroup, ...stayOnDeposit, 'deposit.skip': { target: 'sent', actions: 'clearError' } },
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
        'deposit.start': [
          { guard: 'isOffline', actions: { type: 'setError', params: 'checks:deposit.needsConnection' } },
          { target: 'waitingForSync', actions: 'clearError' },
        ],
      },
    },
    waitingForSync: {
      invoke: {
        src: 'waitForSync',
        input: ({ context }) => ({ groupGuid: context.sentGroupGuid ?? '' }),
        onDone: { target: 'starting' },
        onError: [
          { guard: { type: 'uploadsOffline', params: errorOf }, target: 'offline', actions: { type: 'setUploadError', params: errorOf } },
          { target: 'failed', actions: { type: 'setUploadError', params: errorOf } },
        ],
      },
    },
    starting: {
      invoke: {
        src: 'startDeposit',
        input: ({ context }) => ({ groupGuid: context.sentGroupGuid ?? '' }),
        onDone: { target: 'awaitingCode' },
        onError: [
          { guard: { type: 'tooManyRequests', params: errorOf }, target: 'locked', actions: { type: 'setError', params: 'errors:tooManyRequests' } },
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
          // The server says which lock: this payment's tries, or the account's (errors:tooManyAttempts).
          {
            guard: { type: 'tooManyRequests', params: errorOf },
            target: 'locked',
            actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:tooManyRequests' }) },
          },
          { guard: { type: 'invalidCode', params: errorOf }, target: 'awaitingCode', actions: { type: 'setError', params: 'errors:invalidCode' } },
          { target: 'awaitingCode', actions: { type: 'setErrorFrom', params: (a) => ({ error: errorOf(a), fallback: 'errors:errorInDepositConfirmation' }) } },
        ],
      },
    },
    locked: { on: { 'deposit.resend': { target: 'starting', actions: 'clearError' } } },
    // "Call me" again tries again at once (after stalled uploads, a refused call).
    failed: {
      on: {
        'deposit.start': [
          { guard: 'isOffline', target: 'offline', actions: { type: 'setError', params: 'checks:deposit.needsConnection' } },
          { target: 'waitingForSync', actions: 'clearError' },
        ],
      },
    },
  },
});
