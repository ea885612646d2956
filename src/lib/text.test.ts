import { describe, expect, it } from 'vitest';
import { hasHebrew, hasLatin, hasRussian, isEmail, mailtoHref } from './text';

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
