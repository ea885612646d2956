// What the sync screen asks of the outbox with the page's client: discarding an entry reads the record's
// server copy again (with the silent re-login), so the device shows what the server has.
import type { OutboxEntry } from '../../db/outboxRows';
import { api, callWithRelogin } from '../../session/api';
import { serverRefetch } from '../../sync/write/outbox';
import { discardEntry } from '../../sync/write/userActions';

export function discardWithServerCopy(entryId: OutboxEntry['id']): Promise<void> {
  return discardEntry(entryId, (e) => callWithRelogin(() => serverRefetch(api)(e)));
}
