// Scale-out (issue 12): two server processes on one database, as behind a load balancer. The same
// idempotent mutations fired at both at once apply exactly once with one stored answer; version checks
// hold across them; a session from one works on the other and a logout on one ends it on both; failed
// sign-ins count across both; the purge job runs once. On the engine under test (TEST_DB).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { testCards } from '../../src/lib/cards.ts';
import { FIRST_RECEIPT_NUMBER, isGapFree } from '../../src/lib/domain/receiptIssuer.ts';
import { jobs } from '../src/data/jobs.ts';
import { providerChargeCountOf } from '../src/payments/referenceProvider.ts';
import { PURGE_JOB } from '../src/jobs/purge.ts';
import type { TestDatabase } from './engine.ts';
import { newTestDatabase, testEngine } from './engine.ts';
import type { Reply } from './harness.ts';
import { migrationNames } from '../src/db/migrate.ts';
import { call, loginAs, newId } from './harness.ts';
import type { ServerProcess } from './processes.ts';
import { startServerProcess } from './processes.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

const PROVIDER_DELAY_MS = 1_500;

type Mutation = { idempotencyKey: string; record: { id: string; version: number; callNumber?: number }; error?: { code: string } };

let test: TestDatabase;
let db: Database;
let a: ServerProcess;
let b: ServerProcess;
let token = '';

beforeAll(async () => {
  // SQLite: the first process creates and seeds the file; PostgreSQL: a copy of the seeded template.
  test = await newTestDatabase({ seeded: testEngine() === 'postgres' });
  // A clearing company that takes its time: two payments sent at once overlap at the provider (no other test here pays).
  // Declines are counted per payment in flight: roomy, so a tenant's six payments at once all reach it.
  const slowProvider = {
    PAYMENT_PROVIDER_DELAY_MS: String(PROVIDER_DELAY_MS),
    USAGE_LIMITS: JSON.stringify({ cardDeclinesPerUser: { max: 1000, windowMs: 60_000 }, cardDeclinesPerApartment: { max: 1000, windowMs: 60_000 } }),
  };
  a = await startServerProcess(test.database, test.filesDir, 60_000, slowProvider);
  b = await startServerProcess(test.database, test.filesDir, 60_000, slowProvider);
  db = openDatabase(test.database);
  token = (await loginAs(a, 'avi')).token;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.close();
  await test?.dispose();
});

const both = () => [a, b] as const;
const newCall = (id = newId()) => ({ id, buildingId: 101, domain: 'plumbing', description: 'נזילת מים בחדר המדרגות, קומה 2' });
const textOf = (r: Reply<unknown>) => `${r.status} ${r.text}`;

describe(`two server processes on one ${testEngine()} database`, () => {
  it('accepts a session made on one process on the other', async () => {
    for (const server of both()) expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(200);
    const fromB = (await loginAs(b, 'dana')).token;
    expect((await call(a, 'GET', '/api/binyan/buildings', { token: fromB })).status).toBe(200);
  });

  it('applies each mutation sent to both processes at once exactly once, with the same stored answer', async () => {
    const bodies = Array.from({ length: 12 }, () => ({ key: randomUUID(), body: newCall() }));
    const replies = await Promise.all(
      bodies.map(({ key, body }) => {
        const send = (server: ServerProcess) => call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body });
        return Promise.all([send(a), send(b)]);
      }),
    );
    for (const [fromA, fromB] of replies) {
      expect(fromA.status, fromA.text).toBe(201);
      expect(textOf(fromB)).toBe(textOf(fromA));
    }
    const ids = bodies.map((x) => x.body.id);
    const rows = await db.all(db.q.selectFrom('service_calls').select(['id', 'version', 'callNumber']).where('id', 'in', ids));
    expect(rows).toHaveLength(ids.length);
    expect(rows.every((r) => r.version === 1)).toBe(true);
    // Call numbers come from one counter shared by both processes: never one number twice.
    expect(new Set(rows.map((r) => r.callNumber)).size).toBe(ids.length);
    const keys = await db.all(
      db.q
        .selectFrom('idempotency_keys')
        .select('key')
        .where(
          'key',
          'in',
          bodies.map((x) => x.key),
        ),
    );
    expect(keys).toHaveLength(bodies.length);
  });

  it('answers repeats of one change on both processes alike, and counts the change once', async () => {
    const created = (await call<Mutation>(a, 'POST', '/api/binyan/service-calls', { token, body: newCall() })).body.record;
    const key = randomUUID();
    const update = { baseVersion: 1, changes: { priority: 'high' } };
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call<Mutation>(both()[i % 2] ?? a, 'PATCH', `/api/binyan/service-calls/${created.id}`, { token, idempotencyKey: key, body: update }),
      ),
    );
    expect(new Set(replies.map(textOf)).size).toBe(1);
    expect(replies[0]?.status).toBe(200);
    expect((await db.first(db.q.selectFrom('service_calls').select('version').where('id', '=', created.id)))?.version).toBe(2);
  });

  it('holds version checks across processes: of concurrent edits on one version, one wins and the rest get 409', async () => {
    const created = (await call<Mutation>(b, 'POST', '/api/binyan/service-calls', { token, body: newCall() })).body.record;
    const priorities = ['low', 'high', 'urgent', 'normal', 'low', 'high', 'urgent', 'normal'];
    const replies = await Promise.all(
      priorities.map((priority, i) =>
        call<Mutation>(both()[i % 2] ?? a, 'PATCH', `/api/binyan/service-calls/${created.id}`, { token, body: { baseVersion: 1, changes: { priority } } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409).map((r) => r.body.error?.code)).toEqual(Array(priorities.length - 1).fill('VERSION_CONFLICT'));
    const stored = await db.first(db.q.selectFrom('service_calls').select(['version', 'priority']).where('id', '=', created.id));
    const winner = replies.find((r) => r.status === 200)?.body.record;
    expect(stored).toEqual({ version: 2, priority: (winner as { priority?: string } | undefined)?.priority });
  });

  it('counts failed sign-ins of an account across both processes', async () => {
    const start = (server: ServerProcess, password: string) =>
      call<{ codeSent?: boolean }>(server, 'POST', '/api/auth/otp/start', {
        body: { idParam1: 'miri', idParam2: password, compID: 1001, appId: 2, appGuid: 'mp', otpPreferredSendMethod: 'sms' },
        idempotencyKey: null,
      });
    // The default account limit: 10 failures lock it.
    const failures = await Promise.all(Array.from({ length: 10 }, (_, i) => start(both()[i % 2] ?? a, 'wrong-password')));
    expect(failures.every((r) => r.status === 200 && r.body.codeSent === false)).toBe(true);
    for (const server of both()) {
      const locked = await start(server, 'demo1234');
      expect(locked.status, locked.text).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('ends a session on both processes when it logs out on one', async () => {
    const { token: mine } = await loginAs(a, 'yossi');
    for (const server of both()) expect((await call(server, 'GET', '/api/binyan/buildings', { token: mine })).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/logout', { token: mine, body: {}, idempotencyKey: null })).status).toBe(200);
    expect((await call(b, 'GET', '/api/binyan/buildings', { token: mine })).status).toBe(401);
    // The other process learns it from the database (PostgreSQL: its session cache hears the trigger's
    // NOTIFY; SQLite: the file's change counter), within moments.
    const deadline = Date.now() + 5_000;
    let status = 0;
    while ((status = (await call(a, 'GET', '/api/binyan/buildings', { token: mine })).status) !== 401 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('lets one of two payments of one debt sent to both processes at once reach the provider, and refuses the other', async () => {
    const { token: moshe } = await loginAs(a, 'moshe');
    await approveTerms(b, moshe);
    type Account = { apartments: { apartmentId: string; balanceAgorot: number; debts: { id: string; openAgorot: number }[] }[] };
    const account = async () => (await call<Account>(a, 'GET', '/api/binyan/my/account', { token: moshe })).body.apartments[0];
    const home = await account();
    const debt = home?.debts[0];
    if (!home || !debt) throw new Error('the demo tenant has an open debt');
    const cardBody = await enteredCard(() => call(a, 'POST', '/api/binyan/my/cards/entry', { token: moshe, body: {} }), testCards.success);
    const card = (await call<{ record: { id: string } }>(b, 'POST', '/api/binyan/my/cards', { token: moshe, body: cardBody })).body.record;
    const quote = await call<{ quote: { total: number } }>(a, 'POST', '/api/binyan/my/payments/quote', {
      token: moshe,
      body: { apartmentId: home.apartmentId, chargeIds: [debt.id], cardId: card.id },
    });
    const charged = async () => providerChargeCountOf(db, 'company-1001');
    const before = await charged();

    // Two intents (two ids: two taps on two devices) for the same debt, one to each process, at once.
    const pay = (server: ServerProcess) => {
      const id = newId();
      return call<{ record?: { status: string }; error?: { code: string; messageKey: string } }>(server, 'POST', '/api/binyan/my/payments', {
        token: moshe,
        idempotencyKey: id,
        body: { id, apartmentId: home.apartmentId, chargeIds: [debt.id], cardId: card.id, expectedTotalAgorot: quote.body.quote.total },
      });
    };
    const replies = await Promise.all([pay(a), pay(b)]);
    const paid = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(
      paid.map((r) => r.body.record?.status),
      replies.map(textOf).join('\n'),
    ).toEqual(['succeeded']);
    expect(refused.map((r) => r.status)).toEqual([409]);
    expect(refused[0]?.body.error).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', messageKey: 'errors:paymentInProgress' });
    expect(await charged()).toBe(before + 1);
    const after = await account();
    expect(after?.balanceAgorot).toBe(home.balanceAgorot - debt.openAgorot);
    expect(await db.all(db.q.selectFrom('payment_reservations').selectAll())).toEqual([]);
  });

  it('numbers receipts of payments sent to both processes at once in the issuer’s sequence without a gap or a repeat (issue 29)', async () => {
    const { token: moshe } = await loginAs(a, 'moshe');
    await approveTerms(b, moshe);
    const { token: office } = await loginAs(b, 'admin'); // miri is locked out by the sign-in test above
    type Account = { apartments: { apartmentId: string; buildingId: number }[] };
    const home = (await call<Account>(a, 'GET', '/api/binyan/my/account', { token: moshe })).body.apartments[0];
    if (!home) throw new Error('the demo tenant has an apartment');
    const debts = Array.from({ length: 6 }, () => newId());
    for (const id of debts) {
      const charged = await call(b, 'POST', '/api/binyan/charges', {
        token: office,
        idempotencyKey: newId(),
        body: {
          id,
          buildingId: home.buildingId,
          apartmentId: home.apartmentId,
          reason: 'special',
          description: 'Gate remote',
          amount: 40,
          dueDate: '2026-12-10',
        },
      });
      expect(charged.status, charged.text).toBe(201);
    }
    const typed = await enteredCard(() => call(a, 'POST', '/api/binyan/my/cards/entry', { token: moshe, body: {} }), testCards.success);
    const card = (await call<{ record: { id: string } }>(a, 'POST', '/api/binyan/my/cards', { token: moshe, body: typed })).body.record;
    const bodies = await Promise.all(
      debts.map(async (chargeId) => {
        const quote = await call<{ quote: { total: number } }>(a, 'POST', '/api/binyan/my/payments/quote', {
          token: moshe,
          body: { apartmentId: home.apartmentId, chargeIds: [chargeId], cardId: card.id },
        });
        return { id: newId(), apartmentId: home.apartmentId, chargeIds: [chargeId], cardId: card.id, expectedTotalAgorot: quote.body.quote.total };
      }),
    );
    // Each payment to one process, alternating; the last one to both at once as well.
    const sendTo = (server: ServerProcess, body: { id: string }) =>
      call<{ record?: { status: string; receiptNumber: number } }>(server, 'POST', '/api/binyan/my/payments', { token: moshe, idempotencyKey: body.id, body });
    const last = bodies[bodies.length - 1];
    if (!last) throw new Error('payments');
    const replies = await Promise.all([...bodies.map((body, i) => sendTo(i % 2 === 0 ? a : b, body)), sendTo(a, last)]);
    for (const r of replies) expect([200, 409], textOf(r)).toContain(r.status);
    const issuer = 'company:1001';
    const rows = await db.all(
      db.q.selectFrom('payments').select(['id', 'receiptNumber']).where('receiptIssuer', '=', issuer).where('receiptNumber', 'is not', null),
    );
    for (const body of bodies)
      expect(
        rows.filter((r) => r.id === body.id),
        body.id,
      ).toHaveLength(1);
    expect(
      isGapFree(
        rows.map((r) => Number(r.receiptNumber)),
        FIRST_RECEIPT_NUMBER,
      ),
      rows.map((r) => r.receiptNumber).join(','),
    ).toBe(true);
  });

  it('loses no change for a device pulling from both processes while both write at once', async () => {
    type Page = { changes: { table: string; op: string; record?: { id: string }; records?: { id: string }[] }[]; cursor: string; more: boolean };
    const pull = async (server: ServerProcess, cursor?: string) => {
      const query = new URLSearchParams({ buildings: '101,102', date: '2026-11-28', ...(cursor ? { cursor } : {}) });
      const reply = await call<Page>(server, 'GET', `/api/binyan/sync/changes?${query.toString()}`, { token });
      expect(reply.status, reply.text).toBe(200);
      return reply.body;
    };
    const seen = new Set<string>();
    const note = (page: Page) => {
      for (const c of page.changes) if (c.table === 'serviceCalls') for (const r of c.record ? [c.record] : (c.records ?? [])) seen.add(r.id);
    };
    let cursor = (await pull(a)).cursor;
    const made: string[] = [];
    let writing = true;
    const writers = Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; i < 6; i++) {
          const reply = await call<Mutation>(both()[(w + i) % 2] ?? a, 'POST', '/api/binyan/service-calls', { token, body: newCall(newId()) });
          expect(reply.status, reply.text).toBe(201);
          made.push(reply.body.record.id);
        }
      }),
    ).finally(() => (writing = false));
    // The device keeps pulling, from one process then the other, while the writes go on.
    for (let n = 0; writing; n += 1) {
      const page = await pull(both()[n % 2] ?? a, cursor);
      note(page);
      cursor = page.cursor;
    }
    await writers;
    for (;;) {
      const page = await pull(b, cursor);
      note(page);
      cursor = page.cursor;
      if (!page.more) break;
    }
    expect(made).toHaveLength(24);
    expect(made.filter((id) => !seen.has(id))).toEqual([]);
  });

  it('runs the purge job once for both processes, and both answer the health check', async () => {
    expect(await jobs.runs(db, PURGE_JOB)).toBe(1);
    for (const server of both()) {
      const health = await call(server, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ ok: true, database: 'ok' });
    }
  });
});

describe(`processes starting at once on an empty ${testEngine()} database`, () => {
  it('migrate and seed it once, and all of them serve', async () => {
    const empty = await newTestDatabase({ seeded: false });
    const started: ServerProcess[] = [];
    const fresh = openDatabase(empty.database);
    try {
      const results = await Promise.allSettled([1, 2, 3].map(() => startServerProcess(empty.database, empty.filesDir)));
      for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      const count = async (table: string) =>
        Number((await fresh.first({ compile: () => sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.compile(fresh.q) }))?.n);
      expect(await count('kysely_migration')).toBe(migrationNames.length);
      expect(await count('companies')).toBe(2);
      expect(await count('buildings')).toBe(7);
      expect(await jobs.runs(fresh, PURGE_JOB)).toBe(1);
      for (const server of started) expect((await loginAs(server, 'miri')).token).not.toBe('');
    } finally {
      await Promise.all(started.map((p) => p.stop()));
      await fresh.close();
      await empty.dispose();
    }
  }, 120_000);
});
