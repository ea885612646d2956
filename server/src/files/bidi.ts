// Hebrew in a PDF: pdf-lib draws glyphs left to right as given, so a line is put in visual order first.
// A small part of the Unicode bidirectional algorithm, enough for form text: Hebrew letters are
// right-to-left, letters and digits of other scripts left-to-right, and spaces and punctuation take the
// direction around them (else the paragraph's); runs are then reversed level by level (rule L2), and
// brackets inside right-to-left runs are mirrored.

const RTL = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const LTR = /[\p{L}\p{N}]/u;
const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<' };

type Strong = 'R' | 'L' | null;
const strongOf = (ch: string): Strong => (RTL.test(ch) ? 'R' : LTR.test(ch) ? 'L' : null);

export function isRtlChar(ch: string): boolean {
  return RTL.test(ch);
}

/** The characters of one line in the order they are drawn from left to right. */
export function visualOrder(line: string, paragraph: 'rtl' | 'ltr'): string {
  const chars = [...line];
  const base = paragraph === 'rtl' ? 1 : 0;
  const types = chars.map(strongOf);
  const resolved: ('R' | 'L')[] = types.map((t, i) => {
    if (t) return t;
    let before: Strong = null;
    for (let j = i - 1; j >= 0 && !before; j--) before = types[j] ?? null;
    let after: Strong = null;
    for (let j = i + 1; j < types.length && !after; j++) after = types[j] ?? null;
    return before && before === after ? before : paragraph === 'rtl' ? 'R' : 'L';
  });
  const levels = resolved.map((t) => (base === 1 ? (t === 'R' ? 1 : 2) : t === 'R' ? 1 : 0));
  const order = chars.map((_, i) => i);
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < order.length; ) {
      if ((levels[order[i] ?? 0] ?? 0) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < order.length && (levels[order[end] ?? 0] ?? 0) >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order.map((i) => {
    const ch = chars[i] ?? '';
    return (levels[i] ?? 0) % 2 === 1 ? (MIRROR[ch] ?? ch) : ch;
  }).join('');
}
