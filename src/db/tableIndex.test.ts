// The in-memory list is built after a screen's first page, in idle time and in chunks: it must give the
// rows a whole sort gives, follow the rows written while it is being built, yield between its chunks,
// and let a read of a few rows go straight to IndexedDB while it is not built.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import type { ContactRow } from './schema';
import { BUILD_CHUNK_ROWS, tableIndex } from './tableIndex';

const ROWS = BUILD_CHUNK_ROWS * 2 + 500;

/** Names that repeat (ties broken by id) and ids in an order unlike the names'. */
function contact(i: number): ContactRow {
  const id = `c-${String((i * 7919) % 100_000).padStart(5, '0')}-${i}`;
  return {
    id,
    buildingId: 100 + (i % 4),
    apartmentId: null,
    fullName: `name ${i % 97}`,
    phone: null,
    email: null,
    searchWords: [`w${i % 13}`],
  } as unknown as ContactRow;
}

const byName = (a: ContactRow, b: ContactRow) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byBuildingDesc = (a: ContactRow, b: ContactRow) => b.buildingId - a.buildingId || byName(a, b);

function contactsList() {
  return tableIndex(db.contacts, { orders: { name: byName, building: byBuildingDesc }, facts: (row) => row.searchWords?.join(' ') ?? '' });
}

const ids = (entries: readonly { row: ContactRow }[]) => entries.map((entry) => entry.row.id);

beforeEach(async () => {
  db.close();
  await db.delete();
  await db.open();
  await db.contacts.bulkAdd(Array.from({ length: ROWS }, (_, i) => contact(i)));
});
afterEach(() => db.close());

describe('a long list built in memory after the first page', () => {
  it('is not built until asked, then gives every order a whole sort gives, across chunks', async () => {
    const list = contactsList();
    expect(list.isReady()).toBe(false);
    await list.prepare();
    expect(list.isReady()).toBe(true);
    const all = await db.contacts.toArray();
    expect(ids((await list.inOrder('name')).entries)).toEqual([...all].sort(byName).map((c) => c.id));
    expect(ids((await list.inOrder('building')).entries)).toEqual([...all].sort(byBuildingDesc).map((c) => c.id));
    expect((await list.inOrder('name')).entries[0]?.facts).toBe(all.sort(byName)[0]?.searchWords?.join(' '));
  });

  it('tells its listeners once built (a page read from an index is read again, with its count)', async () => {
    const list = contactsList();
    let told = 0;
    list.onChanged(() => (told += 1));
    await list.prepare();
    expect(told).toBe(1);
    await list.prepare();
    expect(told).toBe(1);
  });

  it('yields to other work between its chunks', async () => {
    const list = contactsList();
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      await list.prepare();
    } finally {
      clearInterval(ticker);
    }
    // Three chunks, each read and sorted into two orders in turns of their own.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('follows the rows written while it is being built', async () => {
    const list = contactsList();
    const building = list.prepare();
    await new Promise((resolve) => setTimeout(resolve, 40));
    const first = await db.contacts.orderBy(':id').first();
    if (!first) throw new Error('no contacts');
    await db.contacts.bulkPut([
      { ...contact(ROWS), id: 'a-new-first' },
      { ...first, fullName: 'aaa moved to the top' },
    ]);
    await db.contacts.delete((await db.contacts.orderBy(':id').last())?.id ?? '');
    await building;
    const all = await db.contacts.toArray();
    expect(ids((await list.inOrder('name')).entries)).toEqual([...all].sort(byName).map((c) => c.id));
  });

  it('reads a few rows from IndexedDB while it is not built, without waiting for it', async () => {
    const list = contactsList();
    const some = (await db.contacts.limit(3).toArray()).map((c) => c.id);
    expect((await list.rowsOf([...some, 'none'])).map((row) => row?.id)).toEqual([...some, undefined]);
    expect(list.isReady()).toBe(false);
    // A reader of the whole list does not wait for idle time.
    expect((await list.inOrder('name')).entries).toHaveLength(ROWS);
    expect(list.isReady()).toBe(true);
    expect((await list.rowsOf(some)).map((row) => row?.id)).toEqual(some);
  });
});
