// Entity shapes shared by the client (Dexie rows, screens) and the reference server (API payloads).
// JSON over the wire uses exactly these field names. Dates are ISO-8601 strings (UTC) unless the
// name ends in `Date`, which is a local calendar date `yyyy-mm-dd`.

/** Every server-owned record carries these. `version` starts at 1 and grows by 1 on each change. */
export type Versioned = {
  version: number;
  updatedAt: string;
};

export type Building = Versioned & {
  id: number; // BID
  companyId: number;
  number: number;
  name: string;
  address: string;
  city: string;
  apartmentsCount: number;
  logoUrl: string | null;
  buttonColor: string; // CSS colour, e.g. '#1d4ed8'
  pricePerKwh: number | null; // NIS; null = not set (charging stations refused)
  bankAccount: string | null;
  accountName: string | null;
  propertyType: string | null;
  managementType: string | null;
};

export type Apartment = Versioned & {
  id: string;
  buildingId: number;
  number: string;
  floor: number;
  entrance: string | null;
  area: number | null; // square metres
  parking: string | null;
  debt: number; // NIS, open debt of the unit
};

export const contactRoles = ['owner', 'renter', 'committee', 'worker', 'supplier', 'maintenanceManager', 'guard', 'other'] as const;
export type ContactRole = (typeof contactRoles)[number];

export type Contact = Versioned & {
  id: string; // client UUID when created on a device
  buildingId: number;
  apartmentId: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string | null;
  phone: string | null; // digits only
  role: ContactRole;
  position: string | null;
  carNumber: string | null;
  parkingNumber: string | null;
};

export const serviceCallStatuses = ['planned', 'open', 'inTreatment', 'inExecution', 'treated', 'finishedTesting', 'closed', 'cancelled'] as const;
export type ServiceCallStatus = (typeof serviceCallStatuses)[number];

/** The three tabs of the service-calls list. */
export type ServiceCallTab = 'open' | 'closed' | 'planned';

export const serviceCallPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type ServiceCallPriority = (typeof serviceCallPriorities)[number];

export const serviceCallDomains = [
  'electricity',
  'plumbing',
  'elevator',
  'cleaning',
  'gardening',
  'intercom',
  'doorsAndGates',
  'fireSafety',
  'parking',
  'general',
] as const;
export type ServiceCallDomain = (typeof serviceCallDomains)[number];

export const serviceCallTypes = ['fault', 'maintenance', 'request', 'complaint'] as const;
export type ServiceCallType = (typeof serviceCallTypes)[number];

export type ServiceCall = Versioned & {
  id: string; // client UUID (route param :pid)
  buildingId: number;
  callNumber: number | null; // "reading number", assigned by the server; null until applied
  callType: ServiceCallType;
  domain: ServiceCallDomain;
  reporterContactId: string | null;
  reporterName: string;
  status: ServiceCallStatus;
  priority: ServiceCallPriority;
  subject: string;
  description: string;
  openedAt: string;
  lastVisitAt: string | null;
  lastUpdateAt: string;
  closedAt: string | null;
  copyToMaintenanceManager: boolean;
  createdBy: string; // worker GUID or user name
  /** The apartment the call is about (a tenant's report of their own home); null: none named. */
  apartmentId?: string | null;
  /** About a common area of the building (lobby, stairs, garden): its tenants may see it and join it. */
  commonArea?: boolean;
  /** The tenant's account that reported it from the tenant app (src/lib/domain/tenantCalls.ts). */
  reporterUserId?: number | null;
};

export type ServiceCallUpdate = Versioned & {
  id: string;
  serviceCallId: string;
  text: string;
  createdAt: string;
  createdBy: string;
  /** Shown to the call's reporter and the tenants following it (staff choose, per update). */
  visibleToReporter?: boolean;
  /** A comment the reporter (or a following tenant) wrote from the tenant app. */
  fromReporter?: boolean;
  /** The account that wrote a reporter's comment (null for staff's updates). */
  authorUserId?: number | null;
};

export const meterKinds = ['unit', 'evCharger'] as const;
export type MeterKind = (typeof meterKinds)[number];

export type Meter = Versioned & {
  id: string;
  buildingId: number;
  apartmentId: string | null; // one counter per unit
  number: string;
  kind: MeterKind;
  initialReading: number;
  lastReading: number | null;
  lastReadingAt: string | null;
};

export type MeterReading = Versioned & {
  id: string;
  meterId: string;
  buildingId: number;
  previous: number;
  current: number;
  consumption: number; // current - previous (kWh)
  readAt: string;
  photoId: string | null; // file id of the uploaded photo (client photo id until uploaded)
  paid: boolean;
  pricePerKwh: number | null; // captured for EV chargers at reading time
  /** A charging station's reading is a charge of the one ledger: set by the server from it, never stored. */
  charge?: ReadingCharge | null;
};

/** A billed reading's charge as the ledger has it (src/lib/domain/evCharges.ts). */
export type ReadingCharge = { chargeId: string; amountAgorot: number; openAgorot: number; pendingChecks: boolean };

export type HandoverFields = {
  deliveredTo: string | null;
  deliveredBy: string | null;
  deliveredAt: string | null;
  /** The recipient's drawn signature (a file), when one was taken at the handover. */
  signatureFileId?: string | null;
};

export type ItemStatus = 'pending' | 'delivered';

export type KeyItem = Versioned &
  HandoverFields & {
    id: string;
    buildingId: number;
    apartmentId: string | null;
    contactId: string | null;
    tagNumber: string; // unique among pending keys of a building
    description: string;
    status: ItemStatus;
    registeredAt: string;
    registeredBy: string;
  };

export const mailItemKinds = ['letter', 'registeredLetter', 'parcel', 'delivery'] as const;
export type MailItemKind = (typeof mailItemKinds)[number];

export type MailItem = Versioned &
  HandoverFields & {
    id: string;
    buildingId: number;
    apartmentId: string | null;
    contactId: string | null;
    kind: MailItemKind;
    carrier: string | null;
    trackingNumber: string; // unique among pending items of a building
    description: string;
    status: ItemStatus;
    registeredAt: string;
    registeredBy: string;
  };

export type ChecklistItem = { id: string; label: string; done: boolean };

export type Visit = Versioned & {
  id: string;
  buildingId: number;
  workerId: string;
  visitDate: string; // yyyy-mm-dd local
  description: string;
  madeToday: boolean;
  checklist: ChecklistItem[];
};

export type DailyPlanEntry = {
  buildingId: number;
  order: number;
  checklist: { id: string; label: string }[];
};

export type DailyPlan = { planDate: string; workerId: string; entries: DailyPlanEntry[] };

export type Facility = Versioned & {
  id: string;
  buildingId: number;
  name: string;
  kind: string;
  location: string | null;
};

export const maintenanceTestStatuses = ['unchecked', 'done', 'notCompleted'] as const;
export type MaintenanceTestStatus = (typeof maintenanceTestStatuses)[number];

export type MaintenanceTest = Versioned & {
  id: string;
  buildingId: number;
  facilityId: string;
  title: string;
  plannedDate: string; // yyyy-mm-dd
  status: MaintenanceTestStatus;
  doneAt: string | null;
  notes: string | null;
};

export const debtKinds = ['pastCommittee', 'currentCommittee', 'futureCommittee', 'special'] as const;
export type DebtKind = (typeof debtKinds)[number];

export type Debt = Versioned & {
  id: string;
  buildingId: number;
  apartmentId: string;
  contactId: string;
  contactGuid: string;
  kind: DebtKind;
  description: string;
  /** A charge the system posted (an EV reading) says what it is as a key and params (ledgerText.ts). */
  descriptionKey?: string | null;
  descriptionParams?: Record<string, string> | null;
  amount: number; // NIS
  dueDate: string; // yyyy-mm-dd
  paid: boolean;
};

/** Spec section 3: field names are the provider's, kept verbatim. */
export type Check = {
  CheckGuid: string;
  TransactionNumber: string | null;
  checksHeaderID: number | null;
  ChecksHeaderGuid: string;
  CheckStatus: number; // 1 = new
  Amount: number;
  DepositDate: string; // yyyy-mm-dd local
  ApprovedByUserId: number | null;
  ApprovalDate: string | null;
  SentToDeposit: boolean;
  LastStatusChange: string | null;
  LastStatusChangeByUserID: number | null;
  redirect: string | null;
  BankNumber: string | null;
  BranchNumber: string | null;
  AccountNumber: string | null;
  CheckNumber: string | null;
  FrontImageId: string | null;
  BackImageId: string | null;
  version: number;
};

export type CheckGroup = {
  ID: number | null;
  ChecksHeaderGuid: string;
  Amount: number;
  CreateDate: string;
  BatchId: string | null;
  NumbersOfPayments: number; // follows the number of checks (initially 1)
  ContactGuid: string;
  BuildingId: number;
  DebtIds: string[];
  Status: 'draft' | 'scanned' | 'submitted' | 'cancelled';
  checks: Check[];
  version: number;
};
