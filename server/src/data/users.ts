// Users, their companies and building assignments.
import type { Db } from '../db/database.ts';
import { statement } from '../db/database.ts';
import type { UserTable } from '../db/schema.ts';

export type UserRow = Omit<UserTable, 'id'> & { id: number };

const byId = statement((q, id: number) => q.selectFrom('users').selectAll().where('id', '=', id));
const byName = statement((q, companyId: number, userName: string) => q.selectFrom('users').selectAll().where('companyId', '=', companyId).where('userName', '=', userName));
const assigned = statement((q, userId: number) => q.selectFrom('worker_buildings').select('buildingId').where('userId', '=', userId).orderBy('ord'));
const accounts = statement((q, userName: string, phone: string) =>
  q
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select(['companies.id as id', 'companies.name as name'])
    .where('users.userName', '=', userName)
    .where('users.phone', '=', phone)
    .where('users.disabledAt', 'is', null)
    .orderBy('companies.id'),
);
const byWorkerGuid = statement((q, workerGuid: string) => q.selectFrom('users').select('companyId').where('workerGuid', '=', workerGuid));

export const users = {
  byId: (db: Db, id: number) => byId.first(db, id) as Promise<UserRow | undefined>,
  /** User names are stored lower case; the lookup trims and lowers the one given. */
  byName: (db: Db, companyId: number, userName: string) => byName.first(db, companyId, userName.trim().toLowerCase()) as Promise<UserRow | undefined>,
  /** The companies the same person works for: an account of the same user name and phone in each. */
  companiesOf: (db: Db, user: Pick<UserRow, 'userName' | 'phone'>) => accounts.all(db, user.userName, user.phone),
  /** The company of the worker with this GUID. */
  companyOfWorker: async (db: Db, workerGuid: string): Promise<number | undefined> => (await byWorkerGuid.first(db, workerGuid))?.companyId,
  /** The language each of these contacts set as a user of the app (users.languageId: 1 he, 2 en, 3 fr, 4 ru); contacts without an account are left out. */
  languagesOfContacts: async (db: Db, contactIds: readonly string[]): Promise<Map<string, number>> =>
    new Map(
      contactIds.length === 0
        ? []
        : (await db.all(db.q.selectFrom('users').select(['contactId', 'languageId']).where('contactId', 'in', [...contactIds]).orderBy('id'))).map((r) => [String(r.contactId), r.languageId]),
    ),
  /** The company's enabled accounts of these roles. */
  enabledOfRoles: (db: Db, companyId: number, roles: readonly UserRow['role'][]): Promise<UserRow[]> =>
    db.all(db.q.selectFrom('users').selectAll().where('companyId', '=', companyId).where('disabledAt', 'is', null).where('role', 'in', [...roles])),
  /** The contacts of these accounts of the company (accounts without one are left out). */
  contactIdsOf: async (db: Db, companyId: number, userIds: readonly number[]): Promise<string[]> =>
    userIds.length === 0
      ? []
      : (await db.all(db.q.selectFrom('users').select('contactId').where('companyId', '=', companyId).where('id', 'in', [...userIds]).where('disabledAt', 'is', null)))
          .map((r) => r.contactId)
          .filter((id): id is string => id !== null),
  /**
   * An approved data deletion: the row stays (its history points at it) without personal details, and
   * the account is disabled (no sign-in, renewal or session; auth/sessions.ts, renewal.ts, otp.ts).
   */
  disable: (db: Db, userId: number, at: string) => db.run(db.q.updateTable('users').set({ fullName: '—', phone: '', email: null, disabledAt: at }).where('id', '=', userId)),
  setLanguage: (db: Db, userId: number, languageId: number) => db.run(db.q.updateTable('users').set({ languageId }).where('id', '=', userId)),
  /** The company's account of this contact (a tenant who registered), the first one. */
  idOfContact: async (db: Db, companyId: number, contactId: string): Promise<number | undefined> =>
    (await db.first(db.q.selectFrom('users').select('id').where('companyId', '=', companyId).where('contactId', '=', contactId).orderBy('id')))?.id,
  /** Adds an account; its worker number follows the highest in use. */
  insert: async (db: Db, user: Omit<UserTable, 'id' | 'workerNumber' | 'disabledAt'>): Promise<void> => {
    const top = await db.first(db.q.selectFrom('users').select((eb) => eb.fn.max('workerNumber').as('max')));
    await db.run(db.q.insertInto('users').values({ ...user, workerNumber: Number(top?.max ?? 0) + 1 }));
  },
  /** An approved change of the user's name, phone or e-mail (routes/profile.ts). */
  setContactDetails: (db: Db, userId: number, changes: Pick<UserTable, 'fullName' | 'phone' | 'email'>) =>
    db.run(db.q.updateTable('users').set(changes).where('id', '=', userId)),
  assignBuilding: (db: Db, userId: number, buildingId: number, ord: number) => db.run(db.q.insertInto('worker_buildings').values({ userId, buildingId, ord })),
  /**
   * The active tenant accounts (owner, renter) of a phone, one per company, in company order, each with
   * its company's name and its apartment's number and address when the account is a contact's.
   */
  tenantAccountsOfPhone: async (db: Db, phone: string) =>
    (
      await db.all(
        db.q
          .selectFrom('users')
          .innerJoin('companies', 'companies.id', 'users.companyId')
          .leftJoin('contacts', (j) => j.onRef('contacts.id', '=', 'users.contactId').onRef('contacts.companyId', '=', 'users.companyId'))
          .leftJoin('apartments', (j) => j.onRef('apartments.id', '=', 'contacts.apartmentId').onRef('apartments.companyId', '=', 'users.companyId'))
          .leftJoin('buildings', (j) => j.onRef('buildings.id', '=', 'apartments.buildingId').onRef('buildings.companyId', '=', 'users.companyId'))
          .select([
            'users.id as userId',
            'users.companyId as companyId',
            'users.userName as userName',
            'users.email as email',
            'users.languageId as languageId',
            'companies.name as companyName',
            'apartments.number as apartmentNumber',
            'buildings.address as address',
          ])
          .where('users.phone', '=', phone)
          .where('users.role', 'in', ['owner', 'renter'])
          .where('users.disabledAt', 'is', null)
          .orderBy('users.companyId')
          .orderBy('users.id'),
      )
    ).map((r) => ({ ...r, apartmentNumber: r.apartmentNumber ?? null, address: r.address ?? null })),
  /** The buildings a user is assigned to, in their order (the first is their home building). */
  assignedBuildings: async (db: Db, userId: number): Promise<number[]> => (await assigned.all(db, userId)).map((r) => r.buildingId),
};

const company = statement((q, id: number) => q.selectFrom('companies').selectAll().where('id', '=', id));
const setting = statement((q, name: string) => q.selectFrom('settings').select('value').where('name', '=', name));

export const companies = {
  byId: (db: Db, id: number) => company.first(db, id),
};

/**
 * The settings anyone signed in may read by name (GetGlobalAPI, spec 7): the global settings the spec
 * names (section 4: the minimum app version). Any other row is answered as unknown; secrets are not in
 * this table at all (data/serverSecrets.ts).
 */
export const publicSettingNames: ReadonlySet<string> = new Set(['tenant_app_min_db_var']);

export const settings = {
  get: async (db: Db, name: string): Promise<string | null> => (await setting.first(db, name))?.value ?? null,
};
