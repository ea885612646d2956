// What a deposit changed in the server's database (the answers do not show the checks of a sent payment).
import BetterSqlite3 from 'better-sqlite3';
import type { TestServer } from './harness.ts';

export type DepositedCheck = { CheckGuid: string; SentToDeposit: number; version: number };

export function sentToDeposit(server: TestServer, groupGuid: string): DepositedCheck[] {
  const db = new BetterSqlite3(server.databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT CheckGuid, SentToDeposit, version FROM checks WHERE ChecksHeaderGuid = ? ORDER BY CheckGuid').all(groupGuid) as DepositedCheck[];
  } finally {
    db.close();
  }
}
