// The one Dexie database of the app. New schema versions are appended below (never edit an old one);
// an upgrade must keep `outbox` rows intact, because they are changes the server has not seen yet.
import Dexie from 'dexie';
import type { Table } from 'dexie';
import { attachDexieMeta, databaseExists } from './metaStore';
import type { OutboxEntry, SyncLogRow } from './outboxRows';
import { schemaV1, schemaV2, schemaV3, schemaV4, schemaV5, schemaV6 } from './schema';
import type {
  ApartmentRow,
  BidRow,
  BudgetLineRow,
  BuildingRow,
  CheckGroupRow,
  CheckRow,
  ContactRow,
  DailyPlanRow,
  DebtRow,
  ExpenseRow,
  FacilityRow,
  KeyItemRow,
  LedgerEntryRow,
  MailItemRow,
  MaintenanceTestRow,
  MetaRow,
  MeterReadingRow,
  MeterRow,
  PhotoRow,
  ServiceCallRow,
  ServiceCallUpdateRow,
  SupplierRow,
  VisitRow,
} from './schema';

export const DB_NAME = 'binyan';

export class AppDB extends Dexie {
  buildings!: Table<BuildingRow, number>;
  apartments!: Table<ApartmentRow, string>;
  contacts!: Table<ContactRow, string>;
  serviceCalls!: Table<ServiceCallRow, string>;
  serviceCallUpdates!: Table<ServiceCallUpdateRow, string>;
  meters!: Table<MeterRow, string>;
  meterReadings!: Table<MeterReadingRow, string>;
  keys!: Table<KeyItemRow, string>;
  mailItems!: Table<MailItemRow, string>;
  visits!: Table<VisitRow, string>;
  dailyPlans!: Table<DailyPlanRow, string>;
  facilities!: Table<FacilityRow, string>;
  maintenanceTests!: Table<MaintenanceTestRow, string>;
  debts!: Table<DebtRow, string>;
  checkGroups!: Table<CheckGroupRow, string>;
  checks!: Table<CheckRow, string>;
  expenses!: Table<ExpenseRow, string>;
  ledgerEntries!: Table<LedgerEntryRow, string>;
  budgetLines!: Table<BudgetLineRow, string>;
  suppliers!: Table<SupplierRow, string>;
  bids!: Table<BidRow, string>;
  photos!: Table<PhotoRow, string>;
  outbox!: Table<OutboxEntry, string>;
  syncLog!: Table<SyncLogRow, number>;
  meta!: Table<MetaRow, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores(schemaV1);
    this.version(2)
      .stores(schemaV2)
      .upgrade(async (tx) => {
        // v1 entries may predate `kind`/`dependsOn`; fill them so the v2 indexes and the engine see them.
        await tx
          .table<Partial<OutboxEntry> & { id: string }, string>('outbox')
          .toCollection()
          .modify((entry) => {
            entry.kind ??= 'mutation';
            entry.dependsOn ??= [];
            entry.attempts ??= 0;
            entry.nextAttemptAt ??= 0;
          });
      });
    // List indexes only (built by IndexedDB from the stored rows); the outbox is untouched.
    this.version(3).stores(schemaV3);
    // New tables only (the committee's books); nothing existing changes.
    this.version(4).stores(schemaV4);
    // Fewer indexes only (rows untouched).
    this.version(5).stores(schemaV5);
    // Indexes only: the lists' first pages (rows untouched).
    this.version(6).stores(schemaV6);
  }
}

export const db = new AppDB();
// The sign-in page's Dexie-free reads and writes of `meta` (metaStore.ts) go through Dexie from now on.
void attachDexieMeta(db.meta).catch(() => undefined);

/**
 * Opens the database now when this device has one (a start on a signed-in page, while the session is
 * read): the first query of the screen then does not wait for the open. Never creates it.
 */
export async function openIfStored(): Promise<boolean> {
  if (!(await databaseExists())) return false;
  await db.open();
  return true;
}

/** Every table name (the outbox uses them in `entityKey`). */
export type TableName = {
  [K in keyof AppDB]: AppDB[K] extends Table<infer _R, infer _K> ? K : never;
}[keyof AppDB];
