// Migration 020: the EV readings taken before charges existed become charges of the one ledger, the
// ones marked paid with the payment that settled them, so each reading's `paid` reads the same after.
import { afterEach, describe, expect, it } from 'vitest';
import { evChargeAgorot } from '../../../src/lib/domain/evCharges.ts';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import type { Database } from '../db/database.ts';
import { migrateTo, migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { localFileStore } from '../files/fileStore.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { apartments } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import { meterReadings, meters } from '../data/meters.ts';
import { readingCharges, withCharges } from './evCharges.ts';

const opened: Database[] = [];
const created: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const t of created.splice(0)) await t.dispose();
});

describe('migration 020', () => {
  it('charges the existing readings of a station that belongs to an apartment, keeping which were paid', async () => {
    const t = await newTestDatabase({ seeded: false });
    created.push(t);
    const db = openDatabase(t.database);
    opened.push(db);
    const files = localFileStore(t.filesDir);
    await migrateTo(db, files, '018_company_sites');
    await seedIfEmpty(db, files, new Date('2025-01-01T08:00:00Z'));
    const station = (await meters.list(db, { buildingId: 101 })).find((m) => m.kind === 'evCharger');
    const apartment = (await apartments.list(db, { buildingId: 101 }, { orderBy: 'number' }))[0];
    if (!station || !apartment) throw new Error('the demo has a station and an apartment in 101');
    // A station of the old data that belongs to an apartment.
    await db.run(db.q.updateTable('meters').set({ apartmentId: apartment.id }).where('id', '=', station.id));
    const before = await meterReadings.ofMeter(db, station.id);
    expect(before.some((r) => r.paid) && before.some((r) => !r.paid)).toBe(true);

    await migrateToLatest(db, files);
    const after = withCharges(await meterReadings.ofMeter(db, station.id), await readingCharges(db, 1001, 101));
    for (const r of after) {
      const was = before.find((b) => b.id === r.id);
      expect(r.charge?.amountAgorot).toBe(evChargeAgorot(r.previous, r.current, r.pricePerKwh ?? 0));
      expect(r.paid).toBe(was?.paid);
      expect((await ledger.find(db, `${r.id}:ev`, 1001))?.apartmentId).toBe(apartment.id);
    }
  });
});
