import { describe, expect, it } from 'vitest';
import { chosenTotal } from './checkPaymentMachine';
import type { PaymentGroup } from './checkPaymentModel';
import { check, debt, fillTarget, group, payer, start, toCapture } from './testing/paymentFlow';

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
    expect(t.nav.at(-1)).toEqual({
      type: 'navigate',
      mode: 'push',
      steps: [
        { name: 'ChecksFill', groupGuid: 'new-group' },
        { name: 'CheckCapture', ...fillTarget('new-group') },
      ],
    });
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
