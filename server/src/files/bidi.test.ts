import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi.ts';

describe('visual order of PDF text', () => {
  it('reverses Hebrew and keeps numbers and Latin in reading order inside it', () => {
    expect(visualOrder('דירה 12', 'R')).toBe('12 הריד');
    expect(visualOrder('תאריך 25/11/2026', 'R')).toBe('25/11/2026 ךיראת');
    expect(visualOrder('מע"מ על העמלה (18%)', 'R')).toBe('(18%) הלמעה לע מ"עמ');
  });
  it('leaves left-to-right text alone and reverses only a Hebrew name inside it', () => {
    expect(visualOrder('Paid by Moshe', 'L')).toBe('Paid by Moshe');
    expect(visualOrder('Apartment 3, הרצל 5', 'L')).toBe('Apartment 3, 5 לצרה');
  });
  it('drops the invisible direction marks number formats add', () => {
    expect(visualOrder('\u200F1,234.50\u00A0\u200F₪', 'L')).toBe('1,234.50\u00A0₪');
  });
  it('mirrors brackets and keeps Latin words inside Hebrew (form text)', () => {
    expect(visualOrder('מפתח (2)', 'R')).toBe('(2) חתפמ');
    expect(visualOrder('חברת ABC בע"מ', 'R')).toBe('מ"עב ABC תרבח');
    expect(visualOrder('Signed by משה פרץ on Tuesday', 'L')).toBe('Signed by ץרפ השמ on Tuesday');
  });
  it('keeps the vowel points after their letter when a pointed word is reversed', () => {
    expect(visualOrder('שָׁלוֹם 2', 'R')).toBe(['2', ' ', 'ם', 'וֹ', 'ל', 'שָׁ'].join(''));
  });
});
