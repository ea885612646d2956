// The incremental pull (GET /api/binyan/sync/changes): a first pull sends the buildings whole, exactly
// as each table's own read route lists them; a pull with the cursor sends only what changed since —
// deletions, records that left the route's scope and derived fields included — and nothing of what the
// user may not read. On the engine under test (TEST_DB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { syncChanges } from '../src/data/syncChanges.ts';
import { feedTables } from '../src/sync/feedTables.ts';
import { decodeCursor, encodeCursor } from '../src/sync/cursor.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { testEngine } from './engine.ts';

type Row = Record<string, unknown> & { id: string | number };
type Change =
  | { table: string; op: 'upsert'; record: Row }
  | { table: string; op: 'delete'; id: string | number; buildingId: number | null }
  | { table: string; op: 'replace'; buildingId: number | null; records: Row[] };
type Page = { changes: Change[]; cursor: string; more: boolean; plan?: { entries: { buildingId: number }[] }; reset?: string; error?: { code: string } };

const DAY = '2026-11-28';
const AVI_BUILDINGS = [101, 102, 103, 104];

let server: TestServer;
let db: Database;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.database);
  for (const user of ['avi', 'dana', 'miri', 'eli', 'moshe', 'noam']) tokens[user] = (await loginAs(server, user)).token;
  tokens.other = (await loginAs(server, 'other', 2002)).token;
}, 60_000);

afterAll(async () => {
  await db?.close();
  await server?.close();
});

function pull(user: string, query: { cursor?: string; buildings?: readonly number[]; fresh?: readonly number[]; date?: string } = {}): Promise<Reply<Page>> {
  const params = new URLSearchParams({ date: query.date ?? DAY });
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.buildings) params.set('buildings', query.buildings.join(','));
  if (query.fresh) params.set('fresh', query.fresh.join(','));
  return call<Page>(server, 'GET', `/api/binyan/sync/changes?${params.toString()}`, user ? { token: tokens[user] } : {});
}

/** Every page until `more` is false; the last cursor. */
async function pullAll(
  user: string,
  query: { cursor?: string; buildings?: readonly number[]; date?: string },
): Promise<{ changes: Change[]; cursor: string; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor = query.cursor;
  for (;;) {
    const reply = await pull(user, { ...query, ...(cursor ? { cursor } : {}) });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.reset).toBeUndefined();
    pages.push(reply.body);
    cursor = reply.body.cursor;
    if (!reply.body.more) break;
  }
  return { changes: pages.flatMap((p) => p.changes), cursor: cursor ?? '', pages };
}

const replaced = (changes: readonly Change[], table: string, buildingId: number | null) =>
  changes.find((c): c is Extract<Change, { op: 'replace' }> => c.op === 'replace' && c.table === table && c.buildingId === buildingId)?.records;
const upserts = (changes: readonly Change[], table: string) => changes.flatMap((c) => (c.op === 'upsert' && c.table === table ? [c.record] : []));
const deletes = (changes: readonly Change[], table: string) => changes.flatMap((c) => (c.op === 'delete' && c.table === table ? [c.id] : []));

async function list<T = Row>(user: string, path: string): Promise<T[]> {
  const reply = await call<{ records: T[] }>(server, 'GET', path, { token: tokens[user] });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.records;
}

const mutate = async (user: string, method: string, path: string, body?: unknown) => {
  const reply = await call<{ record: Row }>(server, method, `/api/binyan${path}`, { token: tokens[user], ...(body === undefined ? {} : { body }) });
  expect(reply.status, reply.text).toBeLessThan(300);
  return reply.body.record;
};

const newCall = (buildingId: number) => ({ id: newId(), buildingId, domain: 'plumbing', description: 'נזילת מים בחדר המדרגות, קומה 2' });

describe(`the incremental pull on ${testEngine()}`, () => {
  it('sends each building whole, table by table, exactly as the read routes list them, and the day’s plan', async () => {
    const { changes, pages } = await pullAll('avi', { buildings: AVI_BUILDINGS });
    expect(pages.length).toBeLessThanOrEqual(2);
    expect(pages[0]?.plan?.entries.length).toBeGreaterThan(0);
    expect(replaced(changes, 'buildings', null)).toEqual(await list('avi', '/api/pos/building/units'));
    const b = 101;
    expect(replaced(changes, 'apartments', b)).toEqual(await list('avi', `/api/binyan/buildings/${b}/apartments`));
    expect(replaced(changes, 'contacts', b)).toEqual(await list('avi', `/api/binyan/buildings/${b}/contacts`));
    const calls = [
      ...(await list<Row>('avi', `/api/binyan/service-calls?buildingId=${b}&tab=open`)),
      ...(await list<Row>('avi', `/api/binyan/service-calls?buildingId=${b}&tab=planned`)),
    ];
    expect(new Set(replaced(changes, 'serviceCalls', b)?.map((c) => c.id))).toEqual(new Set(calls.map((c) => c.id)));
    const updates = (await Promise.all(calls.map((c) => list('avi', `/api/binyan/service-calls/${c.id}/updates`)))).flat();
    expect(new Set(replaced(changes, 'serviceCallUpdates', b)?.map((u) => u.id))).toEqual(new Set(updates.map((u) => u.id)));
    const meters = await list<Row>('avi', `/api/binyan/buildings/${b}/meters`);
    expect(replaced(changes, 'meters', b)).toEqual(meters);
    const readings = (await Promise.all(meters.map((m) => list('avi', `/api/binyan/meters/${m.id}/readings`)))).flat();
    expect(replaced(changes, 'meterReadings', b)).toEqual(readings);
    expect(replaced(changes, 'keys', b)).toEqual(await list('avi', `/api/binyan/keys?buildingId=${b}`));
    expect(replaced(changes, 'mailItems', b)).toEqual(await list('avi', `/api/binyan/mail-items?buildingId=${b}`));
    expect(replaced(changes, 'facilities', b)).toEqual(await list('avi', `/api/binyan/buildings/${b}/facilities`));
    expect(replaced(changes, 'maintenanceTests', b)).toEqual(await list('avi', `/api/binyan/buildings/${b}/maintenance-tests`));
    expect(replaced(changes, 'debts', b)).toEqual(await list('avi', `/api/binyan/debts?buildingId=${b}`));
    expect(replaced(changes, 'visits', b)).toEqual(await list('avi', `/api/binyan/visits?buildingId=${b}&date=${DAY}`));
    expect(replaced(changes, 'checkGroups', b)).toEqual(
      (await list<Row & { BuildingId: number }>('avi', '/api/binyan/check/toFill')).filter((g) => g.BuildingId === b),
    );
    for (const other of AVI_BUILDINGS) expect(replaced(changes, 'apartments', other)?.length).toBeGreaterThan(0);
  });

  it('declares, for each table, the right of the read route it reads through', () => {
    const declared = new Map(server.routes.map((r) => [`${r.method} ${r.url}`, r.right]));
    for (const table of feedTables) expect(declared.get(table.route), table.route).toBe(table.right);
  });

  it('answers a pull with nothing changed with no changes, and no plan again', async () => {
    const { cursor } = await pullAll('avi', { buildings: AVI_BUILDINGS });
    const again = await pull('avi', { cursor, buildings: AVI_BUILDINGS });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ changes: [], more: false });
    expect(again.body.plan).toBeUndefined();
    expect(again.text.length).toBeLessThan(1_000);
  });

  it('sends what others changed since the cursor: new, changed, gone, out of the list’s scope, and derived fields', async () => {
    const { cursor } = await pullAll('avi', { buildings: AVI_BUILDINGS });
    // dana shares 101 and 104 with avi; miri (manager) charges the building.
    const created = await mutate('dana', 'POST', '/service-calls', newCall(101));
    const toDelete = await mutate('dana', 'POST', '/service-calls', newCall(104));
    const toClose = await mutate('dana', 'POST', '/service-calls', newCall(101));
    const { cursor: afterCreates } = await pullAll('avi', { cursor, buildings: AVI_BUILDINGS });
    await mutate('dana', 'PATCH', `/service-calls/${toClose.id}`, { baseVersion: 1, changes: { status: 'closed' } });
    await mutate('dana', 'DELETE', `/service-calls/${toDelete.id}?baseVersion=1`);
    const update = await mutate('dana', 'POST', `/service-calls/${created.id}/updates`, { id: newId(), text: 'הוחלף ברז' });
    const apartment = (await list<Row>('miri', '/api/binyan/buildings/104/apartments'))[0] as Row;
    await mutate('miri', 'POST', '/charges', {
      id: newId(),
      buildingId: 104,
      apartmentId: apartment.id,
      reason: 'special',
      description: 'תיקון דלת',
      amount: 120,
      dueDate: '2026-12-01',
    });

    const first = await pullAll('avi', { cursor, buildings: AVI_BUILDINGS });
    expect(upserts(first.changes, 'serviceCalls').map((c) => c.id)).toContain(created.id);
    // A call created and deleted between two pulls is a tombstone; a closed one left the day's lists.
    expect(deletes(first.changes, 'serviceCalls')).toEqual(expect.arrayContaining([toDelete.id, toClose.id]));
    expect(upserts(first.changes, 'serviceCallUpdates').map((u) => u.id)).toEqual([update.id]);

    const second = await pullAll('avi', { cursor: afterCreates, buildings: AVI_BUILDINGS });
    expect(upserts(second.changes, 'serviceCalls').map((c) => c.id)).toEqual([created.id]);
    expect(deletes(second.changes, 'serviceCalls').sort()).toEqual([toDelete.id, toClose.id].sort());
    // The charge: the building's debts and apartments' balances again, as their routes read them now.
    expect(replaced(second.changes, 'debts', 104)).toEqual(await list('avi', '/api/binyan/debts?buildingId=104'));
    expect(replaced(second.changes, 'apartments', 104)).toEqual(await list('avi', '/api/binyan/buildings/104/apartments'));
    expect(replaced(second.changes, 'debts', 101)).toBeUndefined();
    // Nothing of the tables nobody touched.
    expect(second.changes.filter((c) => ['contacts', 'meters', 'keys', 'mailItems'].includes(c.table))).toEqual([]);
  });

  it('sends a new day’s visits and plan, and a building added to the pull whole', async () => {
    const { cursor } = await pullAll('avi', { buildings: [101, 102] });
    const visit = await mutate('avi', 'POST', '/visits', { id: newId(), buildingId: 103, visitDate: '2026-11-29', description: 'בדיקת גג ומרזבים' });
    const next = await pullAll('avi', { cursor, buildings: [101, 102, 103], date: '2026-11-29' });
    expect(next.pages[0]?.plan).toBeDefined();
    expect(replaced(next.changes, 'visits', 101)).toEqual([]);
    expect(replaced(next.changes, 'visits', 103)).toEqual([expect.objectContaining({ id: visit.id })]);
    expect(replaced(next.changes, 'apartments', 103)?.length).toBeGreaterThan(0);
    expect(replaced(next.changes, 'apartments', 101)).toBeUndefined();
    // `fresh`: a building the device lost is sent whole although the cursor covers it.
    const again = await pull('avi', { cursor: next.cursor, buildings: [101, 102, 103], fresh: [102], date: '2026-11-29' });
    expect(again.body.changes.filter((c) => c.op === 'replace').map((c) => (c.op === 'replace' ? c.buildingId : null))).toEqual(expect.arrayContaining([102]));
    expect(replaced(again.body.changes, 'apartments', 101)).toBeUndefined();
  });

  it('sends every change of several made between two pulls', async () => {
    const { cursor } = await pullAll('avi', { buildings: [102] });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await mutate('avi', 'POST', '/service-calls', newCall(102)));
    const next = await pullAll('avi', { cursor, buildings: [102] });
    expect(
      upserts(next.changes, 'serviceCalls')
        .map((c) => c.id)
        .sort(),
    ).toEqual(made.map((c) => c.id).sort());
  });
});

describe('who sees what', () => {
  it('refuses a building of someone else’s round, of another company, an unknown one, and nobody signed in', async () => {
    expect((await pull('avi', { buildings: [101, 105] })).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    expect((await pull('avi', { buildings: [201] })).status).toBe(403);
    expect((await pull('other', { buildings: [101] })).status).toBe(403);
    expect((await pull('avi', { buildings: [99_999] })).status).toBe(404);
    expect((await pull('', { buildings: [101] })).status).toBe(401);
  });

  it('gives a supplier the calls of their buildings only, a tenant nothing but the unit list, and a worker without the flags no calls or checks', async () => {
    const eli = await pullAll('eli', { buildings: [101] });
    expect([...new Set(eli.changes.map((c) => c.table))].sort()).toEqual(['buildings', 'serviceCallFiles', 'serviceCallUpdates', 'serviceCalls']);
    expect((await pull('eli', { buildings: [104] })).status).toBe(403);
    const moshe = await pullAll('moshe', { buildings: [101] });
    expect(moshe.changes.map((c) => c.table)).toEqual(['buildings']);
    expect(moshe.pages[0]?.plan).toBeUndefined();
    const noam = await pullAll('noam', { buildings: [105] });
    const tables = new Set(noam.changes.map((c) => c.table));
    for (const hidden of ['serviceCalls', 'serviceCallUpdates', 'serviceCallFiles', 'checkGroups']) expect(tables.has(hidden), hidden).toBe(false);
    expect(tables.has('meters')).toBe(true);
  });

  it('sends no change of a building or company the user does not see, whatever the cursor says', async () => {
    const { cursor } = await pullAll('avi', { buildings: AVI_BUILDINGS });
    const forged = decodeCursor(cursor);
    if (!forged) throw new Error('no cursor');
    const hidden = await mutate('dana', 'POST', '/service-calls', newCall(105));
    const elsewhere = await mutate('other', 'POST', '/service-calls', newCall(201));
    const seen = (await pullAll('avi', { cursor: encodeCursor({ ...forged, b: [...forged.b, 105, 201] }), buildings: AVI_BUILDINGS })).changes;
    const ids = JSON.stringify(seen);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(elsewhere.id);
  });

  it('answers a forged, foreign or future cursor with a reset, never with records', async () => {
    const { cursor } = await pullAll('avi', { buildings: [101] });
    const mine = decodeCursor(cursor);
    if (!mine) throw new Error('no cursor');
    expect((await pull('avi', { cursor: 'not-a-cursor', buildings: [101] })).body).toEqual({ reset: 'cursorRefused' });
    expect((await pull('dana', { cursor, buildings: [101] })).body).toEqual({ reset: 'cursorRefused' });
    expect((await pull('avi', { cursor: encodeCursor({ ...mine, t: mine.t + 1_000_000, s: mine.s + 1_000_000 }), buildings: [101] })).body).toEqual({
      reset: 'cursorRefused',
    });
    expect((await pull('avi', { cursor: encodeCursor({ ...mine, a: 'something-else' }), buildings: [101] })).body).toEqual({ reset: 'accessChanged' });
    expect((await pull('avi', { buildings: [101], cursor: 'x'.repeat(9_000) })).status).toBe(422);
  });

  it('answers a cursor older than the kept log "too old"', async () => {
    const { cursor } = await pullAll('avi', { buildings: [101] });
    await mutate('avi', 'POST', '/service-calls', newCall(101));
    expect(await syncChanges.purge(db, new Date(Date.now() + 60_000).toISOString())).toBeGreaterThan(0);
    expect((await pull('avi', { cursor, buildings: [101] })).body).toEqual({ reset: 'cursorTooOld' });
    // A new first pull works from the floor on.
    const fresh = await pullAll('avi', { buildings: [101] });
    expect((await pull('avi', { cursor: fresh.cursor, buildings: [101] })).body).toMatchObject({ changes: [] });
  });
});

describe('small copies of several photos in one request', () => {
  type Listed = { records: { id: string }[] };
  const filesOf = async (user: string, callId: string) =>
    (await call<Listed>(server, 'GET', `/api/binyan/service-calls/${callId}/files`, { token: tokens[user] })).body.records.map((f) => f.id);
  const smallImages = async (user: string, ids: readonly string[]) => {
    const response = await fetch(
      `${server.baseUrl}/api/files/smallImages?src=${ids.join(',')}`,
      user ? { headers: { authorization: tokens[user] ?? '' } } : {},
    );
    if (!response.ok) return { status: response.status, ids: [] as string[] };
    const parts = await response.formData();
    return { status: response.status, ids: [...parts.keys()], type: response.headers.get('content-type') };
  };

  it('answers each file the user may read as getImg would, and leaves out the others', async () => {
    /** The first photo of the user's open calls (the seed gives each a picture; calls made by the tests above have none). */
    const photoOf = async (user: string, query: string) => {
      for (const c of await list<Row>(user, `/api/binyan/service-calls?tab=open${query}`)) {
        const [file] = await filesOf(user, String(c.id));
        if (file) return file;
      }
      return '';
    };
    const [meter] = await list<Row>('avi', '/api/binyan/buildings/101/meters');
    const [reading] = await list<Row & { photoId: string }>('avi', `/api/binyan/meters/${String(meter?.id)}/readings`);
    const myPhoto = await photoOf('avi', '&buildingId=101');
    const herPhoto = await photoOf('dana', '&buildingId=105');
    const theirPhoto = await photoOf('other', '');
    const readingPhoto = reading?.photoId ?? '';
    for (const id of [myPhoto, herPhoto, theirPhoto, readingPhoto]) expect(id).not.toBe('');

    const avi = await smallImages('avi', [myPhoto, readingPhoto, herPhoto, theirPhoto, 'no-such-file']);
    expect(avi.status).toBe(200);
    expect(avi.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(avi.ids).toEqual([myPhoto, readingPhoto]);
    // A supplier reads a call's photo, not a reading's (meters.read); a tenant neither.
    expect((await smallImages('eli', [myPhoto, readingPhoto])).ids).toEqual([myPhoto]);
    expect((await smallImages('moshe', [myPhoto, readingPhoto])).ids).toEqual([]);
    expect((await smallImages('', [myPhoto])).status).toBe(401);
    expect(
      (
        await smallImages(
          'avi',
          Array.from({ length: 31 }, (_, i) => `f${i}`),
        )
      ).status,
    ).toBe(422);
    expect((await smallImages('avi', ['../etc'])).status).toBe(422);
  });
});
