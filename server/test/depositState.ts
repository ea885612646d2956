// What a deposit changed in the server's database (the answers do not show the checks of a sent payment).
import { openDatabase } from '../src/db/open.ts';
import { asBoolean } from '../src/db/records.ts';
import type { TestServer } from './harness.ts';

/** A deposited check as stored, SentToDeposit as 0/1 whatever the engine. */
export type DepositedCheck = { CheckGuid: string; SentToDeposit: number; version: number };

export async function sentToDeposit(server: TestServer, groupGuid: string): Promise<DepositedCheck[]> {
  const db = openDatabase(server.database);
  try {
    const rows = await db.all(
      db.q.selectFrom('checks').select(['CheckGuid', 'SentToDeposit', 'version']).where('ChecksHeaderGuid', '=', groupGuid).orderBy('CheckGuid'),
    );
    return rows.map((r) => ({ CheckGuid: r.CheckGuid, SentToDeposit: asBoolean(r.SentToDeposit) ? 1 : 0, version: r.version }));
  } finally {
    await db.close();
  }
}
