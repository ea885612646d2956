import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors';
import type { Check, Debt } from '../../lib/domain/entities';
import type { CompressedPhoto } from '../../sync/photos';
import { chosenTotal, checkPaymentMachine } from './checkPaymentMachine';
import { remainingAmount } from './checkPaymentModel';
import type { CaptureTarget, NavigateEvent, PayerData, PaymentGroup, SaveImageInput, SaveNewCheckInput, SubmitInput, UpdateCheckInput } from './checkPaymentModel';
import { RuleError } from '../../lib/validation/rules';

const payer = { contactGuid: 'contact-1', buildingId: 1, apartmentId: 'apt-1' };
const debt = (id: string, amount: number): Debt => ({
  id, amount, buildingId: 1, apartmentId: 'apt-1', contactId: 'contact-1', contactGuid: 'contact-1', kind: 'currentCommittee',
  description: 'דמי ועד', dueDate: '2030-01-01', paid: false, version: 1, updatedAt: '2030-01-01T00:00:00Z',
});
const check = (guid: string, groupGuid: string, Amount: number, extra: Partial<Check> = {}): Check => ({
  CheckGuid: guid, TransactionNumber: null, checksHeaderID: null, ChecksHeaderGuid: groupGuid, CheckStatus: 1, Amount, DepositDate: '2030-02-01',
  ApprovedByUserId: null, ApprovalDate: null, SentToDeposit: false, LastStatusChange: null, LastStatusChangeByUserID: null, redirect: null,
  BankNumber: null, BranchNumber: null, AccountNumber: null, CheckNumber: null, FrontImageId: 'p', BackImageId: null, version: 1, ...extra,
});
const group = (guid: string, Amount: number, checks: Check[] = []): PaymentGroup => ({
  ID: null, ChecksHeaderGuid: guid, Amount, CreateDate: '2030-01-01T00:00:00Z', BatchId: null, NumbersOfPayments: Math.max(1, checks.length),
  ContactGuid: 'contact-1', BuildingId: 1, DebtIds: ['d1', 'd2'], Status: 'draft', checks, version: 1,
});
const photo: CompressedPhoto = { blob: new Blob(['x']), width: 2000, height: 900, hash: 'h' };
const details = (Amount: number) => ({ Amount, DepositDate: '2030-03-01', BankNumber: '12', BranchNumber: '600', AccountNumber: '123456', CheckNumber: '1000001' });
const apiError = (status: number, messageKey: string) => new ApiError({ message: messageKey, errorCode: status, status, messageKey });

type Fakes = {
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
  showChecksDeposit?: boolean;
  online?: boolean;
};

function start(f: Fakes = {}) {
  const seen = { submitted: [] as SubmitInput[], saved: [] as SaveNewCheckInput[], cancelled: [] as string[][], deleted: [] as string[], codes: [] as string[], starts: 0 };
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
        saveCheckImage: fromPromise(async ({ input }: { input: SaveImageInput }) => (f.saveImage ?? (async (i) => check(i.checkGuid, 'g1', 100, { FrontImageId: 'new' })))(input)),
        updateCheck: fromPromise(async ({ input }: { input: UpdateCheckInput }) => (f.update ?? (async (i) => check(i.checkGuid, 'g1', i.details.Amount ?? 0)))(input)),
        deleteCheck: fromPromise(async ({ input }: { input: { checkGuid: string } }) => {
          seen.deleted.push(input.checkGuid);
          await f.remove?.();
        }),
        submitGroup: fromPromise(async ({ input }: { input: SubmitInput }) => {
          seen.submitted.push(input);
          await f.submit?.(input);
        }),
        waitForSync: fromPromise<void, { groupGuid: string }>(async () => {}),
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
  // State values as written in the tests ('filling', { index: 'choosing' }); matches() checks them.
  type Value = string | Record<string, string>;
  const until = (state: Value) => waitFor(actor, (s) => s.matches(state as never), { timeout: 1000 });
  const matches = (state: Value) => actor.getSnapshot().matches(state as never);
  return { actor, seen, nav, ctx, until, matches };
}

const fillTarget = (groupGuid: string): CaptureTarget => ({ groupGuid, checkGuid: null, side: 'front' });

/** From the index: payer chosen → both debts chosen → new payment → capture screen. */
async function toCapture(f: Fakes = {}) {
  const t = start(f);
  t.actor.send({ type: 'payer.select', payer });
  await t.until({ index: 'choosing' });
  t.actor.send({ type: 'debts.toggle', debtId: 'd1' });
  t.actor.send({ type: 'debts.toggle', debtId: 'd2' });
  t.actor.send({ type: 'debts.confirm' });
  await t.until('capturing');
  return t;
}

async function imageCheck(t: Awaited<ReturnType<typeof toCapture>>, amount: number) {
  t.actor.send({ type: 'photo.chosen', file: new Blob(['jpeg']) });
  await t.until('capturing.preview');
  t.actor.send({ type: 'photo.accept', details: details(amount) });
  await t.until('capturing.askBack');
  t.actor.send({ type: 'back.skip' });
  await t.until('filling');
}

async function toFillingWith(amounts: number[], f: Fakes = {}) {
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

describe('check payment: choosing debts', () => {
  it('loads the payer, then asks to choose debts when nothing is incomplete', async () => {
    const t = start();
    expect(t.matches({ index: 'noPayer' })).toBe(true);
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'choosing' });
    expect(t.ctx().debts.map((d) => d.id)).toEqual(['d1', 'd2']);
  });

  it('refuses to start without a chosen debt and totals the chosen ones in agorot', async () => {
    const t = start();
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'choosing' });
    t.actor.send({ type: 'debts.confirm' });
    expect(t.ctx().errorKey).toBe('errors:missingDetailsToContinue');
    expect(t.matches({ index: 'choosing' })).toBe(true);
    t.actor.send({ type: 'debts.toggle', debtId: 'd1' });
    t.actor.send({ type: 'debts.toggle', debtId: 'd2' });
    expect(chosenTotal(t.ctx())).toBe(770.5);
    t.actor.send({ type: 'debts.toggle', debtId: 'd1' });
    expect(t.ctx().chosenDebtIds).toEqual(['d2']);
  });

  it('a new payment goes to ChecksFill then CheckCapture', async () => {
    const t = await toCapture();
    expect(t.nav.at(-1)).toEqual({ type: 'navigate', mode: 'push', steps: [{ name: 'ChecksFill', groupGuid: 'new-group' }, { name: 'CheckCapture', ...fillTarget('new-group') }] });
    expect(t.ctx().groups.map((g) => g.ChecksHeaderGuid)).toEqual(['new-group']);
  });

  it('clearing the payer goes back to picking one', async () => {
    const t = start();
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'choosing' });
    t.actor.send({ type: 'payer.clear' });
    expect(t.matches({ index: 'noPayer' })).toBe(true);
    expect(t.ctx().payer).toBeNull();
  });
});

describe('check payment: incomplete payments', () => {
  const incomplete = (groups: PaymentGroup[]) => ({ payerData: { debts: [debt('d1', 350)], groups } });

  it('offers to continue an incomplete payment or start a new one', async () => {
    const t = start(incomplete([group('g1', 350, [check('c1', 'g1', 100)])]));
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'incomplete' });
    t.actor.send({ type: 'payment.new' });
    expect(t.matches({ index: 'choosing' })).toBe(true);
  });

  it('continuing one group with checks opens ChecksFill only', async () => {
    const t = start(incomplete([group('g1', 350, [check('c1', 'g1', 100)])]));
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'incomplete' });
    t.actor.send({ type: 'payment.continue' });
    expect(t.matches('filling')).toBe(true);
    expect(t.ctx().groupGuid).toBe('g1');
    expect(t.nav.at(-1)?.steps).toEqual([{ name: 'ChecksFill', groupGuid: 'g1' }]);
  });

  it('continuing one group without checks opens ChecksFill then CheckCapture', async () => {
    const t = start(incomplete([group('g1', 350)]));
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'incomplete' });
    t.actor.send({ type: 'payment.continue' });
    expect(t.matches('capturing')).toBe(true);
    expect(t.nav.at(-1)?.steps.map((s) => s.name)).toEqual(['ChecksFill', 'CheckCapture']);
  });

  it('with more than one group, ChecksPage comes first', async () => {
    const t = start(incomplete([group('g1', 350), group('g2', 350, [check('c1', 'g2', 350)])]));
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'incomplete' });
    t.actor.send({ type: 'payment.continue' });
    expect(t.matches('groups')).toBe(true);
    expect(t.nav.at(-1)?.steps).toEqual([{ name: 'ChecksPage' }]);
    t.actor.send({ type: 'group.open', groupGuid: 'g1' });
    expect(t.nav.at(-1)?.steps.map((s) => s.name)).toEqual(['ChecksFill', 'CheckCapture']);
    expect(t.matches('capturing')).toBe(true);
  });

  it('opening a group with checks from ChecksPage goes to ChecksFill', async () => {
    const t = start({ fillList: [group('g1', 350), group('g2', 350, [check('c1', 'g2', 350)])] });
    t.actor.send({ type: 'route.groups' });
    await t.until('groups');
    t.actor.send({ type: 'group.open', groupGuid: 'g2' });
    expect(t.matches('filling')).toBe(true);
    expect(t.nav.at(-1)?.steps).toEqual([{ name: 'ChecksFill', groupGuid: 'g2' }]);
  });

  it('cancelling all payments asks for confirmation first, and they cannot be continued', async () => {
    const t = start(incomplete([group('g1', 350), group('g2', 350)]));
    t.actor.send({ type: 'payer.select', payer });
    await t.until({ index: 'incomplete' });
    t.actor.send({ type: 'payments.cancelAll' });
    expect(t.matches({ index: 'confirmingCancel' })).toBe(true);
    t.actor.send({ type: 'cancelAll.dismiss' });
    expect(t.matches({ index: 'incomplete' })).toBe(true);
    expect(t.seen.cancelled).toEqual([]);
    t.actor.send({ type: 'payments.cancelAll' });
    t.actor.send({ type: 'cancelAll.confirm' });
    await t.until({ index: 'choosing' });
    expect(t.seen.cancelled).toEqual([['g1', 'g2']]);
    expect(t.ctx().groups).toEqual([]);
    expect(t.ctx().noticeKey).toBe('checks:index.cancelled');
    t.actor.send({ type: 'payment.continue' });
    expect(t.matches({ index: 'choosing' })).toBe(true);
  });
});

describe('check payment: imaging checks', () => {
  it('a new check starts with CheckStatus 1 and NumbersOfPayments follows the number of checks', async () => {
    const t = await toFillingWith([300, 200, 100]);
    const g = t.ctx().groups[0] as PaymentGroup;
    expect(g.checks).toHaveLength(3);
    expect(g.checks.every((c) => c.CheckStatus === 1)).toBe(true);
    expect(g.NumbersOfPayments).toBe(3);
    expect(t.seen.saved.map((s) => s.check?.Amount)).toEqual([300, 200, 100]);
    expect(t.seen.saved[0]?.front).toBe(photo);
    expect(t.nav.at(-1)).toEqual({ type: 'navigate', mode: 'back', steps: [{ name: 'ChecksFill', groupGuid: 'new-group' }] });
  });

  it('retaking a photo discards the preview', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'photo.chosen', file: new Blob(['a']) });
    await t.until('capturing.preview');
    expect(t.ctx().photo).toBe(photo);
    t.actor.send({ type: 'photo.retake' });
    expect(t.matches('capturing.choosing')).toBe(true);
    expect(t.ctx().photo).toBeNull();
  });

  it('a photo that cannot be processed shows "error capturing check"', async () => {
    const t = await toCapture({ compress: async () => Promise.reject(new Error('decode')) });
    t.actor.send({ type: 'photo.chosen', file: new Blob(['a']) });
    await t.until('capturing.choosing');
    expect(t.ctx().errorKey).toBe('errors:errorCapturingCheck');
  });

  it('a refused check keeps the preview with the rule message', async () => {
    const t = await toCapture({ saveNew: async () => Promise.reject(new RuleError({ field: 'Amount', messageKey: 'invalidAmount' })) });
    t.actor.send({ type: 'photo.chosen', file: new Blob(['a']) });
    await t.until('capturing.preview');
    t.actor.send({ type: 'photo.accept', details: details(0) });
    await waitFor(t.actor, (s) => s.context.errorKey !== null);
    expect(t.matches('capturing.preview')).toBe(true);
    expect(t.ctx().errorKey).toBe('errors:invalidAmount');
  });

  it('the back is photographed where asked, for the check just saved', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'photo.chosen', file: new Blob(['a']) });
    await t.until('capturing.preview');
    t.actor.send({ type: 'photo.accept', details: details(770.5) });
    await t.until('capturing.askBack');
    const guid = t.ctx().groups[0]?.checks[0]?.CheckGuid;
    t.actor.send({ type: 'back.capture' });
    expect(t.ctx().capture).toEqual({ groupGuid: 'new-group', checkGuid: guid, side: 'back' });
    t.actor.send({ type: 'photo.chosen', file: new Blob(['b']) });
    await t.until('capturing.preview');
    t.actor.send({ type: 'photo.accept', details: details(770.5) });
    await t.until('filling');
    expect(t.seen.saved).toHaveLength(1);
  });

  it('cancelling the capture returns to the fill screen', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'capture.cancel' });
    expect(t.matches('filling')).toBe(true);
    expect(t.nav.at(-1)?.mode).toBe('back');
  });

  it('a retake of an existing check replaces it in its group', async () => {
    const t = await toFillingWith([770.5]);
    const guid = t.ctx().groups[0]?.checks[0]?.CheckGuid ?? '';
    t.actor.send({ type: 'check.capture', checkGuid: guid, side: 'front' });
    t.actor.send({ type: 'photo.chosen', file: new Blob(['a']) });
    await t.until('capturing.preview');
    t.actor.send({ type: 'photo.accept', details: details(1) });
    await t.until('filling');
    expect(t.ctx().groups[0]?.checks).toHaveLength(1);
  });
});

describe('check payment: editing and cancelling checks', () => {
  it('saves an edit in place and reports "could not update" on failure', async () => {
    const t = await toFillingWith([770.5]);
    const guid = t.ctx().groups[0]?.checks[0]?.CheckGuid ?? '';
    t.actor.send({ type: 'check.edit', checkGuid: guid });
    expect(t.matches('filling.editing')).toBe(true);
    t.actor.send({ type: 'edit.save', details: { Amount: 500 } });
    await t.until('filling.idle');
    expect(t.ctx().noticeKey).toBe('checks:fill.saved');
  });

  it('an edit that fails stays open with "could not update the check"', async () => {
    const t = await toFillingWith([770.5], { update: async () => Promise.reject(new Error('db')) });
    t.actor.send({ type: 'check.edit', checkGuid: 'x' });
    t.actor.send({ type: 'edit.save', details: { Amount: 1 } });
    await waitFor(t.actor, (s) => s.context.errorKey !== null);
    expect(t.matches('filling.editing')).toBe(true);
    expect(t.ctx().errorKey).toBe('errors:couldNotUpdateCheck');
  });

  it('deleting a check asks first, removes it from its group and updates NumbersOfPayments', async () => {
    const t = await toFillingWith([300, 200]);
    const first = t.ctx().groups[0]?.checks[0]?.CheckGuid ?? '';
    t.actor.send({ type: 'check.delete', checkGuid: first });
    t.actor.send({ type: 'delete.dismiss' });
    expect(t.ctx().groups[0]?.checks).toHaveLength(2);
    t.actor.send({ type: 'check.delete', checkGuid: first });
    t.actor.send({ type: 'delete.confirm' });
    await t.until('filling.idle');
    expect(t.seen.deleted).toEqual([first]);
    expect(t.ctx().groups[0]?.checks.map((c) => c.CheckGuid)).not.toContain(first);
    expect(t.ctx().groups[0]?.NumbersOfPayments).toBe(1);
  });

  it('a delete that fails keeps the check with "could not remove the check"', async () => {
    const t = await toFillingWith([300], { remove: async () => Promise.reject(new Error('x')) });
    t.actor.send({ type: 'check.delete', checkGuid: t.ctx().groups[0]?.checks[0]?.CheckGuid ?? '' });
    t.actor.send({ type: 'delete.confirm' });
    await waitFor(t.actor, (s) => s.context.errorKey !== null);
    expect(t.ctx().groups[0]?.checks).toHaveLength(1);
    expect(t.ctx().errorKey).toBe('errors:couldNotRemoveCheck');
  });
});

describe('check payment: review and send', () => {
  it('cannot review a payment without checks', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'capture.cancel' });
    t.actor.send({ type: 'fill.review' });
    expect(t.matches('filling')).toBe(true);
    expect(t.ctx().errorKey).toBe('errors:missingDetailsToContinue');
  });

  it('warns when the checks total differs from the debts total: return to editing', async () => {
    const t = await toFillingWith([300, 200, 100]);
    t.actor.send({ type: 'fill.review' });
    expect(t.matches('review.mismatch')).toBe(true);
    t.actor.send({ type: 'review.back' });
    expect(t.matches('filling')).toBe(true);
    expect(t.seen.submitted).toEqual([]);
  });

  it('"Send anyway" submits despite the mismatch', async () => {
    const t = await toFillingWith([300, 200, 100], { showChecksDeposit: false });
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'review.sendAnyway' });
    await t.until('sent');
    expect(t.seen.submitted).toEqual([{ groupGuid: 'new-group', sendAnyway: true }]);
  });

  it('matching totals (in agorot) are ready to send; a submitted group leaves the list', async () => {
    const t = await toFillingWith([300, 200, 270.5], { showChecksDeposit: false });
    t.actor.send({ type: 'fill.review' });
    expect(t.matches('review.ready')).toBe(true);
    t.actor.send({ type: 'review.send' });
    await t.until('sent');
    expect(t.seen.submitted).toEqual([{ groupGuid: 'new-group', sendAnyway: false }]);
    expect(t.ctx().groups).toEqual([]);
    expect(t.ctx().sentGroupGuid).toBe('new-group');
    expect(t.ctx().noticeKey).toBe('checks:review.sent');
    t.actor.send({ type: 'flow.finish' });
    expect(t.nav.at(-1)?.steps).toEqual([{ name: 'ChecksIndex' }]);
  });

  it('a refused submission returns to the review with the server message', async () => {
    const t = await toFillingWith([770.5], { submit: async () => Promise.reject(new RuleError({ field: 'Amount', messageKey: 'checksTotalMismatch' })) });
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'review.send' });
    await waitFor(t.actor, (s) => s.context.errorKey !== null);
    expect(t.matches('review')).toBe(true);
    expect(t.ctx().errorKey).toBe('errors:checksTotalMismatch');
    expect(t.ctx().groups).toHaveLength(1);
  });

  it('suggests the remaining amount for the next check', () => {
    expect(remainingAmount(group('g', 770.5, [check('a', 'g', 300.2)]))).toBe(470.3);
    expect(remainingAmount(group('g', 100, [check('a', 'g', 300)]))).toBe(0);
  });
});

describe('check payment: deposit confirmation', () => {
  async function toDeposit(f: Fakes = {}) {
    const t = await toFillingWith([770.5], f);
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'review.send' });
    await t.until('deposit.prompt');
    return t;
  }

  it('is hidden without the showChecksDeposit permission', async () => {
    const t = await toFillingWith([770.5], { showChecksDeposit: false });
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'review.send' });
    await t.until('sent');
  });

  it('needs a connection and says so when offline', async () => {
    const t = await toDeposit({ online: false });
    t.actor.send({ type: 'deposit.start' });
    expect(t.matches('deposit.offline')).toBe(true);
    expect(t.ctx().errorKey).toBe('checks:deposit.needsConnection');
    expect(t.seen.starts).toBe(0);
    t.actor.send({ type: 'connection.change', online: true });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    expect(t.seen.starts).toBe(1);
  });

  it('is confirmed with the last 6 digits after the confirmation prompt', async () => {
    const t = await toDeposit();
    expect(t.seen.starts).toBe(0);
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    t.actor.send({ type: 'deposit.submit', code: ' 123456 ' });
    await t.until('sent');
    expect(t.seen.codes).toEqual(['123456']);
    expect(t.ctx().noticeKey).toBe('checks:deposit.confirmed');
  });

  it('a malformed code is an invalid code without asking the server', async () => {
    const t = await toDeposit();
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    t.actor.send({ type: 'deposit.submit', code: '12a' });
    expect(t.ctx().errorKey).toBe('errors:invalidCode');
    expect(t.seen.codes).toEqual([]);
  });

  it('a wrong code is "invalid code"; too many tries is "too many requests"', async () => {
    let calls = 0;
    const t = await toDeposit({ confirm: async () => Promise.reject(++calls < 3 ? apiError(422, 'errors:invalidCode') : apiError(429, 'errors:tooManyRequests')) });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    t.actor.send({ type: 'deposit.submit', code: '111111' });
    await waitFor(t.actor, (s) => s.matches('deposit.awaitingCode' as never) && s.context.errorKey !== null);
    expect(t.ctx().errorKey).toBe('errors:invalidCode');
    t.actor.send({ type: 'deposit.submit', code: '222222' });
    await waitFor(t.actor, (s) => s.matches('deposit.awaitingCode' as never) && s.context.errorKey !== null);
    t.actor.send({ type: 'deposit.submit', code: '333333' });
    await t.until('deposit.locked');
    expect(t.ctx().errorKey).toBe('errors:tooManyRequests');
    t.actor.send({ type: 'deposit.resend' });
    await t.until('deposit.awaitingCode');
    expect(t.seen.starts).toBe(2);
  });

  it('shows the account lockout the server answers (too many failed attempts)', async () => {
    const t = await toDeposit({ confirm: async () => Promise.reject(apiError(429, 'errors:tooManyAttempts')) });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    t.actor.send({ type: 'deposit.submit', code: '111111' });
    await t.until('deposit.locked');
    expect(t.ctx().errorKey).toBe('errors:tooManyAttempts');
  });

  it('an unexpected failure is "error in deposit confirmation"', async () => {
    const t = await toDeposit({ startDeposit: async () => Promise.reject(new Error('boom')) });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.failed');
    expect(t.ctx().errorKey).toBe('errors:errorInDepositConfirmation');
    t.actor.send({ type: 'deposit.skip' });
    expect(t.matches('sent')).toBe(true);
  });
});

describe('check payment: following the routes', () => {
  it('loading the fill list replaces the whole list', async () => {
    const t = start({ fillList: [group('a', 1), group('b', 2)] });
    t.actor.send({ type: 'route.groups' });
    await t.until('groups');
    expect(t.ctx().groups.map((g) => g.ChecksHeaderGuid)).toEqual(['a', 'b']);
    const t2 = await toFillingWith([100], { fillList: [group('x', 5)] });
    t2.actor.send({ type: 'route.groups' });
    await t2.until('groups');
    expect(t2.ctx().groups.map((g) => g.ChecksHeaderGuid)).toEqual(['x']);
  });

  it('a deep link to a group loads it; an unknown one is "could not load the check"', async () => {
    const t = start({ fillList: [group('g1', 350, [check('c', 'g1', 350)])] });
    t.actor.send({ type: 'route.fill', groupGuid: 'g1' });
    await t.until('filling');
    expect(t.ctx().groupGuid).toBe('g1');
    t.actor.send({ type: 'route.fill', groupGuid: 'missing' });
    await t.until('notFound');
    expect(t.ctx().errorKey).toBe('errors:couldNotLoadCheck');
  });

  it('the screen of the step already shown changes nothing', async () => {
    const t = await toCapture();
    t.actor.send({ type: 'route.capture', target: fillTarget('new-group') });
    expect(t.matches('capturing.choosing')).toBe(true);
    await imageCheck(t, 770.5);
    t.actor.send({ type: 'route.fill', groupGuid: 'new-group' });
    expect(t.matches('filling')).toBe(true);
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'route.fill', groupGuid: 'new-group' });
    expect(t.matches('review.ready')).toBe(true);
  });

  it('a deep link to the capture screen loads the group first', async () => {
    const t = start({ fillList: [group('g1', 350)] });
    t.actor.send({ type: 'route.capture', target: fillTarget('g1') });
    await t.until('capturing.choosing');
    expect(t.ctx().capture).toEqual(fillTarget('g1'));
  });
});
