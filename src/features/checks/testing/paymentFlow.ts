// The check-payment machine under test: fake actors that record what the flow asked of them, and the
// steps most tests start from (a payer chosen, a payment started, checks imaged).
import { createActor, fromPromise, matchesState, waitFor } from 'xstate';
import { ApiError } from '../../../api/errors';
import type { Check, Debt } from '../../../lib/domain/entities';
import type { CompressedPhoto } from '../../../sync/write/photos';
import { checkPaymentMachine } from '../checkPaymentMachine';
import type {
  CaptureTarget,
  NavigateEvent,
  PayerData,
  PaymentGroup,
  SaveImageInput,
  SaveNewCheckInput,
  SubmitInput,
  UpdateCheckInput,
} from '../checkPaymentModel';

export const payer = { contactGuid: 'contact-1', buildingId: 1, apartmentId: 'apt-1' };
export const debt = (id: string, amount: number): Debt => ({
  id,
  amount,
  buildingId: 1,
  apartmentId: 'apt-1',
  contactId: 'contact-1',
  contactGuid: 'contact-1',
  kind: 'currentCommittee',
  description: 'דמי ועד',
  dueDate: '2030-01-01',
  paid: false,
  version: 1,
  updatedAt: '2030-01-01T00:00:00Z',
});
export const check = (guid: string, groupGuid: string, Amount: number, extra: Partial<Check> = {}): Check => ({
  CheckGuid: guid,
  TransactionNumber: null,
  checksHeaderID: null,
  ChecksHeaderGuid: groupGuid,
  CheckStatus: 1,
  Amount,
  DepositDate: '2030-02-01',
  ApprovedByUserId: null,
  ApprovalDate: null,
  SentToDeposit: false,
  LastStatusChange: null,
  LastStatusChangeByUserID: null,
  redirect: null,
  BankNumber: null,
  BranchNumber: null,
  AccountNumber: null,
  CheckNumber: null,
  FrontImageId: 'p',
  BackImageId: null,
  version: 1,
  ...extra,
});
export const group = (guid: string, Amount: number, checks: Check[] = []): PaymentGroup => ({
  ID: null,
  ChecksHeaderGuid: guid,
  Amount,
  CreateDate: '2030-01-01T00:00:00Z',
  BatchId: null,
  NumbersOfPayments: Math.max(1, checks.length),
  ContactGuid: 'contact-1',
  BuildingId: 1,
  DebtIds: ['d1', 'd2'],
  Status: 'draft',
  checks,
  version: 1,
});
export const photo: CompressedPhoto = { blob: new Blob(['x']), width: 2000, height: 900, hash: 'h' };
export const details = (Amount: number) => ({
  Amount,
  DepositDate: '2030-03-01',
  BankNumber: '12',
  BranchNumber: '600',
  AccountNumber: '123456',
  CheckNumber: '1000001',
});
export const apiError = (status: number, messageKey: string) => new ApiError({ message: messageKey, errorCode: status, status, messageKey });

export type Fakes = {
  payerData?: PayerData;
  fillList?: PaymentGroup[];
  startPayment?: () => Promise<PaymentGroup>;
  compress?: () => Promise<CompressedPhoto>;
  saveNew?: (i: SaveNewCheckInput) => Promise<void>;
  saveImage?: (i: SaveImageInput) => Promise<Check>;
  update?: (i: UpdateCheckInput) => Promise<Check>;
  remove?: () => Promise<void>;
  submit?: (i: SubmitInput) => Promise<void>;
  startDeposit?: () => Promise<void>;
  confirm?: (code: string) => Promise<void>;
  /** The wait for the payment's uploads before its deposit (resolves at once by default). */
  waitForSync?: () => Promise<void>;
  /** The sent payments on the device, for a deposit resumed later. */
  sent?: PaymentGroup[];
  showChecksDeposit?: boolean;
  online?: boolean;
};

export function start(f: Fakes = {}) {
  const seen = {
    submitted: [] as SubmitInput[],
    saved: [] as SaveNewCheckInput[],
    cancelled: [] as string[][],
    deleted: [] as string[],
    codes: [] as string[],
    starts: 0,
  };
  const nav: NavigateEvent[] = [];
  const actor = createActor(
    checkPaymentMachine.provide({
      actors: {
        loadPayer: fromPromise(async () => f.payerData ?? { debts: [debt('d1', 350), debt('d2', 420.5)], groups: [] }),
        loadFillList: fromPromise(async () => f.fillList ?? []),
        startPayment: fromPromise(async () => (f.startPayment ?? (async () => group('new-group', 770.5)))()),
        cancelPayments: fromPromise(async ({ input }: { input: { groupGuids: string[] } }) => {
          seen.cancelled.push(input.groupGuids);
        }),
        compressPhoto: fromPromise(async () => (f.compress ?? (async () => photo))()),
        saveNewCheck: fromPromise(async ({ input }: { input: SaveNewCheckInput }) => {
          seen.saved.push(input);
          await f.saveNew?.(input);
        }),
        saveCheckImage: fromPromise(async ({ input }: { input: SaveImageInput }) =>
          (f.saveImage ?? (async (i) => check(i.checkGuid, 'g1', 100, { FrontImageId: 'new' })))(input),
        ),
        updateCheck: fromPromise(async ({ input }: { input: UpdateCheckInput }) =>
          (f.update ?? (async (i) => check(i.checkGuid, 'g1', i.details.Amount ?? 0)))(input),
        ),
        deleteCheck: fromPromise(async ({ input }: { input: { checkGuid: string } }) => {
          seen.deleted.push(input.checkGuid);
          await f.remove?.();
        }),
        submitGroup: fromPromise(async ({ input }: { input: SubmitInput }) => {
          seen.submitted.push(input);
          await f.submit?.(input);
        }),
        waitForSync: fromPromise<void, { groupGuid: string }>(async () => f.waitForSync?.()),
        loadSentGroup: fromPromise<PaymentGroup | null, { groupGuid: string }>(
          async ({ input }) => f.sent?.find((g) => g.ChecksHeaderGuid === input.groupGuid) ?? null,
        ),
        startDeposit: fromPromise(async () => {
          seen.starts += 1;
          await f.startDeposit?.();
        }),
        confirmDeposit: fromPromise(async ({ input }: { input: { groupGuid: string; code: string } }) => {
          seen.codes.push(input.code);
          await f.confirm?.(input.code);
        }),
      },
    }),
    { input: { showChecksDeposit: f.showChecksDeposit ?? true, online: f.online ?? true } },
  );
  actor.on('navigate', (e) => void nav.push(e));
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  // State values as written in the tests ('capturing.preview', { index: 'choosing' }).
  type Value = string | Record<string, string>;
  const until = (state: Value) => waitFor(actor, (s) => matchesState(state, s.value), { timeout: 1000 });
  const matches = (state: Value) => matchesState(state, actor.getSnapshot().value);
  return { actor, seen, nav, ctx, until, matches };
}

export const fillTarget = (groupGuid: string): CaptureTarget => ({ groupGuid, checkGuid: null, side: 'front' });

/** From the index: payer chosen → both debts chosen → new payment → capture screen. */
export async function toCapture(f: Fakes = {}) {
  const t = start(f);
  t.actor.send({ type: 'payer.select', payer });
  await t.until({ index: 'choosing' });
  t.actor.send({ type: 'debts.toggle', debtId: 'd1' });
  t.actor.send({ type: 'debts.toggle', debtId: 'd2' });
  t.actor.send({ type: 'debts.confirm' });
  await t.until('capturing');
  return t;
}

export async function imageCheck(t: Awaited<ReturnType<typeof toCapture>>, amount: number) {
  t.actor.send({ type: 'photo.chosen', file: new Blob(['jpeg']) });
  await t.until('capturing.preview');
  t.actor.send({ type: 'photo.accept', details: details(amount) });
  await t.until('capturing.askBack');
  t.actor.send({ type: 'back.skip' });
  await t.until('filling');
}

export async function toFillingWith(amounts: number[], f: Fakes = {}) {
  const t = await toCapture(f);
  for (const [i, amount] of amounts.entries()) {
    if (i > 0) {
      t.actor.send({ type: 'check.capture', checkGuid: null, side: 'front' });
      await t.until('capturing.choosing');
    }
    await imageCheck(t, amount);
  }
  return t;
}
