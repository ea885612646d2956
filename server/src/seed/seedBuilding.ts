// Everything that lives inside one building: units, people, calls, meters, keys, mail, plan, debts.
import type {
  Apartment,
  Building,
  Contact,
  Debt,
  DebtKind,
  Facility,
  KeyItem,
  MailItem,
  MaintenanceTest,
  Meter,
  MeterReading,
  ServiceCall,
  ServiceCallStatus,
  ServiceCallUpdate,
} from '../../../src/lib/domain/entities.ts';
import { serviceCallDomains } from '../../../src/lib/domain/entities.ts';
import { consumptionOf } from '../../../src/lib/domain/meterRules.ts';
import { chargeOfDebt, ledger } from '../data/ledger.ts';
import type { Db } from '../db/database.ts';
import { insertRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { phrases } from '../translate/phrases.ts';
import type { BuildingSeed } from './data.ts';
import { carriers, facilityKinds, firstNames, lastNames, updateTexts } from './data.ts';
import type { Rng } from './prng.ts';

const DAY = 86_400_000;

export type SeedEnv = {
  db: Db;
  rng: Rng;
  companyId: number;
  companyGuid: string;
  now: Date;
  photoId: string;
  /** The photo of the next seeded reading (a meter face); `photoId` when absent. */
  readingPhotoId?: () => string;
  nextCallNumber: () => number;
};

export type SeededBuilding = { building: Building; owners: Contact[]; debtsByContact: Map<string, Debt[]> };

const iso = (d: number) => new Date(d).toISOString();
const localDate = (d: number) => new Date(d).toISOString().slice(0, 10);

function person(rng: Rng) {
  const firstName = rng.pick(firstNames);
  const lastName = rng.pick(lastNames);
  return { firstName, lastName, fullName: `${firstName} ${lastName}` };
}

async function insertCall(env: SeedEnv, b: Building, status: ServiceCallStatus, reporter: Contact, ageDays: number, workerGuid: string): Promise<void> {
  const { rng, now } = env;
  const opened = now.getTime() - ageDays * DAY - rng.int(0, 8) * 3_600_000;
  const phrase = rng.pick(phrases.slice(0, 18));
  const closed = status === 'closed' || status === 'cancelled';
  const updatesCount = status === 'planned' ? 0 : rng.int(0, 3);
  const call: ServiceCall = {
    id: rng.uuid(),
    buildingId: b.id,
    callNumber: env.nextCallNumber(),
    callType: status === 'planned' ? 'maintenance' : rng.pick(['fault', 'fault', 'request', 'complaint'] as const),
    domain: rng.pick(serviceCallDomains),
    reporterContactId: reporter.id,
    reporterName: reporter.fullName,
    status,
    priority: rng.pick(['low', 'normal', 'normal', 'high', 'urgent'] as const),
    subject: phrase.he,
    description: `${phrase.he}. ${rng.chance(0.4) ? 'נא להתקשר לפני ההגעה' : 'דחוף'}`,
    openedAt: iso(status === 'planned' ? now.getTime() + rng.int(2, 30) * DAY : opened),
    lastVisitAt: closed || rng.chance(0.5) ? iso(opened + DAY) : null,
    lastUpdateAt: iso(opened + updatesCount * 3_600_000),
    closedAt: closed ? iso(opened + rng.int(1, 5) * DAY) : null,
    copyToMaintenanceManager: rng.chance(0.3),
    createdBy: workerGuid,
    version: 1,
    updatedAt: iso(opened + updatesCount * 3_600_000),
  };
  await insertRecord(env.db, specs.serviceCalls, call, env.companyId);
  for (let i = 0; i < updatesCount; i++) {
    const update: ServiceCallUpdate = {
      id: rng.uuid(),
      serviceCallId: call.id,
      text: rng.pick(updateTexts),
      createdAt: iso(opened + (i + 1) * 3_600_000),
      createdBy: 'אבי כהן',
      version: 1,
      updatedAt: iso(opened + (i + 1) * 3_600_000),
    };
    await insertRecord(env.db, specs.serviceCallUpdates, update, env.companyId);
  }
}

async function insertMeter(env: SeedEnv, b: Building, apartmentId: string | null, kind: Meter['kind'], number: string): Promise<void> {
  const { rng, now } = env;
  const initialReading = rng.int(1000, 9000);
  const readings = rng.int(3, 6);
  let previous = initialReading;
  let last: MeterReading | null = null;
  const meterId = rng.uuid();
  for (let i = readings; i >= 1; i--) {
    const current = Math.round((previous + rng.int(80, 420) + rng.next()) * 10) / 10;
    const readAt = iso(now.getTime() - i * 30 * DAY);
    last = {
      id: rng.uuid(),
      meterId,
      buildingId: b.id,
      previous,
      current,
      consumption: consumptionOf(previous, current),
      readAt,
      photoId: env.readingPhotoId?.() ?? env.photoId,
      paid: i > 1,
      pricePerKwh: kind === 'evCharger' ? b.pricePerKwh : null,
      version: 1,
      updatedAt: readAt,
    };
    await insertRecord(env.db, specs.meterReadings, last, env.companyId);
    previous = current;
  }
  const meter: Meter = {
    id: meterId,
    buildingId: b.id,
    apartmentId,
    number,
    kind,
    initialReading,
    lastReading: last?.current ?? null,
    lastReadingAt: last?.readAt ?? null,
    version: 1,
    updatedAt: last?.readAt ?? iso(now.getTime()),
  };
  await insertRecord(env.db, specs.meters, meter, env.companyId);
}

export async function seedBuilding(env: SeedEnv, seed: BuildingSeed, workerGuid: string, rich = true): Promise<SeededBuilding> {
  const { db, rng, now, companyId } = env;
  const t = now.getTime();
  const building: Building = {
    id: seed.id,
    companyId,
    number: seed.number,
    name: seed.name,
    address: seed.address,
    city: seed.city,
    apartmentsCount: seed.apartments,
    logoUrl: null,
    buttonColor: seed.buttonColor,
    pricePerKwh: seed.pricePerKwh,
    bankAccount: `12-${rng.int(100, 999)}-${rng.digits(6)}`,
    accountName: `ועד הבית ${seed.address}`,
    propertyType: seed.propertyType,
    managementType: seed.managementType,
    version: 1,
    updatedAt: iso(t - 90 * DAY),
  };
  await db.run(db.q.insertInto('buildings').values({ ...building, guid: env.companyGuid }));

  const owners: Contact[] = [];
  const debtsByContact = new Map<string, Debt[]>();
  const apartments: Apartment[] = [];
  for (let n = 1; n <= seed.apartments; n++) {
    const apt: Apartment = {
      id: rng.uuid(),
      buildingId: building.id,
      number: String(n),
      floor: Math.ceil(n / 4) - 1,
      entrance: seed.apartments > 12 ? (n % 2 === 0 ? 'ב' : 'א') : null,
      area: rng.int(65, 140),
      parking: rng.chance(0.7) ? `P${n}` : null,
      debt: 0,
      version: 1,
      updatedAt: iso(t - 90 * DAY),
    };
    const people: Contact[] = [];
    const mk = (role: Contact['role']): Contact => {
      const p = person(rng);
      return {
        id: rng.uuid(),
        buildingId: building.id,
        apartmentId: apt.id,
        ...p,
        email: rng.chance(0.6) ? `${['user', 'tenant', 'home'][rng.int(0, 2)]}${rng.digits(4)}@example.co.il` : null,
        phone: `05${rng.pick(['0', '2', '3', '4', '8'])}${rng.digits(7)}`,
        role,
        position: null,
        carNumber: rng.chance(0.5) ? `${rng.digits(3)}-${rng.digits(2)}-${rng.digits(3)}` : null,
        parkingNumber: apt.parking,
        version: 1,
        updatedAt: iso(t - 90 * DAY),
      };
    };
    const owner = mk(n === 1 ? 'committee' : 'owner');
    if (n === 1) owner.position = 'יו"ר ועד הבית';
    people.push(owner);
    owners.push(owner);
    if (rng.chance(0.3)) people.push(mk('renter'));
    const debts: Debt[] = [];
    if (rich && rng.chance(0.4)) {
      for (let d = rng.int(1, 3); d > 0; d--) {
        const kind: DebtKind = rng.pick(['pastCommittee', 'currentCommittee', 'futureCommittee', 'special'] as const);
        const amount = kind === 'special' ? rng.int(5, 30) * 50 : rng.pick([350, 420.5, 280, 515.75]);
        debts.push({
          id: rng.uuid(),
          buildingId: building.id,
          apartmentId: apt.id,
          contactId: owner.id,
          contactGuid: owner.id,
          kind,
          description: kind === 'special' ? 'גבייה מיוחדת לשיפוץ הלובי' : 'דמי ועד בית',
          amount,
          dueDate: localDate(t + (kind === 'futureCommittee' ? 30 : kind === 'pastCommittee' ? -60 : 0) * DAY),
          paid: false,
          version: 1,
          updatedAt: iso(t - 30 * DAY),
        });
      }
      apt.debt = Math.round(debts.reduce((s, d) => s + d.amount * 100, 0)) / 100;
      debtsByContact.set(owner.id, debts);
    }
    await insertRecord(db, specs.apartments, apt, companyId);
    for (const c of people) await insertRecord(db, specs.contacts, c, companyId);
    for (const d of debts) {
      await insertRecord(db, specs.debts, d, companyId);
      await ledger.insert(db, chargeOfDebt(d, 'seed'), companyId);
    }
    apartments.push(apt);
  }
  if (!rich) return { building, owners, debtsByContact };

  const statuses: ServiceCallStatus[] = ['open', 'planned', 'closed', 'inTreatment', 'open', 'inExecution', 'treated', 'closed'];
  for (const status of statuses.slice(0, rng.int(5, statuses.length))) await insertCall(env, building, status, rng.pick(owners), rng.int(0, 40), workerGuid);

  for (const [i, apt] of apartments.slice(0, Math.ceil(apartments.length / 2)).entries()) {
    await insertMeter(env, building, apt.id, 'unit', `${seed.id}-${String(i + 1).padStart(3, '0')}`);
  }
  if (seed.id === 101) await insertMeter(env, building, null, 'evCharger', 'EV-101-1');

  for (let k = 0; k < 3; k++) {
    const delivered = k === 2;
    const key: KeyItem = {
      id: rng.uuid(),
      buildingId: building.id,
      apartmentId: rng.pick(apartments).id,
      contactId: null,
      tagNumber: `K-${seed.id}-${k + 1}`,
      description: rng.pick(['מפתח דירה להשקיית עציצים', 'מפתח למחסן', 'שלט לשער החניה']),
      status: delivered ? 'delivered' : 'pending',
      registeredAt: iso(t - (k + 2) * DAY),
      registeredBy: 'אבי כהן',
      deliveredTo: delivered ? rng.pick(owners).fullName : null,
      deliveredBy: delivered ? 'דנה לוי' : null,
      deliveredAt: delivered ? iso(t - DAY) : null,
      version: 1,
      updatedAt: iso(t - (k + 1) * DAY),
    };
    await insertRecord(db, specs.keys, key, companyId);
  }
  for (let m = 0; m < rng.int(2, 4); m++) {
    const owner = rng.pick(owners);
    const item: MailItem = {
      id: rng.uuid(),
      buildingId: building.id,
      apartmentId: owner.apartmentId,
      contactId: owner.id,
      kind: rng.pick(['letter', 'registeredLetter', 'parcel', 'delivery'] as const),
      carrier: rng.pick(carriers),
      trackingNumber: `RR${rng.digits(9)}IL`,
      description: `עבור ${owner.fullName}`,
      status: m === 0 ? 'delivered' : 'pending',
      registeredAt: iso(t - (m + 1) * DAY),
      registeredBy: 'דנה לוי',
      deliveredTo: m === 0 ? owner.fullName : null,
      deliveredBy: m === 0 ? 'דנה לוי' : null,
      deliveredAt: m === 0 ? iso(t - 3_600_000) : null,
      version: 1,
      updatedAt: iso(t - m * DAY),
    };
    await insertRecord(db, specs.mailItems, item, companyId);
  }
  for (const f of facilityKinds) {
    const facility: Facility = {
      id: rng.uuid(),
      buildingId: building.id,
      name: f.name,
      kind: f.kind,
      location: f.location,
      version: 1,
      updatedAt: iso(t - 90 * DAY),
    };
    await insertRecord(db, specs.facilities, facility, companyId);
    for (const [i, title] of f.tests.entries()) {
      const status = rng.pick(['done', 'done', 'unchecked', 'notCompleted'] as const);
      const test: MaintenanceTest = {
        id: rng.uuid(),
        buildingId: building.id,
        facilityId: facility.id,
        title,
        plannedDate: localDate(t + (i * 14 - 7 + rng.int(0, 20)) * DAY),
        status,
        doneAt: status === 'done' ? iso(t - rng.int(1, 20) * DAY) : null,
        notes: status === 'notCompleted' ? 'ממתין לחלק חילוף' : null,
        version: 1,
        updatedAt: iso(t - 10 * DAY),
      };
      await insertRecord(db, specs.maintenanceTests, test, companyId);
    }
  }
  return { building, owners, debtsByContact };
}
