import { describe, expect, it } from 'vitest';
import { containsText, hasHebrew, hasLatin, hasRussian, isEmail, mailtoHref } from './text';

describe('text detection', () => {
  it('recognises an e-mail pattern', () => {
    expect(isEmail('avi@example.co.il')).toBe(true);
    expect(isEmail('avi@example')).toBe(false);
    expect(isEmail('not an email')).toBe(false);
  });
  it('detects Hebrew, Russian and Latin script', () => {
    expect(hasHebrew('שלום world')).toBe(true);
    expect(hasHebrew('hello')).toBe(false);
    expect(hasRussian('Привет')).toBe(true);
    expect(hasRussian('שלום')).toBe(false);
    expect(hasLatin('Électricité')).toBe(true);
    expect(hasLatin('שלום 123')).toBe(false);
  });
  it('builds a mailto link', () => {
    expect(mailtoHref(' a@b.co ')).toBe('mailto:a@b.co');
  });
});

describe('containsText', () => {
  it('answers as includes, for short and long parts, repeated heads and every script', () => {
    const texts = [' משה לוי 0541234567', ' анна петрова', ' dana dada dad', '', 'aaab', ' dana.levi@example'];
    const parts = ['', 'a', ' d', ' da', ' dad', ' dada', 'aab', 'aaab', ' ан', ' анна п', ' משה ל', '05412', 'levi@', 'zz', 'dana dada dad!'];
    for (const text of texts) for (const part of parts) expect(containsText(text, part), `${text} / ${part}`).toBe(text.includes(part));
  });
});
