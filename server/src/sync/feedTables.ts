// What the incremental pull (changeFeed.ts) sends of a building, table by table: each table is read by
// the very function its own read route answers with, under that route's right (flags included) — so
// the pull shows a user exactly what the routes would, one building at a time. `route` names that
// route; server/test/syncChanges.test.ts checks each table declares the route's right.
import type { Action } from '../../../src/lib/rights/rights.ts';
import type { Db } from '../db/database.ts';
import { keyItems, mailItems } from '../data/items.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import { apartmentsOf, contactsOf } from '../routes/buildings.ts';
import { groupsToFill } from '../routes/checks.ts';
import { itemsOf } from '../routes/items.ts';
import { facilitiesOf, maintenanceTestsOf } from '../routes/maintenance.ts';
import { metersOf, readingsOf } from '../routes/meters.ts';
import { callsOf, filesOfCall, updatesOf } from '../routes/serviceCalls.ts';
import { visitsOf } from '../routes/visits.ts';

export type Row = Record<string, unknown>;

/** Another label's change re-sends the whole scope (`replace`), or the records a test picks. */
export type Refresh = 'replace' | ((record: Row, changedIds: ReadonlySet<string>) => boolean);

export type FeedTable = {
  /** The device's table. */
  table: string;
  /** The read route this table's records come from, as `METHOD /path`. */
  route: string;
  right: Action;
  key: string;
  /** Change-log labels (migration 029) naming records of this table. */
  labels: readonly string[];
  /** Labels whose changes alter records of this table they do not name (derived fields). */
  refreshOn?: Readonly<Record<string, Refresh>>;
  /** The building's records as the route answers them; `day`: the date whose visits the device holds. */
  read(db: Db, companyId: number, buildingId: number, day: string): Promise<Row[]>;
};

/** The calls the day keeps with their history: open and planned (a closed call is done with). */
const dayCalls = (db: Db, buildingId: number) => callsOf(db, { buildingId }, { tabs: ['open', 'planned'] });

/** In the order the device applies them: a table after those its scope is read from (calls before their updates). */
export const feedTables: readonly FeedTable[] = [
  {
    table: 'apartments',
    route: 'GET /api/binyan/buildings/:bid/apartments',
    right: 'apartments.read',
    key: 'id',
    labels: ['apartments'],
    // `debt` is the apartment's balance in the ledger.
    refreshOn: { ledger: 'replace' },
    read: (db, companyId, b) => apartmentsOf(db, companyId, b),
  },
  {
    table: 'contacts',
    route: 'GET /api/binyan/buildings/:bid/contacts',
    right: 'contacts.read',
    key: 'id',
    labels: ['contacts'],
    read: (db, _c, b) => contactsOf(db, b),
  },
  {
    table: 'serviceCalls',
    route: 'GET /api/binyan/service-calls',
    right: 'serviceCalls.read',
    key: 'id',
    labels: ['serviceCalls'],
    read: (db, _c, b) => dayCalls(db, b),
  },
  {
    table: 'serviceCallUpdates',
    route: 'GET /api/binyan/service-calls/:id/updates',
    right: 'serviceCalls.read',
    key: 'id',
    labels: ['serviceCallUpdates'],
    // A call reopened (or planned) brings its history.
    refreshOn: { serviceCalls: (u, ids) => ids.has(String(u.serviceCallId)) },
    read: async (db, _c, b) => (await Promise.all((await dayCalls(db, b)).map((call) => updatesOf(db, call.id)))).flat(),
  },
  {
    // One record per call of the day with photos: the files its list answers (ids for /files/getImg).
    table: 'serviceCallFiles',
    route: 'GET /api/binyan/service-calls/:id/files',
    right: 'serviceCalls.read',
    key: 'id',
    labels: ['serviceCallFiles'],
    refreshOn: { serviceCalls: (r, ids) => ids.has(String(r.id)) },
    read: async (db, companyId, b) => {
      const records: Row[] = [];
      for (const call of await dayCalls(db, b)) {
        const files = await filesOfCall(db, companyId, call.id);
        if (files.length > 0) records.push({ id: call.id, buildingId: b, files });
      }
      return records;
    },
  },
  {
    table: 'meters',
    route: 'GET /api/binyan/buildings/:bid/meters',
    right: 'meters.read',
    key: 'id',
    labels: ['meters'],
    read: (db, _c, b) => metersOf(db, b),
  },
  {
    table: 'meterReadings',
    route: 'GET /api/binyan/meters/:id/readings',
    right: 'meters.read',
    key: 'id',
    labels: ['meterReadings'],
    // A charged reading's `paid` and charge follow the ledger.
    refreshOn: { ledger: (r) => r.charge !== null && r.charge !== undefined },
    read: async (db, companyId, b) => (await Promise.all((await metersOf(db, b)).map((meter) => readingsOf(db, companyId, meter)))).flat(),
  },
  {
    table: 'keys',
    route: 'GET /api/binyan/keys',
    right: 'items.read',
    key: 'id',
    labels: ['keys'],
    read: (db, _c, b) => itemsOf(db, keyItems, { buildingId: b }),
  },
  {
    table: 'mailItems',
    route: 'GET /api/binyan/mail-items',
    right: 'items.read',
    key: 'id',
    labels: ['mailItems'],
    read: (db, _c, b) => itemsOf(db, mailItems, { buildingId: b }),
  },
  {
    table: 'facilities',
    route: 'GET /api/binyan/buildings/:bid/facilities',
    right: 'maintenance.read',
    key: 'id',
    labels: ['facilities'],
    read: (db, _c, b) => facilitiesOf(db, b),
  },
  {
    table: 'maintenanceTests',
    route: 'GET /api/binyan/buildings/:bid/maintenance-tests',
    right: 'maintenance.read',
    key: 'id',
    labels: ['maintenanceTests'],
    read: (db, _c, b) => maintenanceTestsOf(db, b),
  },
  {
    // Open charges, read from the ledger; a sent check payment marks its debts pending.
    table: 'debts',
    route: 'GET /api/binyan/debts',
    right: 'debts.read',
    key: 'id',
    labels: [],
    refreshOn: { ledger: 'replace', checkGroups: 'replace' },
    read: (db, companyId, b, day) => buildingDebts(db, companyId, b, day),
  },
  {
    table: 'visits',
    route: 'GET /api/binyan/visits',
    right: 'plan.read',
    key: 'id',
    labels: ['visits'],
    read: (db, _c, b, day) => visitsOf(db, { buildingId: b, visitDate: day }),
  },
  {
    table: 'checkGroups',
    route: 'GET /api/binyan/check/toFill',
    right: 'checks.deposit',
    key: 'ChecksHeaderGuid',
    labels: ['checkGroups'],
    read: (db, _c, b) => groupsToFill(db, { BuildingId: b }),
  },
];

/** The unit list: every building the user sees (not one building's records). */
export const buildingsFeed = { table: 'buildings', route: 'GET /api/pos/building/units', right: 'buildings.read', key: 'id', label: 'buildings' } as const;
