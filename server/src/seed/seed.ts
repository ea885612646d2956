// Demo data (docs/api.md "Demo data"): company 1001 with six buildings and its staff, company 2002 for
// cross-company tests. Deterministic: the same PRNG seed gives the same records; dates are relative to
// the first start.
import { companySites } from '../data/companySites.ts';
import type { CheckGroup } from '../../../src/lib/domain/entities.ts';
import type { Flags, Role } from '../../../src/lib/rights/rights.ts';
import type { Database, Db } from '../db/database.ts';
import type { FileStore } from '../files/fileStore.ts';
import { insertRecord } from '../db/records.ts';
import type { StoredCheck, StoredCheckGroup } from '../db/specs.ts';
import { specs } from '../db/specs.ts';
import { sha256Hex, hashPassword } from '../util/crypto.ts';
import { demoBuildings, demoCompanySite, otherCompanyBuilding, translationRows } from './data.ts';
import { CALL_PICTURES, METER_FACES, callPictureSvg, checkPictureSvg, jpegOf, meterFaceSvg } from './photos.ts';
import type { Rng } from './prng.ts';
import { createRng } from './prng.ts';
import { seedEvCharges } from './seedEvCharges.ts';
import type { SeedEnv, SeededBuilding } from './seedBuilding.ts';
import { seedBooks } from './seedBooks.ts';
import { seedBuilding } from './seedBuilding.ts';
import { seedDocuments } from './seedDocuments.ts';
import { seedBuildingLife } from './seedBuildingLife.ts';
import { seedPayments } from './seedPayments.ts';
import { linkSeededFiles } from './seedFileLinks.ts';

export const DEMO_PASSWORD = 'demo1234';

type UserSeed = {
  userName: string;
  fullName: string;
  phone: string;
  email: string | null;
  role: Role;
  buildings: number[];
  /** Spec section 6 flags; defaults from the role (see flagsFor). */
  flags?: Partial<Flags>;
  /** Tenants: the contact row (owner/renter) they are in the building's list. */
  contactRole?: 'owner' | 'renter';
};

const allBuildings = demoBuildings.map((b) => b.id);

const demoUsers: UserSeed[] = [
  { userName: 'avi', fullName: 'אבי כהן', phone: '0521234567', email: 'avi@binyan-demo.co.il', role: 'worker', buildings: [101, 102, 103, 104] },
  { userName: 'dana', fullName: 'דנה לוי', phone: '0547654321', email: null, role: 'worker', buildings: [104, 105, 106, 101] },
  { userName: 'miri', fullName: 'מירי אברהם', phone: '0501112233', email: 'miri@binyan-demo.co.il', role: 'manager', buildings: allBuildings },
];

/** One user of every other role (docs/api.md "Demo users"), seeded after the demo data so it stays the same. */
const roleUsers: UserSeed[] = [
  { userName: 'yossi', fullName: 'יוסי מזרחי', phone: '0502223344', email: 'yossi@binyan-demo.co.il', role: 'maintenanceManager', buildings: allBuildings },
  { userName: 'rina', fullName: 'רינה ביטון', phone: '0523334455', email: 'rina@binyan-demo.co.il', role: 'committee', buildings: [101] },
  { userName: 'moshe', fullName: 'משה פרץ', phone: '0534445566', email: 'moshe@binyan-demo.co.il', role: 'owner', buildings: [101], contactRole: 'owner' },
  { userName: 'tali', fullName: 'טלי גולן', phone: '0545556677', email: 'tali@binyan-demo.co.il', role: 'renter', buildings: [101], contactRole: 'renter' },
  { userName: 'shimon', fullName: 'שמעון דהן', phone: '0556667788', email: null, role: 'receptionist', buildings: [102] },
  { userName: 'eli', fullName: 'אלי שפירא', phone: '0527778899', email: 'eli@hashmal-demo.co.il', role: 'supplier', buildings: [101, 102, 103] },
  { userName: 'admin', fullName: 'מנהל מערכת', phone: '0508889900', email: 'admin@binyan-demo.co.il', role: 'admin', buildings: allBuildings },
  // A worker whose company switched service calls and checks off (spec section 6 flags).
  {
    userName: 'noam',
    fullName: 'נועם ברק',
    phone: '0509990011',
    email: null,
    role: 'worker',
    buildings: [105],
    flags: { PermSrvCall: 0, showChecksDeposit: 0 },
  },
];

function flagsFor(u: UserSeed): Flags {
  const staff = u.role === 'manager' || u.role === 'admin';
  const tenant = u.role === 'owner' || u.role === 'renter';
  return {
    PermSrvCall: tenant ? 0 : 1,
    PermClearing: staff ? 1 : 0,
    allowReceptionistModule: staff || u.role === 'receptionist' ? 1 : 0,
    showChecksDeposit: ['worker', 'manager', 'committee', 'admin'].includes(u.role) ? 1 : 0,
    ...u.flags,
  };
}

async function insertCompany(db: Db, rng: Rng, id: number, name: string, now: string): Promise<string> {
  const guid = rng.uuid();
  await db.run(db.q.insertInto('companies').values({ id, guid, name, version: 1, updatedAt: now }));
  return guid;
}

async function insertUser(
  db: Db,
  rng: Rng,
  companyId: number,
  u: UserSeed,
  workerNumber: number,
  now: string,
  contactId: string | null = null,
): Promise<string> {
  const workerGuid = rng.uuid();
  const salt = Buffer.from(rng.digits(16));
  const flags = flagsFor(u);
  await db.run(
    db.q.insertInto('users').values({
      companyId,
      userName: u.userName,
      passwordHash: hashPassword(DEMO_PASSWORD, salt),
      role: u.role,
      fullName: u.fullName,
      phone: u.phone,
      email: u.email,
      workerGuid,
      workerNumber,
      contactId,
      languageId: 1,
      permSrvCall: flags.PermSrvCall,
      permClearing: flags.PermClearing,
      allowReceptionistModule: flags.allowReceptionistModule,
      showChecksDeposit: flags.showChecksDeposit,
      createdAt: now,
    }),
  );
  const user = await db.first(db.q.selectFrom('users').select('id').where('workerGuid', '=', workerGuid));
  for (const [ord, buildingId] of u.buildings.entries()) await db.run(db.q.insertInto('worker_buildings').values({ userId: user?.id ?? 0, buildingId, ord }));
  return workerGuid;
}

async function insertCheckGroup(
  env: SeedEnv,
  seeded: SeededBuilding,
  contactId: string,
  status: CheckGroup['Status'],
  checkAmounts: number[],
  id: number,
): Promise<void> {
  const { rng, db, now, companyId } = env;
  const debts = seeded.debtsByContact.get(contactId) ?? [];
  const group: StoredCheckGroup = {
    ID: id,
    ChecksHeaderGuid: rng.uuid(),
    Amount: Math.round(debts.reduce((s, d) => s + d.amount * 100, 0)) / 100,
    CreateDate: new Date(now.getTime() - 2 * 86_400_000).toISOString(),
    BatchId: null,
    NumbersOfPayments: Math.max(1, checkAmounts.length),
    ContactGuid: contactId,
    BuildingId: seeded.building.id,
    DebtIds: debts.map((d) => d.id),
    Status: status,
    version: 1,
    WorkerGuid: null,
    SubmittedAt: null,
    updatedAt: now.toISOString(),
  };
  await insertRecord(db, specs.checkGroups, group, companyId);
  for (const [i, Amount] of checkAmounts.entries()) {
    const check: StoredCheck = {
      CheckGuid: rng.uuid(),
      TransactionNumber: null,
      checksHeaderID: id,
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      CheckStatus: 1,
      Amount,
      DepositDate: new Date(now.getTime() + (i + 1) * 30 * 86_400_000).toISOString().slice(0, 10),
      ApprovedByUserId: null,
      ApprovalDate: null,
      SentToDeposit: false,
      LastStatusChange: now.toISOString(),
      LastStatusChangeByUserID: null,
      redirect: null,
      BankNumber: '12',
      BranchNumber: String(rng.int(100, 799)),
      AccountNumber: rng.digits(6),
      CheckNumber: rng.digits(7),
      FrontImageId: env.photoId,
      BackImageId: env.photoId,
      version: 1,
      createdAt: new Date(now.getTime() + i).toISOString(),
    };
    await insertRecord(db, specs.checks, check, companyId);
  }
}

type PhotoSeed = { id: string; svg: string; name: string; parentType?: string; parentId?: string };

async function insertPhoto(db: Db, files: FileStore, companyId: number, photo: PhotoSeed, now: string): Promise<string> {
  const data = await jpegOf(photo.svg);
  const sha256 = sha256Hex(data);
  await files.put(companyId, sha256, data);
  await db.run(
    db.q.insertInto('files').values({
      id: photo.id,
      companyId,
      sha256,
      mimeType: 'image/jpeg',
      size: data.length,
      parentType: photo.parentType ?? 'seed',
      parentId: photo.parentId ?? null,
      srcFileName: photo.name,
      createdBy: 'seed',
      createdAt: now,
    }),
  );
  return photo.id;
}

/** The meter faces of a company; the seeded readings take them in turn (no PRNG draw: the data stays as it was). */
async function insertMeterFaces(db: Db, files: FileStore, companyId: number, now: string): Promise<() => string> {
  const ids: string[] = [];
  for (const [i, face] of METER_FACES.entries()) {
    ids.push(
      await insertPhoto(
        db,
        files,
        companyId,
        { id: `seed-meter-${companyId}-${i + 1}`, svg: meterFaceSvg(face.counter, face.serial), name: `meter-${i + 1}.jpg` },
        now,
      ),
    );
  }
  let next = 0;
  return () => ids[next++ % ids.length] ?? '';
}

/** A picture of the fault on each call of the open tab, as if the reporter had attached it. */
async function insertCallPictures(db: Db, files: FileStore, companyId: number, now: string): Promise<void> {
  const calls = await db.all(
    db.q
      .selectFrom('service_calls')
      .select(['id', 'callNumber'])
      .where('companyId', '=', companyId)
      .where('status', 'not in', ['closed', 'cancelled', 'planned'])
      .orderBy('callNumber'),
  );
  for (const [i, call] of calls.entries()) {
    const kind = CALL_PICTURES[i % CALL_PICTURES.length] ?? 'crackedWindow';
    await insertPhoto(
      db,
      files,
      companyId,
      {
        id: `seed-call-${companyId}-${call.callNumber}`,
        svg: callPictureSvg(kind, Number(call.callNumber)),
        name: `${kind}.jpg`,
        parentType: 'serviceCalls',
        parentId: call.id,
      },
      now,
    );
  }
}

/** The demo data, written in `tx` (a transaction). */
export async function seedDemo(tx: Db, files: FileStore, now: Date): Promise<void> {
  const rng = createRng(20_240_101);
  const nowIso = now.toISOString();
  let callNumber = 1000;
  const nextCallNumber = () => ++callNumber;
  await tx.run(tx.q.insertInto('settings').values({ name: 'tenant_app_min_db_var', value: '2.1.56' }));
  for (const row of translationRows) {
    const texts: [number, string][] = [
      [1, row.he],
      [2, row.key],
      [3, row.fr],
      [4, row.ru],
    ];
    for (const [LID, TranslateData] of texts) await tx.run(tx.q.insertInto('translations').values({ LID, TranslateKey: row.key, TranslateData }));
  }

  const companyGuid = await insertCompany(tx, rng, 1001, 'ניהול נכסים דמו', nowIso);
  const guids: string[] = [];
  for (const [i, u] of demoUsers.entries()) guids.push(await insertUser(tx, rng, 1001, u, 101 + i, nowIso));
  const checkPhoto = (companyId: number): PhotoSeed => ({ id: `seed-photo-${companyId}`, svg: checkPictureSvg(), name: 'check.jpg' });
  const env: SeedEnv = {
    db: tx,
    rng,
    companyId: 1001,
    companyGuid,
    now,
    photoId: await insertPhoto(tx, files, 1001, checkPhoto(1001), nowIso),
    readingPhotoId: await insertMeterFaces(tx, files, 1001, nowIso),
    nextCallNumber,
  };
  const seeded: SeededBuilding[] = [];
  for (const [i, b] of demoBuildings.entries()) seeded.push(await seedBuilding(env, b, guids[i % 2] ?? '', true));

  // Check groups to fill for tenants with debts in the first building.
  const first = seeded[0];
  const debtors = first ? [...first.debtsByContact.keys()] : [];
  if (first && debtors[0]) {
    const total = (first.debtsByContact.get(debtors[0]) ?? []).reduce((s, d) => s + d.amount, 0);
    await insertCheckGroup(env, first, debtors[0], 'draft', [Math.round(total * 50) / 100], 5001);
    await insertCheckGroup(env, first, debtors[0], 'draft', [], 5002);
  }
  if (first && debtors[1]) await insertCheckGroup(env, first, debtors[1], 'scanned', [200, 150], 5003);

  const otherGuid = await insertCompany(tx, rng, 2002, 'אחזקות הנגב בע"מ', nowIso);
  const otherWorker = await insertUser(
    tx,
    rng,
    2002,
    { userName: 'other', fullName: 'עוזי נגבי', phone: '0529998877', email: 'other@negev-demo.co.il', role: 'worker', buildings: [201] },
    201,
    nowIso,
  );
  const otherEnv: SeedEnv = {
    ...env,
    companyId: 2002,
    companyGuid: otherGuid,
    photoId: await insertPhoto(tx, files, 2002, checkPhoto(2002), nowIso),
    readingPhotoId: await insertMeterFaces(tx, files, 2002, nowIso),
  };
  await seedBuilding(otherEnv, otherCompanyBuilding, otherWorker, true);
  await insertCallPictures(tx, files, 1001, nowIso);
  await insertCallPictures(tx, files, 2002, nowIso);

  const roleRng = createRng(20_261_124);
  for (const [i, u] of roleUsers.entries()) {
    const contact = u.contactRole
      ? await tx.first(
          tx.q
            .selectFrom('contacts')
            .select('id')
            .where('buildingId', '=', u.buildings[0] ?? 0)
            .where('role', '=', u.contactRole)
            .orderBy('id')
            .limit(1),
        )
      : undefined;
    await insertUser(tx, roleRng, 1001, u, 104 + i, nowIso, contact?.id ?? null);
  }

  // A worker of both demo companies (same user name and phone): she chooses the company she works for.
  const dana = demoUsers.find((u) => u.userName === 'dana');
  if (dana) await insertUser(tx, createRng(20_261_125), 2002, { ...dana, buildings: [201] }, 202, nowIso);

  // Two buildings' books keep every test server's start quick; the committee member's building is one.
  await seedBooks(tx, 1001, [101, 102], now);
  await seedDocuments(tx, files, 1001, now);
  await seedBuildingLife(
    tx,
    1001,
    demoBuildings.map((b) => b.id),
    now,
  );
  await seedPayments(
    tx,
    1001,
    allBuildings,
    roleUsers.filter((u) => u.contactRole).map((u) => u.userName),
    now,
  );
  await seedEvCharges(tx, 1001, 102, now);
  // The demo company's customised site, which a start-up link `?site=` may offer (no random numbers).
  await companySites.replace(tx, 1001, [demoCompanySite], nowIso);
  await linkSeededFiles(tx);
}

/** Seeds an empty database; of several processes starting on one, only one seeds (one transaction). */
export function seedIfEmpty(db: Database, files: FileStore, now: Date): Promise<boolean> {
  return db.tx(async (tx) => {
    const any = await tx.first(tx.q.selectFrom('companies').select('id').limit(1));
    if (any) return false;
    await seedDemo(tx, files, now);
    return true;
  });
}
