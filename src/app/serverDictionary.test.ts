import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db/db';
import { metaStore } from '../db/metaStore';
import { changeLanguage, i18n, initI18n } from '../i18n/i18n';
import { resetDb } from '../sync/testing/setup';
import { applyStartDictionary } from './serverDictionary';

vi.mock('../session/api', () => ({ api: {} }));

beforeAll(async () => {
  await initI18n({ lng: 'he' });
});
beforeEach(resetDb);
afterEach(() => vi.useRealTimers());

describe('the dictionary at a start', () => {
  it('puts the cached dictionary of the shown language in before the first render', async () => {
    await db.open();
    await metaStore.put({ key: 'i18n.dictionary.1', value: [{ LID: 1, TranslateKey: 'shell:notFound.title', TranslateData: 'הדף הזה לא קיים' }] });
    await applyStartDictionary();
    expect(i18n.t('shell:notFound.title')).toBe('הדף הזה לא קיים');
  });

  it('does not hold the start back when the device cannot read it', async () => {
    await changeLanguage('ru');
    const read = vi.spyOn(metaStore, 'get').mockReturnValue(new Promise(() => undefined));
    vi.useFakeTimers();
    let done = false;
    const started = applyStartDictionary().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(399);
    expect(read).toHaveBeenCalledWith('i18n.dictionary.4');
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(done).toBe(true);
  });
});
