// What the user typed in contact search (spec 5 helpers): an e-mail, a phone number (digits), or a
// name/position in Hebrew, Russian or Latin script. The kind decides which fields are searched.
import { searchWordsOf } from '../../db/decorate';
import { contactFactsOf } from '../../directory/contactsIndex';
import type { ContactFacts } from '../../directory/contactsIndex';
import { normalizePhone } from '../../lib/domain/contactRules';
import { narrowsWords } from '../../lib/listSearch';
import { digitsOnly } from '../../lib/phone';
import { containsText, hasHebrew, hasLatin, hasRussian, isEmail } from '../../lib/text';

export type TextScript = 'hebrew' | 'russian' | 'latin' | 'mixed' | 'other';

export type ContactQuery =
  { kind: 'empty' } | { kind: 'email'; value: string } | { kind: 'phone'; digits: string } | { kind: 'text'; script: TextScript; words: string[] };

/** Fewer digits than this match too many numbers to be useful. */
export const MIN_PHONE_DIGITS = 3;

function scriptOf(value: string): TextScript {
  const found = [hasHebrew(value) && 'hebrew', hasRussian(value) && 'russian', hasLatin(value) && 'latin'].filter(Boolean) as TextScript[];
  if (found.length > 1) return 'mixed';
  return found[0] ?? 'other';
}

export function classifyContactQuery(input: string): ContactQuery {
  const value = input.trim();
  if (value === '') return { kind: 'empty' };
  if (isEmail(value) || (value.includes('@') && !/\s/.test(value))) return { kind: 'email', value: value.toLocaleLowerCase() };
  if (/^[\d\s()+\-–.]+$/.test(value) && digitsOnly(value).length >= MIN_PHONE_DIGITS) {
    const digits = digitsOnly(value);
    return { kind: 'phone', digits: digits.length >= 10 || digits.startsWith('972') ? normalizePhone(digits) : digits };
  }
  return { kind: 'text', script: scriptOf(value), words: searchWordsOf({ q: value }, ['q']) };
}

type Searchable = { email: string | null; phone: string | null; searchWords?: string[] };

/** Does a contact match the classified query? (Names and positions match word prefixes.) */
export function contactMatches(contact: Searchable, query: ContactQuery): boolean {
  return factsMatch(contactFactsOf(contact), query);
}

/** contactMatches over what the contacts index keeps of a contact (directory/contactsIndex.ts). */
export function factsMatch(facts: ContactFacts, query: ContactQuery): boolean {
  return matcherOf(query)(facts);
}

/** factsMatch for one query, its needles made once (a keystroke tests every contact of the scope). */
export function matcherOf(query: ContactQuery): (facts: ContactFacts) => boolean {
  switch (query.kind) {
    case 'empty':
      return () => false;
    case 'email': {
      const { value } = query;
      return (facts) => containsText(facts.email, value);
    }
    case 'phone': {
      const { digits } = query;
      return (facts) => facts.phone !== null && containsText(facts.phone, digits);
    }
    case 'text': {
      const needles = query.words.map((w) => ` ${w}`);
      const [first] = query.words;
      // Latin text may also be the start of an e-mail address ("dana" finds dana.levi@…).
      const emailStart = query.script === 'latin' && query.words.length === 1 && first !== undefined;
      return (facts) => (emailStart && facts.email.startsWith(first)) || needles.every((needle) => containsText(facts.words, needle));
    }
  }
}

/** Whether every contact matching `after` matches `before` too (so `after` may filter `before`'s matches). */
export function queryNarrows(before: ContactQuery, after: ContactQuery): boolean {
  if (before.kind === 'email' && after.kind === 'email') return after.value.includes(before.value);
  if (before.kind === 'phone' && after.kind === 'phone') return after.digits.includes(before.digits);
  if (before.kind === 'text' && after.kind === 'text') return before.script === after.script && narrowsWords(before.words, after.words);
  return false;
}
