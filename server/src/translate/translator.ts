// Dictionary translation: a whole text, or each of its sentences, must be a known phrase in any of
// the four languages; otherwise the original comes back flagged as untranslated.
import type { LanguageId } from './phrases.ts';
import { languageCodes, phrases } from './phrases.ts';

export type DictionaryRow = { LID: number; TranslateKey: string; TranslateData: string };

const normalize = (s: string) =>
  s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?…]+$/u, '')
    .toLowerCase();

export type Translator = (text: string, to: LanguageId) => { text: string; translated: boolean };

export function makeTranslator(rows: readonly DictionaryRow[]): Translator {
  // normalized text in any language → { lid → text }
  const index = new Map<string, Map<number, string>>();
  const entries = new Map<string, Map<number, string>>();
  const add = (key: string, lid: number, text: string) => {
    let byLid = entries.get(key);
    if (!byLid) entries.set(key, (byLid = new Map()));
    byLid.set(lid, text);
  };
  for (const p of phrases) for (const [lid, code] of Object.entries(languageCodes)) add(p.en, Number(lid), p[code]);
  for (const r of rows) {
    add(r.TranslateKey, r.LID, r.TranslateData);
    if (!entries.get(r.TranslateKey)?.has(2)) add(r.TranslateKey, 2, r.TranslateKey);
  }
  for (const byLid of entries.values()) for (const text of byLid.values()) index.set(normalize(text), byLid);

  const one = (sentence: string, to: LanguageId): string | null => {
    const hit = index.get(normalize(sentence));
    if (!hit) return null;
    const out = hit.get(to);
    if (out === undefined) return null;
    const punctuation = /[.!?…]+$/u.exec(sentence.trim())?.[0] ?? '';
    return out + punctuation;
  };

  return (text, to) => {
    const whole = one(text, to);
    if (whole !== null) return { text: whole, translated: true };
    const sentences = text.split(/(?<=[.!?…\n])\s+/u).filter((s) => s.trim() !== '');
    const parts = sentences.map((s) => one(s, to));
    if (sentences.length > 1 && parts.every((p) => p !== null)) return { text: parts.join(' '), translated: true };
    return { text, translated: false };
  };
}
