import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db/db';
import { resetDb } from '../sync/testing/setup';
import { saveLanguageChoice, tellServerLanguage } from './languageChoice';

beforeEach(async () => {
  await resetDb();
});

describe('the language the user reads the app in, told to the server', () => {
  it('queues one POST profile/language with the chosen language', async () => {
    await saveLanguageChoice(4);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'create', request: { method: 'POST', path: 'profile/language' }, payload: { languageId: 4 } });
  });

  it('after a sign-in, tells the server only when it holds another language for the user', async () => {
    await tellServerLanguage(1, 1);
    expect(await db.outbox.count()).toBe(0);
    await tellServerLanguage(4, 1);
    expect((await db.outbox.toArray()).map((e) => e.payload)).toEqual([{ languageId: 4 }]);
  });
});
