import { describe, expect, it } from 'vitest';
import { UploadWaitError } from './uploadWait';
import { waitFor } from 'xstate';
import { remainingAmount } from './checkPaymentModel';
import { RuleError } from '../../lib/validation/rules';
import { apiError, check, group, start, toCapture, toFillingWith } from './testing/paymentFlow';
import type { Fakes } from './testing/paymentFlow';

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
    const t = await toDeposit({
      confirm: async () => Promise.reject(++calls < 3 ? apiError(422, 'errors:invalidCode') : apiError(429, 'errors:tooManyRequests')),
    });
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

describe('check payment: the wait for its uploads, and a deposit confirmed later', () => {
  const uploads = (photosSent: number) => ({ photosTotal: 3, photosSent, waiting: 3 - photosSent, sending: false, refusedKey: null });
  const sent = { ...group('g-sent', 770.5, [check('c1', 'g-sent', 770.5)]), Status: 'submitted' as const };

  async function toDeposit(f: Fakes = {}) {
    const t = await toFillingWith([770.5], f);
    t.actor.send({ type: 'fill.review' });
    t.actor.send({ type: 'review.send' });
    await t.until('deposit.prompt');
    return t;
  }

  it('says the photos stalled, with how many were sent, and tries again at once on "Call me"', async () => {
    let tries = 0;
    const t = await toDeposit({ waitForSync: async () => (++tries === 1 ? Promise.reject(new UploadWaitError('stalled', uploads(1))) : undefined) });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.failed');
    expect(t.ctx()).toMatchObject({ errorKey: 'checks:deposit.uploadsStalled', errorParams: { sent: 1, total: 3 } });
    expect(t.seen.starts).toBe(0);
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    expect(tries).toBe(2);
  });

  it('says the phone went offline while the photos were being sent', async () => {
    const t = await toDeposit({ waitForSync: async () => Promise.reject(new UploadWaitError('offline', uploads(2))) });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.offline');
    expect(t.ctx()).toMatchObject({ errorKey: 'checks:deposit.uploadsOffline', errorParams: { sent: 2, total: 3 } });
  });

  it('shows the server’s reason when a change of the payment was refused', async () => {
    const t = await toDeposit({
      waitForSync: async () => Promise.reject(new UploadWaitError('refused', { ...uploads(2), refusedKey: 'errors:fileTooLarge' })),
    });
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.failed');
    expect(t.ctx().errorKey).toBe('errors:fileTooLarge');
  });

  it('resumes the deposit of a sent payment after "Not now" and confirms it', async () => {
    const t = await toDeposit({ sent: [sent] });
    t.actor.send({ type: 'deposit.skip' });
    expect(t.matches('sent')).toBe(true);
    t.actor.send({ type: 'route.deposit', groupGuid: 'g-sent' });
    await t.until('deposit.prompt');
    expect(t.ctx().sentGroupGuid).toBe('g-sent');
    // The screen mounting again for the same payment changes nothing.
    t.actor.send({ type: 'deposit.start' });
    await t.until('deposit.awaitingCode');
    t.actor.send({ type: 'route.deposit', groupGuid: 'g-sent' });
    expect(t.matches('deposit.awaitingCode')).toBe(true);
    t.actor.send({ type: 'deposit.submit', code: '123456' });
    await t.until('sent');
    expect(t.ctx().noticeKey).toBe('checks:deposit.confirmed');
  });

  it('says so when the payment does not wait for a deposit (confirmed already, or not on the phone)', async () => {
    const t = start({ sent: [] });
    t.actor.send({ type: 'route.deposit', groupGuid: 'g-gone' });
    await t.until('notFound');
    expect(t.ctx().errorKey).toBe('checks:deposits.notWaiting');
  });
});
