// Demo data (docs/api.md "Demo data"): company 1001 with six buildings and its staff, company 2002 for
// cross-company tests. Deterministic: the same PRNG seed gives the same records; dates are relative to
// the first start.
import type { CheckGroup } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { insertRecord } from '../db/records.ts';
import type { StoredCheck, StoredCheckGroup } from '../db/specs.ts';
import { specs } from '../db/specs.ts';
import { sha256Hex, hashPassword } from '../util/crypto.ts';
import { demoBuildings, otherCompanyBuilding, tinyJpegBase64, translationRows } from './data.ts';
import type { Rng } from './prng.ts';
import { createRng } from './prng.ts';
import type { SeedEnv, SeededBuilding } from './seedBuilding.ts';
import { seedBuilding } from './seedBuilding.ts';

export const DEMO_PASSWORD = 'demo1234';

type UserSeed = { userName: string; fullName: string; phone: string; email: string | null; role: 'worker' | 'manager'; buildings: number[] };

const demoUsers: UserSeed[] = [
  { userName: 'avi', fullName: 'אבי כהן', phone: '0521234567', email: 'avi@binyan-demo.co.il', role: 'worker', buildings: [101, 102, 103, 104] },
  { userName: 'dana', fullName: 'דנה לוי', phone: '0547654321', email: null, role: 'worker', buildings: [104, 105, 106, 101] },
  { userName: 'miri', fullName: 'מירי אברהם', phone: '0501112233', email: 'miri@binyan-demo.co.il', role: 'manager', buildings: [101, 102, 103, 104, 105, 106] },
];

function insertCompany(db: Db, rng: Rng, id: number, name: string, now: string): string {
  const guid = rng.uuid();
  db.run(db.q.insertInto('companies').values({ id, guid, name, version: 1, updatedAt: now }));
  return guid;
}

function insertUser(db: Db, rng: Rng, companyId: number, u: UserSeed, workerNumber: number, now: string): string {
  const workerGuid = rng.uuid();
  const salt = Buffer.from(rng.digits(16));
  db.run(
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
      contactId: null,
      languageId: 1,
      permSrvCall: 1,
      permClearing: u.role === 'manager' ? 1 : 0,
      allowReceptionistModule: u.role === 'manager' ? 1 : 0,
      showChecksDeposit: 1,
      createdAt: now,
    }),
  );
  const user = db.first(db.q.selectFrom('users').select('id').where('workerGuid', '=', workerGuid));
  u.buildings.forEach((buildingId, ord) => db.run(db.q.insertInto('worker_buildings').values({ userId: user?.id ?? 0, buildingId, ord })));
  return workerGuid;
}

function insertCheckGroup(env: SeedEnv, seeded: SeededBuilding, contactId: string, status: CheckGroup['Status'], checkAmounts: number[], id: number): void {
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
  insertRecord(db, specs.checkGroups, group, companyId);
  checkAmounts.forEach((Amount, i) => {
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
    insertRecord(db, specs.checks, check, companyId);
  });
}

function insertPhoto(db: Db, companyId: number, id: string, now: string): string {
  const data = Buffer.from(tinyJpegBase64, 'base64');
  db.run(
    db.q.insertInto('files').values({ id, companyId, sha256: sha256Hex(data), mimeType: 'image/jpeg', size: data.length, data, parentType: 'seed', parentId: null, srcFileName: 'seed.jpg', createdBy: 'seed', createdAt: now }),
  );
  return id;
}

export function seedDemo(db: Db, now: Date): void {
  const rng = createRng(20_240_101);
  const nowIso = now.toISOString();
  let callNumber = 1000;
  const nextCallNumber = () => ++callNumber;
  db.tx(() => {
    db.run(db.q.insertInto('settings').values({ name: 'tenant_app_min_db_var', value: '2.1.56' }));
    for (const row of translationRows) {
      const texts: [number, string][] = [[1, row.he], [2, row.key], [3, row.fr], [4, row.ru]];
      for (const [LID, TranslateData] of texts) db.run(db.q.insertInto('translations').values({ LID, TranslateKey: row.key, TranslateData }));
    }

    const companyGuid = insertCompany(db, rng, 1001, 'ניהול נכסים דמו', nowIso);
    const guids = demoUsers.map((u, i) => insertUser(db, rng, 1001, u, 101 + i, nowIso));
    const env: SeedEnv = { db, rng, companyId: 1001, companyGuid, now, photoId: insertPhoto(db, 1001, 'seed-photo-1001', nowIso), nextCallNumber };
    const seeded = demoBuildings.map((b, i) => seedBuilding(env, b, guids[i % 2] ?? '', true));

    // Check groups to fill for tenants with debts in the first building.
    const first = seeded[0];
    const debtors = first ? [...first.debtsByContact.keys()] : [];
    if (first && debtors[0]) {
      const total = (first.debtsByContact.get(debtors[0]) ?? []).reduce((s, d) => s + d.amount, 0);
      insertCheckGroup(env, first, debtors[0], 'draft', [Math.round(total * 50) / 100], 5001);
      insertCheckGroup(env, first, debtors[0], 'draft', [], 5002);
    }
    if (first && debtors[1]) insertCheckGroup(env, first, debtors[1], 'scanned', [200, 150], 5003);

    const otherGuid = insertCompany(db, rng, 2002, 'אחזקות הנגב בע"מ', nowIso);
    const otherWorker = insertUser(db, rng, 2002, { userName: 'other', fullName: 'עוזי נגבי', phone: '0529998877', email: 'other@negev-demo.co.il', role: 'worker', buildings: [201] }, 201, nowIso);
    const otherEnv: SeedEnv = { ...env, companyId: 2002, companyGuid: otherGuid, photoId: insertPhoto(db, 2002, 'seed-photo-2002', nowIso) };
    seedBuilding(otherEnv, otherCompanyBuilding, otherWorker, true);
  });
}

export function seedIfEmpty(db: Db, now: Date): boolean {
  const any = db.first(db.q.selectFrom('companies').select('id').limit(1));
  if (any) return false;
  seedDemo(db, now);
  return true;
}
