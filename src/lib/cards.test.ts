import { describe, expect, it } from 'vitest';
import { validateDebtChoice } from './cards';

describe('validateDebtChoice', () => {
  it('asks for at least one debt and refuses one named twice', () => {
    expect(validateDebtChoice([])).toEqual({ field: 'debts', messageKey: 'chooseDebts' });
    expect(validateDebtChoice(['a', 'b', 'a'])).toEqual({ field: 'debts', messageKey: 'debtChosenTwice' });
    expect(validateDebtChoice(['a', 'b'])).toBeNull();
  });
});
