// The company's `closing_message_days` global, fetched when online and kept on the device so the
// close dialog decides the same way offline.
import type { ApiClient } from '../../api/client';
import { getGlobal } from '../../api/calls/globals';
import { getMeta, metaKeys, putMeta } from '../../db/metaKeys';
import { loadSession } from '../../db/sessionVault';
import { CLOSING_MESSAGE_DAYS_GLOBAL, closingMessageDays } from '../../lib/domain/serviceCallClosing';

export async function storedClosingMessageDays(): Promise<number> {
  const value = await getMeta(metaKeys.closingMessageDays);
  return closingMessageDays(typeof value === 'string' || typeof value === 'number' ? value : null);
}

export async function refreshClosingMessageDays(api: ApiClient): Promise<number> {
  const s = await loadSession();
  const answer = await getGlobal(api, { varName: CLOSING_MESSAGE_DAYS_GLOBAL, orgId: s.compID ?? 0, user: s.userName });
  await putMeta(metaKeys.closingMessageDays, answer.value);
  return closingMessageDays(answer.value);
}
