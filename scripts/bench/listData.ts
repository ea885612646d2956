// Deterministic contacts, apartments, keys, mail items and meter readings for the long-list benchmark
// and its equivalence tests: names, positions and descriptions in Hebrew, Russian and Latin script,
// shared first names and minutes (ties on every sort key). Pure (no Node, no DOM), like callData.ts.
import { createRng } from '../../server/src/seed/prng.ts';
import type { Apartment, Building, Contact, KeyItem, MailItem, Meter, MeterReading } from '../../src/lib/domain/entities.ts';
import { contactRoles, mailItemKinds } from '../../src/lib/domain/entities.ts';

export const LIST_SEED = 20_261_125;

const firstNames = ['משה', 'רחל', 'יוסי', 'שרה', 'דוד', 'מיכל', 'Анна', 'Дмитрий', 'Ольга', 'Сергей', 'Dana', 'John', 'Marie', 'Yael', 'Igor', 'נועה'];
const lastNames = ['לוי', 'כהן', 'מזרחי', 'אברהם', 'פרץ', 'Иванова', 'Петров', 'Смирнов', 'Levi', 'Cohen', 'Smith', 'Dupont', 'Friedman', 'ביטון'];
const positions = ['יו"ר ועד', 'גזבר', 'Председатель', 'Бухгалтер', 'Treasurer', 'Gardener', 'שומר', null, null, null];
const descriptions = [
  'מפתח לדירה',
  'שלט לחניה',
  'מפתח מחסן',
  'Ключ от подвала',
  'Ключи от квартиры',
  'Spare key',
  'Mailbox key',
  'חבילה גדולה',
  'מכתב רשום',
  'Посылка',
  'Small parcel',
  'מעטפה',
];
const carriers = ['UPS', 'DHL', 'דואר ישראל', 'Почта', 'FedEx', null];
const latin = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '') || 'user';

export type ListSetOptions = { count: number; buildingIds: readonly number[]; seed?: number };

/** Buildings `בניין <id>` of one company, 40 apartments each. */
export function generateBuildings(buildingIds: readonly number[]): Building[] {
  return buildingIds.map((id) => ({
    id,
    companyId: 1,
    number: id,
    name: `בניין ${id}`,
    address: '',
    city: '',
    apartmentsCount: 40,
    logoUrl: null,
    buttonColor: '#000',
    pricePerKwh: null,
    bankAccount: null,
    accountName: null,
    propertyType: null,
    managementType: null,
    version: 1,
    updatedAt: '',
  }));
}

/** Ids of the building's apartments: `apt-<building>-<n>`. */
export function generateApartments(buildingIds: readonly number[], perBuilding = 40): Apartment[] {
  return buildingIds.flatMap((buildingId) =>
    Array.from({ length: perBuilding }, (_, i) => ({
      id: `apt-${buildingId}-${i}`,
      buildingId,
      number: String(i + 1),
      floor: Math.floor(i / 4),
      entrance: null,
      area: null,
      parking: null,
      debt: 0,
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
    })),
  );
}

export function generateContacts(options: ListSetOptions & { apartmentsPerBuilding?: number }): Contact[] {
  const rng = createRng(options.seed ?? LIST_SEED);
  return Array.from({ length: options.count }, (_, i) => {
    const buildingId = options.buildingIds[i % options.buildingIds.length] ?? 101;
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    const phone = rng.chance(0.85) ? `05${rng.digits(8)}` : null;
    const email = rng.chance(0.6) ? `${latin(firstName)}.${latin(lastName)}${i}@example.co.il` : null;
    return {
      id: rng.uuid(),
      buildingId,
      apartmentId: rng.chance(0.8) ? `apt-${buildingId}-${rng.int(0, (options.apartmentsPerBuilding ?? 40) - 1)}` : null,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      email,
      phone,
      role: rng.pick(contactRoles),
      position: rng.pick(positions),
      carNumber: null,
      parkingNumber: null,
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
  });
}

type ItemSetOptions = ListSetOptions & { contacts: readonly Contact[] };

const tenantsKept = new WeakMap<readonly Contact[], Map<number, Contact[]>>();

function tenantsOf(contacts: readonly Contact[], buildingId: number): Contact[] {
  let byBuilding = tenantsKept.get(contacts);
  if (!byBuilding) {
    byBuilding = new Map();
    for (const c of contacts) byBuilding.set(c.buildingId, [...(byBuilding.get(c.buildingId) ?? []), c]);
    tenantsKept.set(contacts, byBuilding);
  }
  return byBuilding.get(buildingId) ?? [];
}

function itemBase(rng: ReturnType<typeof createRng>, i: number, options: ItemSetOptions) {
  const buildingId = options.buildingIds[i % options.buildingIds.length] ?? 101;
  const tenants = tenantsOf(options.contacts, buildingId);
  const contact = tenants.length > 0 && rng.chance(0.7) ? rng.pick(tenants) : null;
  const delivered = rng.chance(0.4);
  // Minutes shared by runs of items: ties on the tabs' order.
  const registeredAt = new Date(Date.parse('2026-01-01T08:00:00.000Z') - rng.int(0, 2_000) * 60_000).toISOString();
  return {
    id: rng.uuid(),
    buildingId,
    apartmentId: contact ? null : rng.chance(0.5) ? `apt-${buildingId}-${rng.int(0, 39)}` : null,
    contactId: contact?.id ?? null,
    description: rng.pick(descriptions),
    status: delivered ? ('delivered' as const) : ('pending' as const),
    registeredAt,
    registeredBy: 'bench',
    deliveredTo: delivered ? (contact?.fullName ?? rng.pick(firstNames)) : null,
    deliveredBy: delivered ? 'bench' : null,
    deliveredAt: delivered && rng.chance(0.8) ? new Date(Date.parse(registeredAt) + rng.int(0, 50) * 60_000).toISOString() : null,
    version: 1,
    updatedAt: registeredAt,
  };
}

export function generateKeys(options: ItemSetOptions): KeyItem[] {
  const rng = createRng(options.seed ?? LIST_SEED + 1);
  return Array.from({ length: options.count }, (_, i) => ({ ...itemBase(rng, i, options), tagNumber: `K-${1000 + i}` }));
}

export function generateMailItems(options: ItemSetOptions): MailItem[] {
  const rng = createRng(options.seed ?? LIST_SEED + 2);
  return Array.from({ length: options.count }, (_, i) => ({
    ...itemBase(rng, i, options),
    kind: rng.pick(mailItemKinds),
    carrier: rng.pick(carriers),
    trackingNumber: `RR ${rng.digits(3)}-${rng.digits(3)} IL`,
  }));
}

export type MeterSet = { meters: Meter[]; readings: MeterReading[] };

/** `count` readings over `meters` counters per building, monthly-ish, some on the same minute and value. */
export function generateReadings(options: ListSetOptions & { metersPerBuilding?: number }): MeterSet {
  const rng = createRng(options.seed ?? LIST_SEED + 3);
  const meters: Meter[] = options.buildingIds.flatMap((buildingId) =>
    Array.from({ length: options.metersPerBuilding ?? 20 }, (_, i) => ({
      id: `meter-${buildingId}-${i}`,
      buildingId,
      apartmentId: `apt-${buildingId}-${i}`,
      number: `M-${i + 1}`,
      kind: i % 5 === 0 ? ('evCharger' as const) : ('unit' as const),
      initialReading: 0,
      lastReading: null,
      lastReadingAt: null,
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
    })),
  );
  const readings: MeterReading[] = Array.from({ length: options.count }, () => {
    const meter = rng.pick(meters);
    const current = rng.int(0, 400) * 5;
    const readAt = new Date(Date.parse('2026-01-01T08:00:00.000Z') - rng.int(0, 900) * 3_600_000).toISOString();
    return {
      id: rng.uuid(),
      meterId: meter.id,
      buildingId: meter.buildingId,
      previous: 0,
      current,
      consumption: current,
      readAt,
      photoId: null,
      paid: false,
      pricePerKwh: null,
      version: 1,
      updatedAt: readAt,
    };
  });
  return { meters, readings };
}

/** What a worker types, one keystroke at a time (every prefix of each phrase). */
export function typedPrefixes(phrases: readonly string[]): string[] {
  return phrases.flatMap((phrase) => Array.from({ length: phrase.length }, (_, i) => phrase.slice(0, i + 1)));
}
