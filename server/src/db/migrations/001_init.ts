import type { CreateTableBuilder, Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

type Table = CreateTableBuilder<string, never>;

// Common columns of server-owned domain records.
const owned = (t: Table) => t.addColumn('companyId', 'integer', (c) => c.notNull());
const versioned = (t: Table) => t.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).addColumn('updatedAt', 'text', (c) => c.notNull());
const handover = (t: Table) => t.addColumn('deliveredTo', 'text').addColumn('deliveredBy', 'text').addColumn('deliveredAt', 'text');

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  const s = db.schema;
  await versioned(
    s
      .createTable('companies')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('guid', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull()),
  ).execute();

  await s
    .createTable('users')
    .addColumn('id', 'integer', types.autoId)
    .addColumn('companyId', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('fullName', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('workerGuid', 'text', (c) => c.notNull().unique())
    .addColumn('workerNumber', 'integer', (c) => c.notNull())
    .addColumn('contactId', 'text')
    .addColumn('languageId', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('permSrvCall', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('permClearing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allowReceptionistModule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('showChecksDeposit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addUniqueConstraint('users_company_user', ['companyId', 'userName'])
    .execute();

  await s
    .createTable('worker_buildings')
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('worker_buildings_pk', ['userId', 'buildingId'])
    .execute();

  await s
    .createTable('sessions')
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('lastSeenAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .execute();

  await s
    .createTable('otp_challenges')
    .addColumn('otpGuid', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('target2', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sendCount', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lastSentAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('consumedAt', types.instant)
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();

  await s
    .createTable('idempotency_keys')
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('requestHash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['companyId', 'key'])
    .execute();

  await s
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await versioned(
    s
      .createTable('buildings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('companyId', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('guid', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('apartmentsCount', 'integer', (c) => c.notNull())
      .addColumn('logoUrl', 'text')
      .addColumn('buttonColor', 'text', (c) => c.notNull())
      .addColumn('pricePerKwh', types.real)
      .addColumn('bankAccount', 'text')
      .addColumn('accountName', 'text')
      .addColumn('propertyType', 'text')
      .addColumn('managementType', 'text'),
  ).execute();
  await s.createIndex('buildings_company').on('buildings').column('companyId').execute();

  const domainTable = async (name: string, build: (t: Table) => Table, indexes: string[][]) => {
    await versioned(build(owned(s.createTable(name).addColumn('id', 'text', (c) => c.primaryKey())))).execute();
    for (const cols of indexes)
      await s
        .createIndex(`${name}_${cols.join('_')}`)
        .on(name)
        .columns(cols)
        .execute();
  };

  await domainTable(
    'apartments',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('floor', 'integer', (c) => c.notNull())
        .addColumn('entrance', 'text')
        .addColumn('area', types.real)
        .addColumn('parking', 'text')
        .addColumn('debt', types.real, (c) => c.notNull().defaultTo(0)),
    [['buildingId']],
  );
  await domainTable(
    'contacts',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('apartmentId', 'text')
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('fullName', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('carNumber', 'text')
        .addColumn('parkingNumber', 'text'),
    [['buildingId']],
  );
  await domainTable(
    'service_calls',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('callNumber', 'integer')
        .addColumn('callType', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('reporterContactId', 'text')
        .addColumn('reporterName', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('openedAt', 'text', (c) => c.notNull())
        .addColumn('lastVisitAt', 'text')
        .addColumn('lastUpdateAt', 'text', (c) => c.notNull())
        .addColumn('closedAt', 'text')
        .addColumn('copyToMaintenanceManager', types.bool, (c) => c.notNull().defaultTo(false))
        .addColumn('createdBy', 'text', (c) => c.notNull()),
    [
      ['companyId', 'buildingId'],
      ['companyId', 'updatedAt'],
    ],
  );
  await domainTable(
    'service_call_updates',
    (t) =>
      t
        .addColumn('serviceCallId', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull()),
    [['serviceCallId']],
  );
  await domainTable(
    'meters',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('apartmentId', 'text')
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('initialReading', types.real, (c) => c.notNull())
        .addColumn('lastReading', types.real)
        .addColumn('lastReadingAt', 'text'),
    [['buildingId']],
  );
  await domainTable(
    'meter_readings',
    (t) =>
      t
        .addColumn('meterId', 'text', (c) => c.notNull())
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('previous', types.real, (c) => c.notNull())
        .addColumn('current', types.real, (c) => c.notNull())
        .addColumn('consumption', types.real, (c) => c.notNull())
        .addColumn('readAt', 'text', (c) => c.notNull())
        .addColumn('photoId', 'text')
        .addColumn('paid', types.bool, (c) => c.notNull().defaultTo(false))
        .addColumn('pricePerKwh', types.real),
    [['meterId']],
  );
  const item = (t: Table) =>
    handover(
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('apartmentId', 'text')
        .addColumn('contactId', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('registeredAt', 'text', (c) => c.notNull())
        .addColumn('registeredBy', 'text', (c) => c.notNull()),
    );
  await domainTable('key_items', (t) => item(t).addColumn('tagNumber', 'text', (c) => c.notNull()), [['buildingId', 'status']]);
  await domainTable(
    'mail_items',
    (t) =>
      item(t)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('carrier', 'text')
        .addColumn('trackingNumber', 'text', (c) => c.notNull()),
    [['buildingId', 'status']],
  );
  await domainTable(
    'visits',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('workerId', 'text', (c) => c.notNull())
        .addColumn('visitDate', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('madeToday', types.bool, (c) => c.notNull().defaultTo(false))
        .addColumn('checklist', types.json, (c) => c.notNull()),
    [['companyId', 'visitDate']],
  );
  await domainTable(
    'facilities',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('location', 'text'),
    [['buildingId']],
  );
  await domainTable(
    'maintenance_tests',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('facilityId', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('plannedDate', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('doneAt', 'text')
        .addColumn('notes', 'text'),
    [['buildingId']],
  );
  await s
    .createTable('maintenance_plan_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('sentAt', types.instant, (c) => c.notNull())
    .addColumn('sentBy', 'text', (c) => c.notNull())
    .addColumn('incompleteCount', 'integer', (c) => c.notNull())
    .execute();
  await domainTable(
    'debts',
    (t) =>
      t
        .addColumn('buildingId', 'integer', (c) => c.notNull())
        .addColumn('apartmentId', 'text', (c) => c.notNull())
        .addColumn('contactId', 'text', (c) => c.notNull())
        .addColumn('contactGuid', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('amount', types.real, (c) => c.notNull())
        .addColumn('dueDate', 'text', (c) => c.notNull())
        .addColumn('paid', types.bool, (c) => c.notNull().defaultTo(false)),
    [['contactGuid'], ['buildingId']],
  );

  await s
    .createTable('check_groups')
    .addColumn('ChecksHeaderGuid', 'text', (c) => c.primaryKey())
    .addColumn('ID', 'integer', (c) => c.unique())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('Amount', types.real, (c) => c.notNull())
    .addColumn('CreateDate', 'text', (c) => c.notNull())
    .addColumn('BatchId', 'text')
    .addColumn('NumbersOfPayments', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ContactGuid', 'text', (c) => c.notNull())
    .addColumn('BuildingId', 'integer', (c) => c.notNull())
    .addColumn('DebtIds', types.json, (c) => c.notNull())
    .addColumn('Status', 'text', (c) => c.notNull())
    .addColumn('WorkerGuid', 'text')
    .addColumn('SubmittedAt', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('check_groups_contact').on('check_groups').columns(['companyId', 'ContactGuid']).execute();

  await s
    .createTable('checks')
    .addColumn('CheckGuid', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('ChecksHeaderGuid', 'text', (c) => c.notNull())
    .addColumn('TransactionNumber', 'text')
    .addColumn('checksHeaderID', 'integer')
    .addColumn('CheckStatus', 'integer', (c) => c.notNull())
    .addColumn('Amount', types.real, (c) => c.notNull())
    .addColumn('DepositDate', 'text', (c) => c.notNull())
    .addColumn('ApprovedByUserId', 'integer')
    .addColumn('ApprovalDate', 'text')
    .addColumn('SentToDeposit', types.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('LastStatusChange', 'text')
    .addColumn('LastStatusChangeByUserID', 'integer')
    .addColumn('redirect', 'text')
    .addColumn('BankNumber', 'text')
    .addColumn('BranchNumber', 'text')
    .addColumn('AccountNumber', 'text')
    .addColumn('CheckNumber', 'text')
    .addColumn('FrontImageId', 'text')
    .addColumn('BackImageId', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('checks_header').on('checks').column('ChecksHeaderGuid').execute();

  await s
    .createTable('deposit_confirmations')
    .addColumn('ChecksHeaderGuid', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .addColumn('confirmedAt', types.instant)
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();

  await s
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('mimeType', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', types.blob, (c) => c.notNull())
    .addColumn('parentType', 'text')
    .addColumn('parentId', 'text')
    .addColumn('srcFileName', 'text')
    .addColumn('createdBy', 'text')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addUniqueConstraint('files_company_hash', ['companyId', 'sha256'])
    .execute();

  await s
    .createTable('translations')
    .addColumn('id', 'integer', types.autoId)
    .addColumn('LID', 'integer', (c) => c.notNull())
    .addColumn('TranslateKey', 'text', (c) => c.notNull())
    .addColumn('TranslateData', 'text', (c) => c.notNull())
    .addUniqueConstraint('translations_lid_key', ['LID', 'TranslateKey'])
    .execute();

  await s
    .createTable('app_logs')
    .addColumn('id', 'integer', types.autoId)
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('userName', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'app_logs',
    'translations',
    'files',
    'deposit_confirmations',
    'checks',
    'check_groups',
    'debts',
    'maintenance_plan_sends',
    'maintenance_tests',
    'facilities',
    'visits',
    'mail_items',
    'key_items',
    'meter_readings',
    'meters',
    'service_call_updates',
    'service_calls',
    'contacts',
    'apartments',
    'buildings',
    'settings',
    'idempotency_keys',
    'otp_challenges',
    'sessions',
    'worker_buildings',
    'users',
    'companies',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
