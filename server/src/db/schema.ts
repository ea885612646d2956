// Kysely table types. Domain tables use the entity field names as column names, so a row maps to
// an entity by converting booleans and JSON columns only (see records.ts). Columns whose type differs
// between the engines (db/columns.ts) are read as either form and written in one.
import type { ColumnType, Generated } from 'kysely';
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
import type { Settlement } from '../../../src/lib/domain/ledger.ts';
import type { Bid, BudgetLineRecord, Expense, Supplier } from '../../../src/lib/domain/books.ts';
import type { BuildingEvent, BuildingRoom, Gate, RoomBooking } from '../../../src/lib/domain/buildingLife.ts';
import type { Role } from '../../../src/lib/rights/rights.ts';

/** A boolean column: read as 0/1 (SQLite) or true/false (PostgreSQL), written as a boolean. */
export type SqlBool = ColumnType<number | boolean, boolean, boolean>;

/** A JSON column: read as text (SQLite) or the parsed value (PostgreSQL), written as JSON text. */
export type SqlJson<T> = ColumnType<string | T, string, string>;

/** How an entity is stored: booleans and arrays/objects in the engine's own types (see above). */
export type SqlRow<E> = {
  [K in keyof E]: E[K] extends boolean ? SqlBool : E[K] extends readonly unknown[] | Record<string, unknown> ? SqlJson<E[K]> : E[K];
};

type Owned = { companyId: number };

export type CompanyTable = { id: number; guid: string; name: string; version: number; updatedAt: string };

export type UserRole = Role;

export type UserTable = {
  id: Generated<number>;
  companyId: number;
  userName: string;
  passwordHash: string;
  role: UserRole;
  fullName: string;
  phone: string;
  email: string | null;
  workerGuid: string;
  workerNumber: number;
  contactId: string | null;
  languageId: number;
  permSrvCall: number;
  permClearing: number;
  allowReceptionistModule: number;
  showChecksDeposit: number;
  createdAt: string;
  /** An approved data deletion ended the account (migration 023): no sign-in, renewal or session after it. */
  disabledAt: string | null;
};

export type WorkerBuildingTable = { userId: number; buildingId: number; ord: number };

export type SessionTable = {
  tokenHash: string;
  userId: number;
  companyId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** SHA-256 of the HttpOnly cookie id (migration 003); null when no cookie was asked for. */
  cookieHash: string | null;
  /** The renewal-secret chain the session came from (migration 005); null without one. */
  renewalChain: string | null;
  /** How it was signed in and the phone a code proved (migration 047, auth/signInMethod.ts); null before it. */
  signInMethod?: string | null;
  signInPhone?: string | null;
};

/** What a one-time code proves (migration 023): an account's password sign-in, a tenant's phone, a registration link. */
export type OtpPurpose = 'account' | 'phone' | 'register';

export type OtpChallengeTable = {
  otpGuid: string;
  purpose: OtpPurpose;
  /** What a repeated start is matched on (with the method): one live challenge per subject and method. */
  subject: string;
  /** The account's company; 0 for a phone sign-in (the phone may have accounts in several). */
  companyId: number;
  /** The account the code signs in; null for a registration (the user is created once the code is right) and a phone with no account. */
  userId: number | null;
  /** The account name the sign-in's failure limits count under (auth/signInLimits.ts). */
  userName: string;
  /** Digits of the phone the code goes to ('' when the account has none). */
  phone: string;
  /** A registration's contact of the link's apartment. */
  contactId: string | null;
  /** A registration's link. */
  linkCode: string | null;
  method: string;
  codeHash: string;
  target: string;
  target2: string;
  attempts: number;
  sendCount: number;
  lastSentAt: string;
  expiresAt: string;
  consumedAt: string | null;
  createdAt: string;
};

export type IdempotencyTable = {
  companyId: number;
  /** The user who sent the key (migration 007); 0 for keys stored before keys were per user. */
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
  status: number;
  body: string;
  createdAt: string;
};

/** Failure counters of sign-in and code checks (migration 005), shared by every server process. */
export type RateLimitTable = {
  scope: string;
  key: string;
  windowStart: string;
  count: number;
  lockedUntil: string | null;
};

/** Device-bound secrets for the silent re-login (migration 005); only hashes are stored. */
export type RenewalSecretTable = {
  secretHash: string;
  chainId: string;
  deviceHash: string;
  userId: number;
  companyId: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
  /** The secret this one's renewal answered (migration 030); null while unspent. */
  replacedBy?: string | null;
  /** The session this one's renewal answered (migration 030), to tell a lost answer from a copied secret. */
  sessionHash?: string | null;
  /** The chain's sign-in, given on to each renewed session (migration 047). */
  signInMethod?: string | null;
  signInPhone?: string | null;
};

export type SettingTable = { name: string; value: string };

/** What the server keeps for itself, never readable through an API (migration 025: the VAPID key pair). */
export type ServerSecretTable = { name: string; value: string };

/** A record a stored file belongs to (migration 025); a file is read through any record it belongs to. */
export type FileLinkTable = { fileId: string; companyId: number; parentType: string; parentId: string; linkedBy: number | null; createdAt: string };

export type BuildingTable = SqlRow<Building> & { guid: string };

export type CheckGroupTable = Owned & SqlRow<Omit<CheckGroup, 'checks'>> & { WorkerGuid: string | null; SubmittedAt: string | null; updatedAt: string };

export type CheckTable = Owned & SqlRow<Check> & { createdAt: string };

export type DepositConfirmationTable = {
  ChecksHeaderGuid: string;
  companyId: number;
  userName: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  confirmedAt: string | null;
  createdAt: string;
  /** Deposit calls started in the window beginning at startWindowAt (migration 006). */
  startCount: Generated<number>;
  startWindowAt: string | null;
  /** JSON of the first successful confirm's answer. */
  answer: string | null;
};

/** A stored file's row; its bytes are in the file store (files/fileStore.ts) under companyId + sha256. */
export type FileTable = {
  id: string;
  companyId: number;
  sha256: string;
  mimeType: string;
  size: number;
  parentType: string | null;
  parentId: string | null;
  srcFileName: string | null;
  createdBy: string | null;
  createdAt: string;
};

/** A photo arriving in parts (migration 034, routes/resumableUploads.ts); `received` bytes are kept so far. */
export type ResumableUploadTable = {
  id: string;
  companyId: number;
  userId: number;
  uploadKey: string;
  parentType: string;
  parentId: string;
  fileId: string | null;
  srcFileName: string | null;
  length: number;
  received: number;
  createdAt: string;
  expiresAt: string;
  finishedAt: string | null;
};

export type ResumableUploadPartTable = { uploadId: string; start: number; data: Buffer };

export type TranslationTable = { id: Generated<number>; LID: number; TranslateKey: string; TranslateData: string };

export type AppLogTable = { id: Generated<number>; companyId: number; userName: string; message: string; createdAt: string };

export type MaintenancePlanSendTable = {
  id: string;
  companyId: number;
  buildingId: number;
  sentAt: string;
  sentBy: string;
  incompleteCount: number;
};

export type AppFeedbackTable = {
  id: string;
  companyId: number;
  userName: string;
  rating: number;
  message: string;
  mayContact: SqlBool;
  createdAt: string;
};

/** Named counters (migration 008): call numbers, payment group ids. */
export type CounterTable = { name: string; value: number };

/** A gate's open request (migration 012): who asked, from which phone, what the dialer answered. */
export type GateOpeningTable = {
  id: string;
  companyId: number;
  gateId: string;
  userId: number;
  dialedFrom: string;
  status: string;
  reason: string | null;
  requestedAt: string;
  /** How the caller was admitted (lib/domain/gateRules.ts), and when the dialer was called (migration 022); null before. */
  via: string | null;
  dialedAt: string | null;
};

export type MessageTable = {
  id: string;
  companyId: number;
  buildingId: number;
  subject: string;
  body: string;
  imageId: string | null;
  owners: SqlBool;
  renters: SqlBool;
  channels: SqlJson<string[]>;
  pinned: SqlBool;
  sentBy: string;
  createdAt: string;
  /** A message topic (lib/domain/notificationPrefs.ts); migration 016. */
  topic: string;
  /** A call's status notice to its reporter and followers (migration 041): on no board, in no sender's list. */
  serviceCallId: Generated<string | null>;
  /** A "waiting at the desk" notice to one apartment's people (migration 045): on no board, in no sender's list. */
  deskApartmentId: Generated<string | null>;
  /** A reply's notice to the tenant who opened a thread (migration 043): on no board, in no sender's list. */
  threadId: Generated<string | null>;
};

/** Tenants following a common-area call someone else reported (migration 041). */
export type ServiceCallFollowerTable = { serviceCallId: string; userId: number; companyId: number; contactId: string | null; createdAt: string };

export type MessageDeliveryTable = {
  id: string;
  companyId: number;
  messageId: string;
  contactId: string;
  channel: string;
  address: string | null;
  state: string;
  reason: string | null;
  attempts: number;
  nextAttemptAt: string;
  sentAt: string | null;
  updatedAt: string;
  /** The recipient's own text and its language code (migration 021); null: the message's text. */
  subject: string | null;
  body: string | null;
  language: string | null;
  /** Migration 036: where a push opens (a debt reminder's payment link); null: the message on the board. */
  url?: string | null;
};

/** A user's notification preferences as JSON (lib/domain/notificationPrefs.ts); migration 016. */
export type NotificationPreferenceTable = { userId: number; companyId: number; preferences: SqlJson<object>; updatedAt: string };

/** A management company's customised sites (migration 018), in the order staff listed them. */
export type CompanySiteTable = { companyId: number; position: number; url: string; updatedAt: string };

export type PushSubscriptionTable = { endpoint: string; companyId: number; userId: number; p256dh: string; auth: string; language: string; createdAt: string };

/** Scheduled jobs (migration 008): the last start claims the run for one process. */
export type JobTable = { name: string; lastStartedAt: string; runs: Generated<number> };

/** The one ledger (migration 009): see src/lib/domain/ledger.ts. */
export type LedgerEntryTable = {
  id: string;
  companyId: number;
  buildingId: number;
  kind: string;
  date: string;
  amountAgorot: number;
  apartmentId: string | null;
  contactId: string | null;
  debtKind: string | null;
  dueDate: string | null;
  groupName: string | null;
  description: string;
  /** Migration 014: a system row's message key and params (src/lib/domain/ledgerText.ts). */
  descriptionKey: string | null;
  descriptionParams: ColumnType<string | Record<string, string> | null, string | null, string | null>;
  settles: SqlJson<Settlement[]>;
  sourceKind: string | null;
  sourceId: string | null;
  createdAt: string;
  createdBy: string;
  version: number;
  updatedAt: string;
};

/** A document of a unit (apartmentId) or of the building (null); its bytes are the file `fileId` (migration 013). */
export type DocumentTable = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string | null;
  kind: string;
  title: string;
  isPublic: SqlBool;
  fileId: string;
  mimeType: string;
  size: number;
  fileName: string | null;
  createdBy: string;
  createdAt: string;
  /** A signed form's signer as the form names them (migration 025); null for other documents. */
  signerName: string | null;
};

/** `state` (migration 025): queued in the request's transaction, sending once claimed after it, then sent. */
export type DocumentSendTable = { id: string; companyId: number; documentId: string; toAddress: string; sentBy: string; sentAt: string; state: string };

/** A prospective customer's "contact us" details (migration 013). */
export type LeadTable = {
  id: string;
  companyId: number;
  fullName: string;
  phone: string;
  email: string | null;
  building: string;
  note: string;
  createdAt: string;
  calledBackAt: string | null;
  calledBackBy: string | null;
};

/** A profile change (to the management company) or data deletion (to the administrator) request. */
export type ProfileRequestTable = {
  id: string;
  companyId: number;
  userId: number;
  userName: string;
  kind: string;
  changes: SqlJson<Record<string, string>>;
  note: string;
  state: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
};

export type TermsApprovalTable = { userId: number; version: string; companyId: number; approvedAt: string };

/** The front desk's visitors log (migration 013). */
export type VisitorTable = {
  id: string;
  companyId: number;
  buildingId: number;
  name: string;
  apartment: string;
  arrivedAt: string;
  leftAt: string | null;
  createdBy: string;
  /** The tenant's pre-approval the desk let in (migration 045). */
  passId: Generated<string | null>;
};
/** A visitor a tenant pre-approved for a day (migration 045; src/lib/domain/deskPasses.ts). */
export type VisitorPassTable = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  name: string;
  visitDate: string;
  note: string;
  status: string;
  visitorId: string | null;
  arrivedAt: string | null;
  createdByUserId: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};
/** Tenants pay (migration 010). */
export type BillingSettingsTable = {
  buildingId: number;
  companyId: number;
  cardPayments: SqlBool;
  fixedAgorot: number;
  percentBasisPoints: number;
  vat: string;
  foreignCardFixedAgorot: number;
  dinersAmexPercentBasisPoints: number;
  /** Migration 019: staff edits are checked against it. */
  version: Generated<number>;
  updatedAt: string;
  /** Migration 032: room bookings refused to apartments with a past-due debt. */
  refuseRoomsWithDebt: ColumnType<number | boolean, boolean | undefined, boolean>;
  /** Migration 038: who issues the building's receipts, `company` or `committee` (src/lib/domain/receiptIssuer.ts). */
  receiptIssuer: Generated<string>;
};

/** Migration 019 added who set the hold (a user id; null for holds made before). */
export type ApartmentHoldTable = { apartmentId: string; companyId: number; reason: string; createdAt: string; createdBy: number | null };

export type SavedCardTable = {
  id: string;
  companyId: number;
  userId: number;
  token: string;
  last4: string;
  expiry: string;
  cardKind: string;
  kept: SqlBool;
  createdAt: string;
  deletedAt: string | null;
};

export type PaymentTable = {
  id: string;
  companyId: number;
  userId: number | null;
  buildingId: number;
  apartmentId: string;
  contactId: string | null;
  chargeIds: SqlJson<string[]>;
  lines: SqlJson<unknown[]>;
  method: string;
  cardId: string | null;
  cardKind: string;
  last4: string;
  subtotalAgorot: number;
  feeNetAgorot: number;
  feeVatAgorot: number;
  totalAgorot: number;
  vatBasisPoints: number;
  status: string;
  providerChargeId: string | null;
  errorKey: string | null;
  receiptNumber: number | null;
  /** Migration 038: the issuer whose sequence `receiptNumber` is of (`company:<id>` or `committee:<building id>`). */
  receiptIssuer: string | null;
  payerName: string;
  standingOrderId: string | null;
  period: string | null;
  date: string;
  createdAt: string;
  updatedAt: string;
};

/** A building's committee fee schedule from a month on (migration 035; src/lib/domain/feeScheduleRules.ts). */
export type FeeScheduleTable = {
  id: string;
  companyId: number;
  buildingId: number;
  effectiveFrom: string;
  basis: string;
  rateAgorot: number;
  frequency: string;
  billingDay: number;
  payer: string;
  apartments: SqlJson<unknown[]>;
  createdAt: string;
  createdBy: string;
};

/** One check's own life (migration 037, issue 29 §5). */
export type CheckLifeTable = {
  CheckGuid: string;
  companyId: number;
  buildingId: number;
  apartmentId: string | null;
  ChecksHeaderGuid: string;
  paymentId: string;
  amountAgorot: number;
  depositDate: string;
  checkNumber: string | null;
  bankNumber: string | null;
  status: string;
  receivedAt: string;
  receivedBy: string;
  depositedAt: string | null;
  depositedBy: string | null;
  clearedAt: string | null;
  clearedBy: string | null;
  bouncedAt: string | null;
  bouncedBy: string | null;
  version: number;
  updatedAt: string;
};

/** A building's bounce fee from a date on (migration 037). */
export type CheckBounceFeeTable = {
  id: string;
  companyId: number;
  buildingId: number;
  effectiveFrom: string;
  amountAgorot: number;
  createdAt: string;
  createdBy: string;
};

/** A building's poll (migration 042); options are `{ id, label, bidId }` (src/lib/domain/pollRules.ts). */
export type PollTable = {
  id: string;
  companyId: number;
  buildingId: number;
  question: string;
  options: SqlJson<unknown[]>;
  closesAt: string;
  voters: string;
  weighting: string;
  resultsShown: string;
  status: string;
  closedAt: string | null;
  approvedBidId: string | null;
  createdAt: string;
  createdBy: string;
};

/** Who runs a building (migration 044): the lists are src/lib/domain/buildingPeople.ts's, as JSON. */
export type BuildingPeopleTable = {
  buildingId: number;
  companyId: number;
  members: SqlJson<unknown[]>;
  management: SqlJson<object>;
  emergency: SqlJson<unknown[]>;
  workerHours: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
};

/** A building's debt reminder rule (migration 036; lib/domain/debtReminderRules.ts). */
export type ReminderSettingsTable = {
  buildingId: number;
  companyId: number;
  enabled: SqlBool;
  firstAfterDays: number;
  everyDays: number;
  maxCount: number;
  channels: SqlJson<string[]>;
  updatedAt: string;
  updatedBy: string;
};

/** One reminder step of an apartment's debt period (migration 036): its id is `debtReminder:<apartment>:<period>:<step>`. */
export type DebtReminderTable = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  period: string;
  step: number;
  chargeIds: SqlJson<string[]>;
  amountAgorot: number;
  createdAt: string;
};

/** A tenant's thread with the committee or the management company (migration 043; lib/domain/threads.ts). */
export type ThreadTable = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  authorUserId: number;
  authorContactId: string;
  authorName: string;
  addressee: string;
  subject: string;
  createdAt: string;
  lastMessageAt: string;
};

/** One message of a thread: `side` is 'tenant' or 'answer'. */
export type ThreadMessageTable = {
  id: string;
  threadId: string;
  companyId: number;
  authorUserId: number;
  authorName: string;
  side: string;
  text: string;
  createdAt: string;
};

/** How far one user has read a thread (primary key: thread and user). */
export type ThreadReadTable = { threadId: string; userId: number; companyId: number; readAt: string };

/** One apartment's vote in a poll (primary key: poll and apartment). */
export type PollVoteTable = { pollId: string; apartmentId: string; companyId: number; optionId: string; weight: number; votedBy: number; votedAt: string };

export type StandingOrderTable = {
  id: string;
  companyId: number;
  userId: number;
  buildingId: number;
  apartmentId: string;
  cardId: string;
  billingDay: number;
  frequency: string;
  startDate: string;
  status: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** A charge an open payment intent is paying (migration 024): one row per charge while the intent is pending. */
export type PaymentReservationTable = { chargeId: string; paymentId: string; companyId: number; createdAt: string };

export type ProviderCardTable = { token: string; merchant: string; cardKind: string; last4: string; expiry: string; outcome: string; createdAt: string };
/** The reference provider's card-entry sessions (migration 040): its own records, read by no route of ours. */
export type ProviderCardEntryTable = {
  id: string;
  merchant: string;
  reference: string;
  appOrigin: string;
  lang: string;
  status: string;
  token: string | null;
  failure: string | null;
  createdAt: string;
  expiresAt: string;
};
export type ProviderChargeTable = {
  id: string;
  merchant: string;
  idempotencyKey: string;
  token: string;
  amountAgorot: number;
  status: string;
  refundedAgorot: number;
  createdAt: string;
};
/** Refunds of card payments (migration 014): one row per refund request's id (its idempotency key). */
export type PaymentRefundTable = {
  id: string;
  companyId: number;
  paymentId: string;
  amountAgorot: number;
  ledgerAgorot: number;
  status: string;
  errorKey: string | null;
  /** Migration 038: the credit document of a succeeded refund, numbered in its issuer's credit sequence. */
  creditIssuer: string | null;
  creditNumber: number | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};
/** The reference provider's refunds (migration 014): a refund key refunds once. */
export type ProviderRefundTable = { idempotencyKey: string; chargeId: string; amountAgorot: number; createdAt: string };
export type TenantLinkTable = {
  code: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  createdAt: string;
  /** owner / renter, or null for any tenant of the apartment (migration 017). */
  role: string | null;
  /** The last day (yyyy-mm-dd, Israel) the link works, or null. */
  expiresOn: string | null;
  usedAt: string | null;
  revokedAt: string | null;
  createdBy: number | null;
};

/** One change of a record the device pulls (migration 029): written by triggers in the change's transaction. */
export type SyncChangeTable = {
  seq: Generated<number>;
  /** PostgreSQL: the writing transaction's id; SQLite: 0 (one writer at a time, `seq` is commit order). */
  txid: Generated<number>;
  companyId: number;
  buildingId: number | null;
  /** The table as the device names it (`ledger`: debts, balances and charges read from the ledger). */
  tbl: string;
  recordId: string;
  op: 'upsert' | 'delete';
  createdAt: Generated<string>;
};

/** The oldest position the change log still answers for (one row, id 1). */
export type SyncFloorTable = { id: number; txid: number; seq: number };

export type DB = {
  companies: CompanyTable;
  users: UserTable;
  worker_buildings: WorkerBuildingTable;
  sessions: SessionTable;
  otp_challenges: OtpChallengeTable;
  idempotency_keys: IdempotencyTable;
  settings: SettingTable;
  server_secrets: ServerSecretTable;
  file_links: FileLinkTable;
  buildings: BuildingTable;
  apartments: Owned & SqlRow<Apartment>;
  contacts: Owned & SqlRow<Contact>;
  service_calls: Owned & SqlRow<ServiceCall>;
  service_call_updates: Owned & SqlRow<ServiceCallUpdate>;
  meters: Owned & SqlRow<Meter>;
  meter_readings: Owned & SqlRow<MeterReading>;
  key_items: Owned & SqlRow<KeyItem> & { normalizedNumber: string | null };
  mail_items: Owned & SqlRow<MailItem> & { normalizedNumber: string | null };
  visits: Owned & SqlRow<Visit>;
  facilities: Owned & SqlRow<Facility>;
  maintenance_tests: Owned & SqlRow<MaintenanceTest>;
  maintenance_plan_sends: MaintenancePlanSendTable;
  debts: Owned & SqlRow<Debt>;
  check_groups: CheckGroupTable;
  checks: CheckTable;
  deposit_confirmations: DepositConfirmationTable;
  files: FileTable;
  resumable_uploads: ResumableUploadTable;
  resumable_upload_parts: ResumableUploadPartTable;
  translations: TranslationTable;
  app_logs: AppLogTable;
  app_feedback: AppFeedbackTable;
  rate_limits: RateLimitTable;
  renewal_secrets: RenewalSecretTable;
  counters: CounterTable;
  jobs: JobTable;
  ledger_entries: LedgerEntryTable;
  expenses: Owned & SqlRow<Expense> & { invoiceKey: string | null };
  budget_lines: Owned & SqlRow<BudgetLineRecord>;
  suppliers: Owned & SqlRow<Supplier>;
  bids: Owned & SqlRow<Bid>;
  documents: DocumentTable;
  document_sends: DocumentSendTable;
  leads: LeadTable;
  profile_requests: ProfileRequestTable;
  terms_approvals: TermsApprovalTable;
  visitors: VisitorTable;
  visitor_passes: VisitorPassTable;
  rooms: Owned & SqlRow<BuildingRoom>;
  room_bookings: Owned & SqlRow<RoomBooking>;
  building_events: Owned & SqlRow<BuildingEvent> & { remindedAt: string | null };
  gates: Owned & SqlRow<Gate>;
  gate_openings: GateOpeningTable;
  messages: MessageTable;
  service_call_followers: ServiceCallFollowerTable;
  message_deliveries: MessageDeliveryTable;
  push_subscriptions: PushSubscriptionTable;
  notification_preferences: NotificationPreferenceTable;
  company_sites: CompanySiteTable;
  billing_settings: BillingSettingsTable;
  apartment_holds: ApartmentHoldTable;
  saved_cards: SavedCardTable;
  payments: PaymentTable;
  standing_orders: StandingOrderTable;
  fee_schedules: FeeScheduleTable;
  check_life: CheckLifeTable;
  check_bounce_fees: CheckBounceFeeTable;
  reminder_settings: ReminderSettingsTable;
  debt_reminders: DebtReminderTable;
  polls: PollTable;
  poll_votes: PollVoteTable;
  building_people: BuildingPeopleTable;
  threads: ThreadTable;
  thread_messages: ThreadMessageTable;
  thread_reads: ThreadReadTable;
  provider_cards: ProviderCardTable;
  provider_card_entries: ProviderCardEntryTable;
  provider_charges: ProviderChargeTable;
  provider_refunds: ProviderRefundTable;
  payment_refunds: PaymentRefundTable;
  tenant_links: TenantLinkTable;
  payment_reservations: PaymentReservationTable;
  sync_changes: SyncChangeTable;
  sync_floor: SyncFloorTable;
};
