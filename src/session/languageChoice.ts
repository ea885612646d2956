// The language the user picked, told to the server through the outbox (kept while offline, sent once):
// the server writes to them in it (event reminders). The device switches language at once by itself.
import { newId } from '../db/mutate';
import { currentActor } from '../sync/write/actor';
import { createRecord } from '../sync/write/writePath';
import type { MetaOutboxKey } from '../sync/write/outboxSubjects';

export async function saveLanguageChoice(languageId: number): Promise<void> {
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `language.change:${id}`;
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value: { id, owner: actor.userKey, languageId, savedAt: new Date().toISOString() } },
    path: 'profile/language',
    payload: { languageId },
    userKey: actor.userKey,
  });
}

/** After a sign-in: the server is told the device's language when it holds another one for this user. */
export async function tellServerLanguage(deviceLanguageId: number, serverLanguageId: number | undefined): Promise<void> {
  if (serverLanguageId !== deviceLanguageId) await saveLanguageChoice(deviceLanguageId);
}
