import { describe, expect, it } from 'vitest';
import { rememberedMatches, rememberMatches, textsFingerprint } from './rememberedMatches';
import type { MatchStorage } from './rememberedMatches';

function memoryStorage(): MatchStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('remembered English matches', () => {
  it('fingerprints a set of texts whatever their order, and tells sets apart', () => {
    expect(textsFingerprint(['password', 'user name'])).toBe(textsFingerprint(['user name', 'password', 'password']));
    expect(textsFingerprint(['password'])).not.toBe(textsFingerprint(['password', 'user name']));
    expect(textsFingerprint(['ab', 'c'])).not.toBe(textsFingerprint(['a', 'bc']));
  });

  it('recalls what a namespace matched for the same texts and version only', () => {
    const storage = memoryStorage();
    const texts = textsFingerprint(['password', 'no such text']);
    rememberMatches(
      storage,
      'v1',
      'auth',
      texts,
      new Map([
        ['password', ['password', 'form.password']],
        ['no such text', []],
      ]),
    );
    expect(rememberedMatches(storage, 'v1', 'auth', texts)).toEqual(new Map([['password', ['password', 'form.password']]]));
    expect(rememberedMatches(storage, 'v1', 'auth', textsFingerprint(['password']))).toBeUndefined();
    expect(rememberedMatches(storage, 'v1', 'profile', texts)).toBeUndefined();
    expect(rememberedMatches(storage, 'v2', 'auth', texts)).toBeUndefined();
  });

  it('keeps each namespace beside the others, and drops another version’s when it writes', () => {
    const storage = memoryStorage();
    const texts = textsFingerprint(['password']);
    rememberMatches(storage, 'v1', 'auth', texts, new Map([['password', ['password']]]));
    rememberMatches(storage, 'v1', 'profile', texts, new Map([['password', ['current']]]));
    expect(rememberedMatches(storage, 'v1', 'auth', texts)?.get('password')).toEqual(['password']);
    rememberMatches(storage, 'v2', 'profile', texts, new Map());
    expect(rememberedMatches(storage, 'v1', 'auth', texts)).toBeUndefined();
    expect(rememberedMatches(storage, 'v2', 'profile', texts)).toEqual(new Map());
  });

  it('matches again when the stored copy is unreadable or cannot be written', () => {
    const storage = memoryStorage();
    storage.items.set('binyan.i18n.englishMatches', '{not json');
    expect(rememberedMatches(storage, 'v1', 'auth', textsFingerprint(['password']))).toBeUndefined();
    const full: MatchStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => rememberMatches(full, 'v1', 'auth', 'x', new Map())).not.toThrow();
  });
});
