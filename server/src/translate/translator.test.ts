import { describe, expect, it } from 'vitest';
import { makeTranslator } from './translator.ts';

describe('dictionary translator', () => {
  const translate = makeTranslator([{ LID: 1, TranslateKey: 'Broken window', TranslateData: 'חלון שבור' }]);

  it('translates a known phrase from any language', () => {
    expect(translate('נזילת מים בחדר המדרגות', 2)).toEqual({ text: 'Water leak in the stairwell', translated: true });
    expect(translate('water leak in the stairwell.', 4)).toEqual({ text: 'Протечка воды на лестничной клетке.', translated: true });
  });

  it('translates sentence by sentence and uses the table rows', () => {
    expect(translate('דחוף. נזילת מים בחדר המדרגות', 3).text).toBe("Urgent. Fuite d'eau dans la cage d'escalier");
    expect(translate('חלון שבור', 2)).toEqual({ text: 'Broken window', translated: true });
  });

  it('returns the original, flagged, when unknown', () => {
    expect(translate('משהו לא מוכר בכלל', 2)).toEqual({ text: 'משהו לא מוכר בכלל', translated: false });
  });
});
