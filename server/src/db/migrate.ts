import { Migrator } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely';
import type { FileStore } from '../files/fileStore.ts';
import { columnTypesFor } from './columns.ts';
import type { Db } from './database.ts';
import type { EnvMigration, MigrationEnv } from './migrations/env.ts';
import * as m001 from './migrations/001_init.ts';
import * as m002 from './migrations/002_lookup_indexes.ts';
import * as m003 from './migrations/003_session_cookie.ts';
import * as m004 from './migrations/004_feedback.ts';
import * as m005 from './migrations/005_sign_in_limits.ts';
import * as m006 from './migrations/006_uploads_deposit.ts';
import * as m007 from './migrations/007_idempotency_user.ts';
import * as m008 from './migrations/008_scale_out.ts';
import * as m009 from './migrations/009_ledger.ts';
import * as m011 from './migrations/011_books.ts';
import * as m013 from './migrations/013_documents.ts';
import * as m012 from './migrations/012_building_life.ts';
import * as m010 from './migrations/010_payments.ts';
import * as m015 from './migrations/015_room_fees.ts';
import * as m014 from './migrations/014_payment_texts.ts';
import * as m016 from './migrations/016_notification_prefs.ts';
import * as m017 from './migrations/017_tenant_link_manage.ts';
import * as m018 from './migrations/018_company_sites.ts';
import * as m019 from './migrations/019_billing_admin.ts';
import * as m020 from './migrations/020_ev_reading_charges.ts';
import * as m021 from './migrations/021_delivery_texts.ts';
import * as m022a from './migrations/022_security_a.ts';
import * as m023b from './migrations/023_security_b.ts';
import * as m024 from './migrations/024_security_c.ts';
import * as m025 from './migrations/025_security_d.ts';
import * as m029 from './migrations/029_incremental.ts';
import * as m030 from './migrations/030_sync_screen.ts';
import * as m032 from './migrations/032_residents.ts';
import * as m034 from './migrations/034_resumable_photos.ts';
import * as m035 from './migrations/035_fee_schedule.ts';
import * as m038 from './migrations/038_credits_receipts.ts';
import * as m041 from './migrations/041_tenant_faults.ts';
import * as m037 from './migrations/037_check_life.ts';
import * as m036 from './migrations/036_reminders.ts';
import * as m042 from './migrations/042_polls.ts';
import * as m043 from './migrations/043_threads.ts';
import * as m040 from './migrations/040_card_entry.ts';
import * as m044 from './migrations/044_building_people.ts';
import * as m045 from './migrations/045_desk_notices.ts';
import * as m046 from './migrations/046_bounce_kind.ts';
import * as m047 from './migrations/047_sign_in_method.ts';

// Static list: bundlers and tsx need no directory scan, and the order is explicit.
const migrations: Record<string, EnvMigration> = {
  '001_init': m001,
  '002_lookup_indexes': m002,
  '003_session_cookie': m003,
  '004_feedback': m004,
  '005_sign_in_limits': m005,
  '006_uploads_deposit': m006,
  '007_idempotency_user': m007,
  '008_scale_out': m008,
  '009_ledger': m009,
  '011_books': m011,
  '013_documents': m013,
  '012_building_life': m012,
  '010_payments': m010,
  '015_room_fees': m015,
  '014_payment_texts': m014,
  '016_notification_prefs': m016,
  '017_tenant_link_manage': m017,
  '018_company_sites': m018,
  '019_billing_admin': m019,
  '020_ev_reading_charges': m020,
  '021_delivery_texts': m021,
  '022_security_a': m022a,
  '023_security_b': m023b,
  '024_security_c': m024,
  '025_security_d': m025,
  '029_incremental': m029,
  '030_sync_screen': m030,
  '032_residents': m032,
  '034_resumable_photos': m034,
  '035_fee_schedule': m035,
  '038_credits_receipts': m038,
  '041_tenant_faults': m041,
  '037_check_life': m037,
  '036_reminders': m036,
  '042_polls': m042,
  '043_threads': m043,
  '040_card_entry': m040,
  '044_building_people': m044,
  '045_desk_notices': m045,
  '046_bounce_kind': m046,
  '047_sign_in_method': m047,
};

/** Every migration's name, in the order they run. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

function withEnv(env: MigrationEnv): MigrationProvider {
  const bound: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) {
    const down = m.down;
    bound[name] = { up: (db) => m.up(db, env), ...(down ? { down: (db) => down(db, env) } : {}) };
  }
  return { getMigrations: async () => bound };
}

/**
 * Brings the schema up to date; several processes starting at once are safe (Kysely's migrator takes
 * a lock in the database). Returns the names of the migrations it ran.
 */
export async function migrateToLatest(db: Db, files: FileStore): Promise<string[]> {
  const migrator = new Migrator({ db: db.q, provider: withEnv({ types: columnTypesFor(db.engine), files }) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to `name` exactly (tests of a migration's data step start from the one before). */
export async function migrateTo(db: Db, files: FileStore, name: string): Promise<void> {
  const migrator = new Migrator({ db: db.q, provider: withEnv({ types: columnTypesFor(db.engine), files }) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
