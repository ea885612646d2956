import { describe, expect, it } from 'vitest';
import { quoteCardPayment } from '../clearingFee';
import type { BillingSettingsDraft, BuildingBillingSettings } from './billingSettingsRules';
import { agorotOfText, basisPointsOfText, draftOfSettings, settingsOfDraft, validateBillingSettings, validateHoldReason } from './billingSettingsRules';

const seeded: BuildingBillingSettings = {
  cardPayments: true,
  refuseRoomsWithDebt: false,
  fixedAgorot: 150,
  percentBasisPoints: 120,
  vat: 'added',
  foreignCardFixedAgorot: 500,
  dinersAmexPercentBasisPoints: 250,
};
const draft = (changes: Partial<BillingSettingsDraft> = {}): BillingSettingsDraft => ({ ...draftOfSettings(seeded), ...changes });

describe('billing settings rules', () => {
  it('accepts the bounds themselves: no fee at all, 50 NIS fixed and 10 %', () => {
    expect(
      validateBillingSettings({ ...seeded, fixedAgorot: 0, percentBasisPoints: 0, foreignCardFixedAgorot: 0, dinersAmexPercentBasisPoints: 0 }),
    ).toBeNull();
    expect(
      validateBillingSettings({ ...seeded, fixedAgorot: 5_000, percentBasisPoints: 1_000, foreignCardFixedAgorot: 5_000, dinersAmexPercentBasisPoints: 1_000 }),
    ).toBeNull();
  });

  it('refuses a percent above 10 or below 0, and a fee outside 0–50 NIS, with the bounds for the message', () => {
    expect(validateBillingSettings({ ...seeded, percentBasisPoints: 1_001 })).toEqual({
      field: 'percentBasisPoints',
      messageKey: 'percentOutOfRange',
      params: { min: 0, max: 10 },
    });
    expect(validateBillingSettings({ ...seeded, dinersAmexPercentBasisPoints: -1 })).toMatchObject({
      field: 'dinersAmexPercentBasisPoints',
      messageKey: 'percentOutOfRange',
    });
    expect(validateBillingSettings({ ...seeded, fixedAgorot: 5_001 })).toEqual({
      field: 'fixedAgorot',
      messageKey: 'feeOutOfRange',
      params: { min: 0, max: 50 },
    });
    expect(validateBillingSettings({ ...seeded, foreignCardFixedAgorot: -1 })).toMatchObject({ field: 'foreignCardFixedAgorot', messageKey: 'feeOutOfRange' });
  });

  it('refuses amounts that are not whole agorot, percents that are not whole basis points, and an unknown VAT mode', () => {
    expect(validateBillingSettings({ ...seeded, fixedAgorot: 150.5 })).toMatchObject({ field: 'fixedAgorot', messageKey: 'invalidAmount' });
    expect(validateBillingSettings({ ...seeded, percentBasisPoints: 12.5 })).toMatchObject({ field: 'percentBasisPoints', messageKey: 'invalidPercent' });
    expect(validateBillingSettings({ ...seeded, vat: 'sometimes' as 'added' })).toMatchObject({ field: 'vat', messageKey: 'invalidChoice' });
  });

  it('reads typed NIS and percents with up to two decimals, a comma too, exactly', () => {
    expect(agorotOfText('1.5')).toBe(150);
    expect(agorotOfText(' 2,05 ')).toBe(205);
    expect(agorotOfText('1.005')).toBeNull();
    expect(agorotOfText('-1')).toBeNull();
    expect(agorotOfText('abc')).toBeNull();
    expect(basisPointsOfText('1.2')).toBe(120);
    expect(basisPointsOfText('0.29')).toBe(29);
    expect(basisPointsOfText('2.555')).toBeNull();
  });

  it('turns a draft into settings, or names the first field refused', () => {
    // Stored settings without an issuer are the company's; the form keeps the choice it shows.
    expect(settingsOfDraft(draft())).toEqual({ settings: { ...seeded, receiptIssuer: 'company' }, failure: null });
    expect(settingsOfDraft(draft({ receiptIssuer: 'committee' })).settings?.receiptIssuer).toBe('committee');
    expect(settingsOfDraft(draft({ percentBasisPoints: '25' })).failure).toMatchObject({ field: 'percentBasisPoints', messageKey: 'percentOutOfRange' });
    expect(settingsOfDraft(draft({ fixedAgorot: '' })).failure).toEqual({ field: 'fixedAgorot', messageKey: 'requiredField' });
    expect(settingsOfDraft(draft({ foreignCardFixedAgorot: '5.123' })).failure).toEqual({ field: 'foreignCardFixedAgorot', messageKey: 'invalidAmount' });
    expect(settingsOfDraft(draft({ dinersAmexPercentBasisPoints: 'x' })).failure).toEqual({
      field: 'dinersAmexPercentBasisPoints',
      messageKey: 'invalidPercent',
    });
  });

  it('round-trips stored settings through the form and quotes a payment with what was typed', () => {
    const typed = settingsOfDraft(draft({ fixedAgorot: '3', percentBasisPoints: '2', vat: 'included' }));
    if (!typed.settings) throw new Error('the draft is valid');
    expect(settingsOfDraft(draftOfSettings(typed.settings)).settings).toEqual(typed.settings);
    // ₪100 by a domestic card: 3 + 2 % = ₪5 fee, VAT (18 %) included in it.
    const q = quoteCardPayment([10_000], 'local', typed.settings, 1_800);
    expect(q.feeNet + q.feeVat).toBe(500);
    expect(q.total).toBe(10_500);
  });

  it('requires a hold reason of at most 500 characters', () => {
    expect(validateHoldReason('  ')).toEqual({ field: 'reason', messageKey: 'requiredField' });
    expect(validateHoldReason('x'.repeat(501))).toEqual({ field: 'reason', messageKey: 'textTooLong', params: { max: 500 } });
    expect(validateHoldReason('תביעה על חוב')).toBeNull();
  });
});
