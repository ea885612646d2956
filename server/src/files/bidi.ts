// PDF text is drawn glyph after glyph from left to right, so Hebrew must be handed over in visual order.
// A small form of the Unicode bidi rules, enough for receipts: Hebrew runs are reversed (brackets
// mirrored), Latin and Cyrillic keep their order, a number keeps its own order wherever it stands (and
// belongs to the Hebrew around it when Hebrew precedes it), neutrals between two runs of one direction
// take it, other neutrals take the paragraph's, and a right-to-left paragraph lays its runs out from
// right to left.
type Dir = 'R' | 'L';
type Kind = Dir | 'EN' | 'N';

const rtlChar = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const letter = /\p{L}/u;
const controls = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const mirrored: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '<': '>', '>': '<', '{': '}', '}': '{' };

/**
 * One line of a PDF (receipt or form) as it is drawn, in a paragraph of the given direction. Number
 * formats of French and Russian group digits with a narrow no-break space, drawn as a plain no-break
 * space so that every PDF reader gets a space back when it extracts the text.
 */
export function visualLine(text: string, dir: 'rtl' | 'ltr'): string {
  return visualOrder(text, dir === 'rtl' ? 'R' : 'L').replace(/\u202F/g, '\u00A0');
}

/** The text in the order its glyphs are drawn, for a paragraph of the given direction. */
export function visualOrder(text: string, paragraph: Dir): string {
  // A letter and the marks on it (Hebrew vowel points) move as one.
  const chars = text.replace(controls, '').match(/\P{M}\p{M}*|\p{M}+/gu) ?? [];
  const kinds: Kind[] = chars.map((c) => (rtlChar.test(c) ? 'R' : letter.test(c) ? 'L' : /\d/.test(c) ? 'EN' : 'N'));
  // Separators inside a number (1,234.50 or 25/11/2026) and a percent sign after one belong to it.
  for (let i = 1; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (kinds[i] === 'N' && kinds[i - 1] === 'EN' && ((/[.,:/\-\u00A0\u202F]/.test(c) && kinds[i + 1] === 'EN') || c === '%')) kinds[i] = 'EN';
  }
  // A number after Hebrew stays inside the Hebrew run; elsewhere it is left to right like Latin.
  let lastLetter: Dir = paragraph;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i];
    if (k === 'R' || k === 'L') lastLetter = k;
    else if (k === 'EN' && lastLetter === 'L') kinds[i] = 'L';
  }
  const strongAt = (i: number): Dir | null => {
    const k = kinds[i];
    return k === 'R' || k === 'EN' ? 'R' : k === 'L' ? 'L' : null;
  };
  const dirs: Dir[] = kinds.map((_, i) => {
    const own = strongAt(i);
    if (own) return own;
    let before: Dir | null = null;
    for (let j = i - 1; j >= 0 && !before; j--) before = strongAt(j);
    let after: Dir | null = null;
    for (let j = i + 1; j < chars.length && !after; j++) after = strongAt(j);
    return before && before === after ? before : paragraph;
  });
  const runs: { dir: Dir; from: number; to: number }[] = [];
  dirs.forEach((dir, i) => {
    const last = runs[runs.length - 1];
    if (last && last.dir === dir) last.to = i + 1;
    else runs.push({ dir, from: i, to: i + 1 });
  });
  const shown = runs.map((r) => {
    if (r.dir === 'L') return chars.slice(r.from, r.to).join('');
    // Right to left: numbers inside stay whole and in their own order.
    const segments: string[] = [];
    for (let i = r.from; i < r.to; i++) {
      const c = chars[i] ?? '';
      const isNumber = kinds[i] === 'EN';
      if (isNumber && i > r.from && kinds[i - 1] === 'EN') segments[segments.length - 1] += c;
      else segments.push(isNumber ? c : (mirrored[c] ?? c));
    }
    return segments.reverse().join('');
  });
  return (paragraph === 'R' ? shown.reverse() : shown).join('');
}
