// The company's `closing_message_days` global, fetched when online and kept on the device so the
// close dialog decides the same way offline.
import type { ApiClient } from '../../api/client';
import { getGlobal } from '../../api/calls/globals';
import { db } from '../../db/db';
import { loadSession } from '../../db/sessionVault';
import { CLOSING_MESSAGE_DAYS_GLOBAL, closingMessageDays } from '../../lib/domain/serviceCallClosing';

export const CLOSING_DAYS_META_KEY = 'serviceCalls.closingMessageDays';

export async function storedClosingMessageDays(): Promise<number> {
  const row = await db.meta.get(CLOSING_DAYS_META_KEY);
  return closingMessageDays(typeof row?.value === 'string' || typeof row?.value === 'number' ? row.value : null);
}

export async function refreshClosingMessageDays(api: ApiClient): Promise<number> {
  const s = await loadSession();
  const answer = await getGlobal(api, { varName: CLOSING_MESSAGE_DAYS_GLOBAL, orgId: s.compID ?? 0, user: s.userName });
  await db.meta.put({ key: CLOSING_DAYS_META_KEY, value: answer.value });
  return closingMessageDays(answer.value);
}
