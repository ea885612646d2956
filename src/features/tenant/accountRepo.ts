// The tenant's apartment(s) as last fetched (issue 14 "my apartment"): one answer kept per user in
// `meta`, so the screen reads it offline and says when it was fetched.
import { answerOf } from '../../api/answers';
import { db } from '../../db/db';
import { myAccount } from '../../lib/paymentAnswers';
import type { MyAccount } from '../../lib/paymentAnswers';
import { api, callWithRelogin } from '../../session/api';
import { currentActor } from '../../sync/write/actor';

export const ACCOUNT_PREFIX = 'tenant.account:';

export async function accountKey(): Promise<string> {
  return `${ACCOUNT_PREFIX}${(await currentActor()).userKey}`;
}

/** Fetches the account and keeps it for offline reading. */
export async function pullAccount(): Promise<MyAccount> {
  const account = answerOf(myAccount, await callWithRelogin(() => api.request('GET', 'my/account')));
  await db.meta.put({ key: await accountKey(), value: account });
  return account;
}

/**
 * The last fetched account under `key` (accountKey()), or null before the first visit. The key is
 * resolved outside: a live query must read Dexie only (the session is decrypted with WebCrypto).
 */
export async function storedAccount(key: string): Promise<MyAccount | null> {
  const row = await db.meta.get(key);
  if (!row) return null;
  const checked = myAccount.safeParse(row.value);
  return checked.success ? checked.data : null;
}
