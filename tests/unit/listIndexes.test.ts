// Contact search, the keys / mail-items lists and the meter readings are read from memory
// (db/tableIndex.ts). Each must answer exactly what the IndexedDB walk it replaced answered (the old
// code is kept below as the reference) on generated data with Hebrew, Russian and Latin text and ties
// on every sort key, and must follow a write through a repository and a pull without a rebuild.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  generateApartments,
  generateBuildings,
  generateContacts,
  generateKeys,
  generateMailItems,
  generateReadings,
  typedPrefixes,
} from '../../scripts/bench/listData';
import { db } from '../../src/db/db';
import type { ContactRow, MeterReadingRow } from '../../src/db/schema';
import { addContact } from '../../src/directory/contactsRepo';
import { normalizePhone } from '../../src/lib/domain/contactRules';
import type { ItemStatus } from '../../src/lib/domain/entities';
import { latestReading, previousReadingOf } from '../../src/lib/domain/meterRules';
import { applyServerRecords } from '../../src/sync/write/rows';
import { resetDb } from '../../src/sync/testing/setup';
import { searchContacts, SEARCH_LIMIT } from '../../src/features/contacts/contactsQueries';
import { classifyContactQuery } from '../../src/features/contacts/searchText';
import type { ContactQuery } from '../../src/features/contacts/searchText';
import { itemsView, matchesItem } from '../../src/features/items/itemsQueries';
import type { ItemView } from '../../src/features/items/itemsQueries';
import { numberOfItem, registerKey } from '../../src/features/items/itemsRepo';
import type { ItemKind, ItemRow } from '../../src/features/items/itemsRepo';
import { addReading } from '../../src/features/meters/meterReadingsRepo';
import { buildingMeters, meterDetail } from '../../src/features/meters/metersQueries';

const BUILDINGS = [101, 102, 103];
const records = (rows: readonly object[]) => rows as unknown as Record<string, unknown>[];
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

// --- The reference: the code each list ran before it was kept in memory. ---

function oldContactMatches(contact: ContactRow, query: ContactQuery): boolean {
  switch (query.kind) {
    case 'empty':
      return false;
    case 'email':
      return (contact.email ?? '').toLocaleLowerCase().includes(query.value);
    case 'phone':
      return contact.phone !== null && normalizePhone(contact.phone).includes(query.digits);
    case 'text': {
      const words = contact.searchWords ?? [];
      const emailStart = query.script === 'latin' && query.words.length === 1 && (contact.email ?? '').toLocaleLowerCase().startsWith(query.words[0] ?? '');
      return emailStart || query.words.every((w) => words.some((word) => word.startsWith(w)));
    }
  }
}

/** Before: the rows with a word starting with the first word (once the `searchWords` index), filtered, sorted by name. */
async function oldSearchContacts(text: string, buildingId: number | null) {
  const query = classifyContactQuery(text);
  if (query.kind === 'empty') return { contacts: [], truncated: false };
  let candidates: ContactRow[];
  if (query.kind === 'text' && query.words.length > 0 && query.script !== 'latin') {
    const first = query.words[0] ?? '';
    candidates = (await db.contacts.toArray()).filter((c) => (c.searchWords ?? []).some((word) => word.startsWith(first)));
  } else {
    candidates = buildingId === null ? await db.contacts.toArray() : await db.contacts.where('buildingId').equals(buildingId).toArray();
  }
  const found = candidates.filter((c) => (buildingId === null || c.buildingId === buildingId) && oldContactMatches(c, query));
  // Same-named contacts: the index walk gave them in id order on one path and in word order on the
  // other; the list in memory gives them in id order on both.
  found.sort((a, b) => a.fullName.localeCompare(b.fullName, 'he') || (a.id < b.id ? -1 : 1));
  return { contacts: found.slice(0, SEARCH_LIMIT), truncated: found.length > SEARCH_LIMIT };
}

async function oldItemsView(kind: ItemKind, buildingId: number, status: ItemStatus, query: string) {
  const table = kind === 'keys' ? db.keys : db.mailItems;
  const other: ItemStatus = status === 'pending' ? 'delivered' : 'pending';
  const rows: ItemRow[] = await table.where('[buildingId+status]').equals([buildingId, status]).toArray();
  const at = (i: ItemRow) => (status === 'delivered' ? (i.deliveredAt ?? i.registeredAt) : i.registeredAt);
  // Ties by id, as the `[buildingId+status]` index walk gave them before it became a part of `[buildingId+status+registeredAt]`.
  rows.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const otherCount = await table.where('[buildingId+status]').equals([buildingId, other]).count();
  const apartments = new Map((await db.apartments.where('buildingId').equals(buildingId).toArray()).map((a) => [a.id, a]));
  const contacts = new Map((await db.contacts.where('buildingId').equals(buildingId).toArray()).map((c) => [c.id, c]));
  const views: ItemView[] = rows.map((item) => {
    const contact = item.contactId ? (contacts.get(item.contactId) ?? null) : null;
    const apartmentId = item.apartmentId ?? contact?.apartmentId ?? null;
    return { item, contact, apartment: apartmentId ? (apartments.get(apartmentId) ?? null) : null };
  });
  return {
    pending: status === 'pending' ? rows.length : otherCount,
    delivered: status === 'delivered' ? rows.length : otherCount,
    items: views.filter((v) => matchesItem(v, query)),
  };
}

async function oldMeterReadings(meterId: string): Promise<MeterReadingRow[]> {
  const readings = await db.meterReadings.where('meterId').equals(meterId).toArray();
  return readings.sort((a, b) => (a.readAt === b.readAt ? b.current - a.current : a.readAt < b.readAt ? 1 : -1));
}

async function oldBuildingLast(buildingId: number) {
  const readings = await db.meterReadings.where('buildingId').equals(buildingId).toArray();
  const meters = (await db.meters.where('buildingId').equals(buildingId).toArray()).sort((a, b) => a.number.localeCompare(b.number, 'he', { numeric: true }));
  return new Map(
    meters.map((m) => {
      const own = readings.filter((r) => r.meterId === m.id);
      const latest = latestReading(own);
      return [m.id, { last: latest ? { value: latest.current, at: latest.readAt } : null, count: own.length }];
    }),
  );
}

const viewIds = (views: readonly ItemView[]) => views.map((v) => [v.item.id, v.contact?.id ?? null, v.apartment?.id ?? null]);

beforeAll(async () => {
  await resetDb();
  const contacts = generateContacts({ count: 1_500, buildingIds: BUILDINGS, seed: 3 });
  await applyServerRecords('buildings', records(generateBuildings(BUILDINGS)));
  // Apartment numbers that sort differently as text and as numbers ('10' after '9'), some shared.
  await applyServerRecords('apartments', records(generateApartments(BUILDINGS).map((a, i) => (i % 9 === 0 ? { ...a, number: '7' } : a))));
  await applyServerRecords('contacts', records(contacts));
  await applyServerRecords('keys', records(generateKeys({ count: 1_200, buildingIds: BUILDINGS, contacts, seed: 4 })));
  await applyServerRecords('mailItems', records(generateMailItems({ count: 1_200, buildingIds: BUILDINGS, contacts, seed: 5 })));
  const { meters, readings } = generateReadings({ count: 1_500, buildingIds: BUILDINGS, metersPerBuilding: 12, seed: 6 });
  await applyServerRecords('meters', records(meters));
  await applyServerRecords('meterReadings', records(readings));
}, 180_000);

afterEach(() => vi.restoreAllMocks());

describe('contact search from memory', { timeout: 180_000 }, () => {
  const searches = [
    ...typedPrefixes([
      'משה לוי',
      'Анна Петров',
      'dana cohen',
      'יו"ר ועד',
      'Председатель',
      'treasurer',
      'dana.levi',
      'marie.dupont12@',
      '054 12',
      '0521',
      '972',
      'ol',
      'ש d',
    ]),
    '',
    ' ',
    ',',
    'אין כזה',
    'Z',
    '@example',
  ];

  it('finds the same contacts in the same order, in one building and in all, as every keystroke is typed', async () => {
    let most = 0;
    for (const buildingId of [null, 102]) {
      for (const text of searches) {
        const now = await searchContacts(text, buildingId);
        const before = await oldSearchContacts(text, buildingId);
        most = Math.max(most, now.contacts.length);
        expect(ids(now.contacts), `${text} @ ${buildingId}`).toEqual(ids(before.contacts));
        expect(now.truncated, text).toBe(before.truncated);
      }
    }
    expect(most, 'searches large enough to be cut at the limit').toBe(SEARCH_LIMIT);
  });

  it('follows a contact added through the directory and one arriving with a pull, without reading every contact again', async () => {
    await searchContacts('x', null);
    const reads = vi.spyOn(db.contacts, 'toArray');
    const added = await addContact({ buildingId: 101, firstName: 'Зоя', lastName: 'Кузнецова', phone: '0509999111' });
    expect(ids((await searchContacts('Зоя Куз', 101)).contacts)).toEqual([added.id]);
    expect(ids((await searchContacts('050 9999 111', null)).contacts)).toEqual([added.id]);
    const pulled = {
      ...generateContacts({ count: 1, buildingIds: [103], seed: 99 })[0],
      id: 'pulled-contact',
      firstName: 'Ксения',
      fullName: 'Ксения Levi',
      email: 'xenia@example.org',
    };
    await applyServerRecords('contacts', records([pulled]));
    expect(ids((await searchContacts('Ксен', null)).contacts)).toEqual(['pulled-contact']);
    expect(ids((await searchContacts('xenia@', 103)).contacts)).toEqual(['pulled-contact']);
    await applyServerRecords('contacts', records([{ ...pulled, fullName: 'Ксения Smith', lastName: 'Smith', version: 2 }]));
    expect(ids((await searchContacts('ксения smi', null)).contacts)).toEqual(['pulled-contact']);
    expect(reads).not.toHaveBeenCalled();
    for (const text of ['Зо', 'ксения', '050'])
      expect(ids((await searchContacts(text, null)).contacts)).toEqual(ids((await oldSearchContacts(text, null)).contacts));
  });
});

describe('keys and mail items from memory', { timeout: 180_000 }, () => {
  const searches = ['', ...typedPrefixes(['k-10', 'rr 12', 'משה', 'ключ от', 'spare key', 'ups', 'דואר', '12', 'אין כזה'])];

  it('lists each tab of each building with the same items, recipients, order and counts, as every keystroke is typed', async () => {
    for (const kind of ['keys', 'mailItems'] as const) {
      for (const buildingId of BUILDINGS) {
        for (const status of ['pending', 'delivered'] as const) {
          for (const query of searches) {
            const now = await itemsView(kind, buildingId, status, query);
            const before = await oldItemsView(kind, buildingId, status, query);
            expect(viewIds(now.items), `${kind} ${buildingId} ${status} ${query}`).toEqual(viewIds(before.items));
            expect([now.pending, now.delivered]).toEqual([before.pending, before.delivered]);
            // The screen asks for one page: the first rows of the same list, and how many match in all.
            const page = await itemsView(kind, buildingId, status, query, 7);
            expect(viewIds(page.items)).toEqual(viewIds(now.items).slice(0, 7));
            expect(page.found).toBe(now.items.length);
          }
        }
      }
    }
  });

  it('follows a key registered through the repository, a pulled handover and a renamed recipient, without reading every item again', async () => {
    await itemsView('keys', 101, 'pending');
    const reads = vi.spyOn(db.keys, 'toArray');
    const tenant = (await db.contacts.where('buildingId').equals(101).first()) as ContactRow;
    const id = await registerKey({ buildingId: 101, apartmentId: null, contactId: tenant.id, tagNumber: 'Z-77', description: 'Запасной ключ' });
    expect((await itemsView('keys', 101, 'pending', 'z-7')).items.map((v) => [v.item.id, v.contact?.id])).toEqual([[id, tenant.id]]);
    expect((await itemsView('keys', 101, 'pending', 'запасной')).items.map((v) => v.item.id)).toEqual([id]);
    // A pull brings the handover of a synced key (a key with changes still queued keeps the device's row).
    const synced = (await itemsView('keys', 101, 'pending', 'k-1')).items[0]?.item;
    if (!synced) throw new Error('no synced pending key');
    await applyServerRecords(
      'keys',
      records([
        {
          ...synced,
          syncState: undefined,
          contactId: tenant.id,
          apartmentId: null,
          status: 'delivered',
          deliveredTo: 'Nina',
          deliveredBy: 'w',
          deliveredAt: '2031-01-01T00:00:00.000Z',
          version: 2,
        },
      ]),
    );
    expect((await itemsView('keys', 101, 'pending', numberOfItem(synced))).items).toEqual([]);
    expect((await itemsView('keys', 101, 'delivered', '')).items[0]?.item.id).toBe(synced.id);
    await applyServerRecords('contacts', records([{ ...tenant, fullName: 'Ирина Неизвестная', version: 9 }]));
    // Dexie announces a commit after it (a timer): the renamed recipient shows once the index heard of it.
    await vi.waitFor(async () => expect((await itemsView('keys', 101, 'delivered', 'неизвестн')).items.map((v) => v.item.id)).toContain(synced.id));
    expect((await itemsView('keys', 101, 'pending', 'неизвестн')).items.map((v) => v.item.id)).toContain(id);
    expect(reads).not.toHaveBeenCalled();
    for (const status of ['pending', 'delivered'] as const) {
      const [now, before] = [await itemsView('keys', 101, status, 'и'), await oldItemsView('keys', 101, status, 'и')];
      expect(viewIds(now.items)).toEqual(viewIds(before.items));
      expect([now.pending, now.delivered]).toEqual([before.pending, before.delivered]);
    }
  });
});

describe('meter readings from memory', { timeout: 180_000 }, () => {
  it("gives every meter its readings newest first and every building its meters' last reading and count, ties included", async () => {
    for (const buildingId of BUILDINGS) {
      const overview = await buildingMeters(buildingId);
      const before = await oldBuildingLast(buildingId);
      expect(overview.meters.map((m) => m.meter.id)).toEqual([...before.keys()]);
      expect(overview.building?.name).toBe(`בניין ${buildingId}`);
      const apartments = (await db.apartments.where('buildingId').equals(buildingId).toArray()).sort((a, b) =>
        a.number.localeCompare(b.number, 'he', { numeric: true }),
      );
      expect(ids(overview.apartments)).toEqual(ids(apartments));
      for (const m of overview.meters) {
        expect({ last: m.last, count: m.readingsCount }, m.meter.id).toEqual(before.get(m.meter.id));
        const detail = await meterDetail(m.meter.id);
        const old = await oldMeterReadings(m.meter.id);
        expect(ids(detail?.readings ?? []), m.meter.id).toEqual(ids(old));
        expect(detail?.previous).toBe(previousReadingOf(m.meter, old));
        expect([detail?.building?.id, detail?.apartment?.id]).toEqual([buildingId, m.meter.apartmentId]);
        expect(m.apartment?.id).toBe(m.meter.apartmentId);
      }
    }
  });

  it('follows a reading saved through the repository and one arriving with a pull, without reading every reading again', async () => {
    const meterId = 'meter-102-1';
    await meterDetail(meterId);
    const reads = vi.spyOn(db.meterReadings, 'toArray');
    const photo = { blob: new Blob([new Uint8Array([1])], { type: 'image/jpeg' }), width: 10, height: 10, hash: 'ab' };
    const saved = await addReading({ meterId, current: 99_999, photo, readAt: '2031-01-01T00:00:00.000Z' });
    expect((await meterDetail(meterId))?.readings[0]?.id).toBe(saved);
    const pulled = { ...(await db.meterReadings.get(saved)), id: 'pulled-reading', current: 100_500, readAt: '2031-02-01T00:00:00.000Z', syncState: undefined };
    await applyServerRecords('meterReadings', records([pulled]));
    expect(ids((await meterDetail(meterId))?.readings.slice(0, 2) ?? [])).toEqual(['pulled-reading', saved]);
    const overview = await buildingMeters(102);
    expect(overview.meters.find((m) => m.meter.id === meterId)?.last).toEqual({ value: 100_500, at: '2031-02-01T00:00:00.000Z' });
    const meter = overview.meters[0]?.meter;
    await applyServerRecords('meters', records([{ ...meter, id: 'pulled-meter', number: 'M-100', syncState: undefined }]));
    expect((await buildingMeters(102)).meters.map((m) => m.meter.number).slice(-2)).toEqual(['M-12', 'M-100']);
    expect(reads).not.toHaveBeenCalled();
    expect(ids((await meterDetail(meterId))?.readings ?? [])).toEqual(ids(await oldMeterReadings(meterId)));
  });
});
