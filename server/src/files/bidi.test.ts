import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi.ts';

describe('visual order of a line', () => {
  it('reverses Hebrew and keeps numbers and Latin words readable inside it', () => {
    expect(visualOrder('שלום', 'rtl')).toBe('םולש');
    expect(visualOrder('דירה 12', 'rtl')).toBe('12 הריד');
    expect(visualOrder('מפתח (2)', 'rtl')).toBe('(2) חתפמ');
    expect(visualOrder('חברת ABC בע"מ', 'rtl')).toBe('מ"עב ABC תרבח');
  });

  it('leaves left-to-right text as it is and turns a Hebrew name inside it', () => {
    expect(visualOrder('Key receipt', 'ltr')).toBe('Key receipt');
    expect(visualOrder('Signed by משה פרץ, 24/11/2026', 'ltr')).toBe('Signed by ץרפ השמ, 24/11/2026');
  });
});
