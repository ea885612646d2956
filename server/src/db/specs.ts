import type {
  Apartment,
  Building,
  Check,
  CheckGroup,
  Contact,
  Debt,
  Facility,
  KeyItem,
  MailItem,
  MaintenanceTest,
  Meter,
  MeterReading,
  ServiceCall,
  ServiceCallUpdate,
  Visit,
} from '../../../src/lib/domain/entities.ts';
import type { BuildingEvent, BuildingRoom, Gate, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import { normalizeItemNumber } from '../../../src/lib/domain/itemRules.ts';
import type { Bid, BudgetLineRecord, Expense, Supplier } from '../../../src/lib/domain/books.ts';
import { invoiceKeyOf } from '../../../src/lib/domain/books.ts';
import type { RecordSpec } from './records.ts';

export type StoredCheckGroup = Omit<CheckGroup, 'checks'> & { WorkerGuid: string | null; SubmittedAt: string | null; updatedAt: string };
export type StoredCheck = Check & { createdAt: string };

const buildings: RecordSpec<Building> = { table: 'buildings', key: 'id', hidden: ['guid'] };
const apartments: RecordSpec<Apartment> = { table: 'apartments', key: 'id' };
const contacts: RecordSpec<Contact> = { table: 'contacts', key: 'id' };
const serviceCalls: RecordSpec<ServiceCall> = { table: 'service_calls', key: 'id', booleans: ['copyToMaintenanceManager', 'commonArea'] };
const serviceCallUpdates: RecordSpec<ServiceCallUpdate> = { table: 'service_call_updates', key: 'id', booleans: ['visibleToReporter', 'fromReporter'] };
const meters: RecordSpec<Meter> = { table: 'meters', key: 'id' };
const meterReadings: RecordSpec<MeterReading> = { table: 'meter_readings', key: 'id', booleans: ['paid'] };
// normalizedNumber makes "inserted twice" (itemRules.ts) an indexed lookup instead of a scan.
const keys: RecordSpec<KeyItem> = {
  table: 'key_items',
  key: 'id',
  hidden: ['companyId', 'normalizedNumber'],
  derived: (k) => ({ normalizedNumber: normalizeItemNumber(k.tagNumber) }),
};
const mailItems: RecordSpec<MailItem> = {
  table: 'mail_items',
  key: 'id',
  hidden: ['companyId', 'normalizedNumber'],
  derived: (m) => ({ normalizedNumber: normalizeItemNumber(m.trackingNumber) }),
};
const visits: RecordSpec<Visit> = { table: 'visits', key: 'id', booleans: ['madeToday'], json: ['checklist'] };
const facilities: RecordSpec<Facility> = { table: 'facilities', key: 'id' };
const maintenanceTests: RecordSpec<MaintenanceTest> = { table: 'maintenance_tests', key: 'id' };
const debts: RecordSpec<Debt> = { table: 'debts', key: 'id', booleans: ['paid'] };
const checkGroups: RecordSpec<StoredCheckGroup> = { table: 'check_groups', key: 'ChecksHeaderGuid', json: ['DebtIds'] };
const checks: RecordSpec<StoredCheck> = { table: 'checks', key: 'CheckGuid', booleans: ['SentToDeposit'] };

// invoiceKey (supplier + normalized invoice number) is unique: the same invoice is recorded once.
const expenses: RecordSpec<Expense> = { table: 'expenses', key: 'id', hidden: ['companyId', 'invoiceKey'], derived: (e) => ({ invoiceKey: invoiceKeyOf(e) }) };
const budgetLines: RecordSpec<BudgetLineRecord> = { table: 'budget_lines', key: 'id' };
const suppliers: RecordSpec<Supplier> = { table: 'suppliers', key: 'id', json: ['buildingIds'] };
const bids: RecordSpec<Bid> = { table: 'bids', key: 'id' };
const rooms: RecordSpec<BuildingRoom> = { table: 'rooms', key: 'id' };
const roomBookings: RecordSpec<RoomBooking> = { table: 'room_bookings', key: 'id', booleans: ['paid'] };
const buildingEvents: RecordSpec<BuildingEvent> = { table: 'building_events', key: 'id' };
const gates: RecordSpec<Gate> = { table: 'gates', key: 'id', booleans: ['isPublic'], json: ['dialingPhones'] };

export const specs = {
  buildings,
  apartments,
  contacts,
  serviceCalls,
  serviceCallUpdates,
  meters,
  meterReadings,
  keys,
  mailItems,
  visits,
  facilities,
  maintenanceTests,
  debts,
  checkGroups,
  checks,
  expenses,
  budgetLines,
  suppliers,
  bids,
  rooms,
  roomBookings,
  buildingEvents,
  gates,
};
