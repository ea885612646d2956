import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { RuleError } from '../../lib/validation/rules';
import type { PaymentGroup } from './checkPaymentModel';
import { details, photo, toCapture, toFillingWith } from './testing/paymentFlow';

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
