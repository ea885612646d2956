// PostgreSQL only (collected when TEST_DB=postgres, vitest.config.ts): a sequence numbers rows when they
// are written, not when they commit, so a change written first and committed last must still reach a
// device that pulled in between (server/src/data/syncChanges.ts). SQLite runs one writer at a time:
// there the order of `seq` is the order of commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceCall } from '../../src/lib/domain/entities.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { insertRecord } from '../src/db/records.ts';
import { specs } from '../src/db/specs.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Page = { changes: { table: string; op: string; record?: { id: string } }[]; cursor: string; more: boolean };

let server: TestServer;
let db: Database;
let token = '';

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.database);
  token = (await loginAs(server, 'avi')).token;
}, 60_000);

afterAll(async () => {
  await db?.close();
  await server?.close();
});

async function pull(cursor?: string): Promise<Page> {
  const query = new URLSearchParams({ buildings: '101', date: '2026-11-28', ...(cursor ? { cursor } : {}) });
  const reply = await call<Page>(server, 'GET', `/api/binyan/sync/changes?${query.toString()}`, { token });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

const callIds = (page: Page) => page.changes.flatMap((c) => (c.table === 'serviceCalls' && c.op === 'upsert' && c.record ? [c.record.id] : []));

function heldCall(): ServiceCall {
  const now = new Date().toISOString();
  return {
    id: newId(),
    buildingId: 101,
    callNumber: 990_001,
    callType: 'fault',
    domain: 'plumbing',
    reporterContactId: null,
    reporterName: 'בדיקה',
    status: 'open',
    priority: 'normal',
    subject: 'נכתב ראשון, נשמר אחרון',
    description: 'נכתב ראשון, נשמר אחרון',
    openedAt: now,
    lastVisitAt: null,
    lastUpdateAt: now,
    closedAt: null,
    copyToMaintenanceManager: false,
    createdBy: 'test',
    version: 1,
    updatedAt: now,
  };
}

describe('a change committed after a later one', () => {
  it('reaches a device that pulled while it was still open', async () => {
    const start = await pull();
    const held = heldCall();
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Written (its log row takes its seq) and left open.
    const holding = db.tx(async (tx) => {
      await insertRecord(tx, specs.serviceCalls, held, 1001);
      written();
      await released;
    });
    await isWritten;
    // Written after it, committed before it.
    const later = await call<{ record: { id: string } }>(server, 'POST', '/api/binyan/service-calls', {
      token,
      body: { id: newId(), buildingId: 101, domain: 'plumbing', description: 'נכתב שני, נשמר ראשון' },
    });
    expect(later.status, later.text).toBe(201);
    const between = await pull(start.cursor);
    expect(callIds(between)).not.toContain(held.id);

    release();
    await holding;
    const after = await pull(between.cursor);
    const seen = [...callIds(between), ...callIds(after)];
    expect(seen).toContain(held.id);
    expect(seen).toContain(later.body.record.id);
  });
});
