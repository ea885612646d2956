// The benchmark's server data set: the demo company (six buildings) topped up to exactly `openCalls`
// open service calls, deterministically, written into the database of a running bench server.
import { openDatabase } from '../../server/src/db/open.ts';
import { insertRecord } from '../../server/src/db/records.ts';
import { specs } from '../../server/src/db/specs.ts';
import { tabOf } from '../../src/lib/domain/serviceCallStatus.ts';
import type { ServiceCallStatus } from '../../src/lib/domain/entities.ts';
import { generateCalls } from './callData.ts';

export const BENCH_COMPANY = 1001;

export type ServerDataSet = { buildings: number; openCalls: number; added: number };

export async function seedOpenCalls(database: string, openCalls: number): Promise<ServerDataSet> {
  const db = openDatabase(database);
  try {
    const buildings = (await db.all(db.q.selectFrom('buildings').select('id').where('companyId', '=', BENCH_COMPANY).orderBy('id'))).map((b) => b.id);
    const calls = await db.all(db.q.selectFrom('service_calls').select(['status', 'callNumber']).where('companyId', '=', BENCH_COMPANY));
    const existing = calls.filter((c) => tabOf(c.status as ServiceCallStatus) === 'open').length;
    const maxNumber = Math.max(1000, ...calls.map((c) => Number(c.callNumber ?? 0)));
    const added = Math.max(0, openCalls - existing);
    const now = new Date();
    await db.tx(async (tx) => {
      for (const call of generateCalls({ count: added, buildingIds: buildings, onlyOpen: true, now, firstCallNumber: maxNumber + 1 })) {
        await insertRecord(tx, specs.serviceCalls, call, BENCH_COMPANY);
      }
    });
    return { buildings: buildings.length, openCalls: existing + added, added };
  } finally {
    await db.close();
  }
}

/** Server-side counts for the replay row: applied mutations (stored idempotency keys) per path prefix. */
export async function countAppliedMutations(database: string, recordIds: readonly string[]): Promise<{ applied: number; versions: number[] }> {
  const db = openDatabase(database);
  try {
    let applied = 0;
    const versions: number[] = [];
    for (const id of recordIds) {
      const path = `/api/binyan/service-calls/${id}`;
      const row = await db.first(
        db.q
          .selectFrom('idempotency_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('companyId', '=', BENCH_COMPANY)
          .where('path', '=', path)
          .where('method', '=', 'PATCH'),
      );
      applied += Number(row?.n ?? 0);
      const record = await db.first(db.q.selectFrom('service_calls').select('version').where('id', '=', id));
      versions.push(Number(record?.version ?? -1));
    }
    return { applied, versions };
  } finally {
    await db.close();
  }
}
