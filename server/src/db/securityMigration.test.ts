// Migration 025: the Web Push key pair leaves `settings` (readable by name through GetGlobalAPI) for
// `server_secrets`, and every file is linked to the records it belongs to: its own parent and the records
// that name it (a reading's photo, a check's images, a document's file), so each is read through them.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import type { Database } from './database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';
import { openDatabase } from './open.ts';
import { localFileStore } from '../files/fileStore.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { fileLinks } from '../data/fileLinks.ts';
import { serverSecrets } from '../data/serverSecrets.ts';
import { settings } from '../data/users.ts';

const opened: Database[] = [];
const created: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const t of created.splice(0)) await t.dispose();
});

describe('migration 025', () => {
  it('moves the VAPID keys out of settings and links each file to the records that show it', async () => {
    const t = await newTestDatabase({ seeded: false });
    created.push(t);
    const db = openDatabase(t.database);
    opened.push(db);
    const files = localFileStore(t.filesDir);
    await migrateTo(db, files, '021_delivery_texts');
    await seedIfEmpty(db, files, new Date('2026-01-04T08:00:00Z'));
    const keys = JSON.stringify({ publicKey: 'public-part', privateKey: 'private-part' });
    await db.run(db.q.insertInto('settings').values({ name: 'vapid_keys', value: keys }));

    await migrateToLatest(db, files);
    expect(await settings.get(db, 'vapid_keys')).toBeNull();
    expect(await serverSecrets.get(db, 'vapid_keys')).toBe(keys);
    expect(await settings.get(db, 'tenant_app_min_db_var')).toBe('2.1.56');

    const reading = await db.first(db.q.selectFrom('meter_readings').select(['id', 'photoId']).where('photoId', '=', 'seed-meter-1001-1').limit(1));
    const check = await db.first(db.q.selectFrom('checks').select(['CheckGuid', 'FrontImageId']).where('FrontImageId', '=', 'seed-photo-1001').limit(1));
    const call = await db.first(
      db.q.selectFrom('files').select(['id', 'parentId']).where('parentType', '=', 'serviceCalls').where('companyId', '=', 1001).limit(1),
    );
    const doc = await db.first(db.q.selectFrom('documents').select(['id', 'fileId']).limit(1));
    if (!reading || !check || !call?.parentId || !doc) throw new Error('the demo has readings, checks, call pictures and documents');
    const parentsOf = async (fileId: string) => (await fileLinks.ofFile(db, fileId)).map((l) => `${l.parentType}:${l.parentId}`);
    expect(await parentsOf('seed-meter-1001-1')).toContain(`meterReadings:${reading.id}`);
    expect(await parentsOf('seed-photo-1001')).toContain(`checks:${check.CheckGuid}`);
    expect(await parentsOf(call.id)).toEqual([`serviceCalls:${call.parentId}`]);
    expect(await parentsOf(doc.fileId)).toContain(`documents:${doc.id}`);
    // The seed's unattached photo rows are no record: nothing links through `seed`.
    expect((await fileLinks.ofFile(db, 'seed-photo-1001')).every((l) => l.parentType === 'checks')).toBe(true);
  });
});
