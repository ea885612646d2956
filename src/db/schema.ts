import type {
  Apartment,
  Building,
  Check,
  CheckGroup,
  Contact,
  DailyPlan,
  Debt,
  Facility,
  KeyItem,
  MailItem,
  MaintenanceTest,
  Meter,
  MeterReading,
  ServiceCall,
  ServiceCallTab,
  ServiceCallUpdate,
  Visit,
} from '../lib/domain/entities';
import type { Bid, BudgetLineRecord, Expense, LedgerRecord, Supplier } from '../lib/domain/books';
import type { SyncState } from '../lib/syncState';

export type { SyncState };

export type LocalFields = {
  syncState: SyncState;
  /**
   * Newest server version seen by a pull while the row had pending local changes. `version` stays the
   * base the pending changes were made on (the outbox entries carry it), so the two are kept apart.
   */
  serverVersion?: number;
  /** Lower-cased words of the searchable text fields (multi-entry index for search-as-you-type). */
  searchWords?: string[];
};

export type BuildingRow = Building & LocalFields;
export type ApartmentRow = Apartment & LocalFields;
export type ContactRow = Contact & LocalFields;
export type ServiceCallRow = ServiceCall & LocalFields & { tab: ServiceCallTab };
export type ServiceCallUpdateRow = ServiceCallUpdate & LocalFields;
export type MeterRow = Meter & LocalFields;
export type MeterReadingRow = MeterReading & LocalFields;
/** `signature`: the recipient's drawing (a data URL) kept on the device until the server's file id replaces it. */
export type KeyItemRow = KeyItem & LocalFields & { signature?: string | null };
export type MailItemRow = MailItem & LocalFields & { signature?: string | null };
export type VisitRow = Visit & LocalFields;
export type DailyPlanRow = DailyPlan & { key: string /* `${workerId}:${planDate}` */ };
export type FacilityRow = Facility & LocalFields;
export type MaintenanceTestRow = MaintenanceTest & LocalFields;
export type DebtRow = Debt & LocalFields;
/**
 * `PayerName` and `SubmittedAt` come with the payments waiting for their deposit (GET check/awaitingDeposit);
 * `DepositConfirmedAt` marks one confirmed on this device until the next pull drops it.
 */
export type CheckGroupRow = Omit<CheckGroup, 'checks'> &
  LocalFields & { PayerName?: string | null; SubmittedAt?: string | null; DepositConfirmedAt?: string | null };
export type CheckRow = Check & LocalFields;
export type ExpenseRow = Expense & LocalFields;
export type LedgerEntryRow = LedgerRecord & LocalFields;
export type BudgetLineRow = BudgetLineRecord & LocalFields;
export type SupplierRow = Supplier & LocalFields;
export type BidRow = Bid & LocalFields;

export type PhotoUploadState = 'local' | 'uploaded';

export type PhotoRow = {
  id: string; // client UUID
  ownerTable: string; // e.g. 'serviceCalls', 'serviceCallUpdates', 'meterReadings', 'checks'
  ownerId: string;
  role: string; // e.g. 'attachment', 'meter', 'checkFront', 'checkBack'
  blob: Blob;
  mime: string;
  width: number;
  height: number;
  size: number;
  hash: string; // SHA-256 hex of the stored bytes
  createdAt: string;
  uploadState: PhotoUploadState;
  fileId: string | null; // server file id after upload
  /** When this device's upload of it was applied (a photo taken here and sent). */
  sentAt?: string;
  /** The blob is the server's small version: the full one was sent and removed from the device. */
  small?: boolean;
};

export type MetaRow = { key: string; value: unknown };

/** Dexie store definitions, version 1. Later versions are added in db.ts, never edited here. */
export const schemaV1 = {
  buildings: 'id, name, city, number',
  apartments: 'id, buildingId, [buildingId+number]',
  contacts: 'id, buildingId, apartmentId, fullName, phone, email, role, *searchWords',
  serviceCalls: 'id, buildingId, status, tab, [buildingId+tab], openedAt, lastUpdateAt, callNumber, domain, syncState, *searchWords',
  serviceCallUpdates: 'id, serviceCallId, createdAt',
  meters: 'id, buildingId, apartmentId',
  meterReadings: 'id, meterId, [meterId+readAt], buildingId',
  keys: 'id, buildingId, status, [buildingId+status], apartmentId, contactId, tagNumber',
  mailItems: 'id, buildingId, status, [buildingId+status], apartmentId, contactId, trackingNumber',
  visits: 'id, visitDate, [buildingId+visitDate]',
  dailyPlans: 'key, planDate',
  facilities: 'id, buildingId',
  maintenanceTests: 'id, buildingId, facilityId, status, plannedDate',
  debts: 'id, buildingId, apartmentId, contactGuid',
  checkGroups: 'ChecksHeaderGuid, ContactGuid, Status',
  checks: 'CheckGuid, ChecksHeaderGuid',
  photos: 'id, [ownerTable+ownerId], hash, uploadState',
  outbox: 'id, seq, state, entityKey, nextAttemptAt, ownerUserKey',
  syncLog: '++id, at',
  meta: 'key',
} as const;

/**
 * Version 2: indexes the replay engine and the sync screens query (per user and per record in
 * sequence order), the sync log by entry, and list indexes of the feature screens.
 */
export const schemaV2 = {
  ...schemaV1,
  serviceCalls: 'id, buildingId, status, tab, [buildingId+tab], [buildingId+status], openedAt, lastUpdateAt, callNumber, domain, syncState, *searchWords',
  serviceCallUpdates: 'id, serviceCallId, [serviceCallId+createdAt], createdAt',
  meterReadings: 'id, meterId, [meterId+readAt], buildingId, readAt',
  outbox: 'id, seq, state, entityKey, nextAttemptAt, ownerUserKey, kind, [ownerUserKey+seq], [entityKey+seq]',
  syncLog: '++id, at, entryId',
} as const;

/**
 * Version 3: ordered indexes of the service-calls list, one per order the screen offers, so a page is
 * read straight from an index range (newest first = reverse walk) instead of sorting the whole tab.
 * The trailing `openedAt` is the list's tie-break; the primary key (id) breaks the remaining ties.
 */
export const schemaV3 = {
  ...schemaV2,
  serviceCalls:
    'id, buildingId, status, tab, [buildingId+tab], [buildingId+status], openedAt, lastUpdateAt, callNumber, domain, syncState, *searchWords, ' +
    '[tab+openedAt], [buildingId+tab+openedAt], [tab+lastUpdateAt+openedAt], [buildingId+tab+lastUpdateAt+openedAt], ' +
    '[tab+priority+openedAt], [buildingId+tab+priority+openedAt], [status+openedAt], [buildingId+status+openedAt]',
} as const;

/**
 * Version 4: the committee's books (issue 15): a building's ledger as pulled (reports read it offline),
 * its expenses, budget lines and quotes, and the company's suppliers.
 */
export const schemaV4 = {
  ...schemaV3,
  expenses: 'id, buildingId, [buildingId+date], supplierId',
  ledgerEntries: 'id, buildingId, [buildingId+date], contactId',
  budgetLines: 'id, buildingId, [buildingId+year]',
  suppliers: 'id, name, *buildingIds, *searchWords',
  bids: 'id, buildingId, supplierId',
} as const;

/**
 * Version 5: the service calls, contacts, outbox and sync log keep only the indexes a query reads (the
 * long lists' search and order live in memory: tableIndex.ts). Every index is written on each put or
 * delete of a row, so the 17 unread ones of a call (its search words one entry each) made a call's
 * write 3–4× dearer: the replay's row updates, a pull of 20 000 calls, each local change; the replay
 * also adds a log row and deletes an entry per change.
 */
export const schemaV5 = {
  ...schemaV4,
  serviceCalls: 'id, tab, [buildingId+tab]',
  contacts: 'id, buildingId, apartmentId',
  outbox: 'id, seq, entityKey, [ownerUserKey+seq]',
  syncLog: '++id',
} as const;

/**
 * Version 6: a long list's first page is read straight from an index while the list is built in memory
 * after it (db/tableIndex.ts): the service calls of a tab (of a building) newest opened first, the keys
 * and mail items of a building's tab newest registered first. The calls' `tab` and `[buildingId+tab]`
 * reads use the new indexes' leading parts (Dexie's virtual indexes), so a call still writes two index
 * entries; the items' `[buildingId+status]` likewise.
 */
export const schemaV6 = {
  ...schemaV5,
  serviceCalls: 'id, [tab+openedAt], [buildingId+tab+openedAt]',
  keys: 'id, buildingId, status, [buildingId+status+registeredAt], apartmentId, contactId, tagNumber',
  mailItems: 'id, buildingId, status, [buildingId+status+registeredAt], apartmentId, contactId, trackingNumber',
} as const;
