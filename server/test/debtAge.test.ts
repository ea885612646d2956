// Issue 29 item 3: a debt's age (and the spec's committee-fee kind) is worked out on read from its due date
// and the server's day in Israel, for every charge kind — the stored label never decides it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays } from '../../src/lib/dates.ts';
import { israelToday } from '../../src/lib/domain/debtAge.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Debt = { id: string; apartmentId: string; kind: string; age: string; dueDate: string; openAgorot: number };
type Account = { apartments?: { apartmentId: string; debts: Debt[] }[] };

const DAY = 86_400_000;
let server: TestServer;
let miri: string;
let moshe: string;

beforeAll(async () => {
  server = await startTestServer();
  await signIn();
});
afterAll(async () => server.close());

// Moving the clock by weeks ends the sessions, so each look signs in again.
const signIn = async () => {
  miri = (await loginAs(server, 'miri')).token;
  moshe = (await loginAs(server, 'moshe')).token;
};
const buildingDebts = async () => {
  await signIn();
  const reply = await call<{ records: Debt[] }>(server, 'GET', '/api/binyan/debts?buildingId=101', { token: miri });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.records;
};
const myDebts = async () => (await call<Account>(server, 'GET', '/api/binyan/my/account', { token: moshe })).body.apartments?.[0]?.debts ?? [];

describe('debts age by date', () => {
  it('ages a special charge from coming to current to past due as the days in Israel pass', async () => {
    const mine = (await call<Account>(server, 'GET', '/api/binyan/my/account', { token: moshe })).body.apartments?.[0];
    if (!mine) throw new Error('moshe has an apartment');
    // Due on the 10th of the month after next: coming until that month, current in it, past due after it.
    const today = israelToday(server.clock.now());
    const due = `${addLocalDays(`${today.slice(0, 7)}-01`, 62).slice(0, 7)}-10`;
    const id = newId();
    const posted = await call(server, 'POST', '/api/binyan/charges', {
      token: miri,
      idempotencyKey: newId(),
      body: { id, buildingId: 101, apartmentId: mine.apartmentId, reason: 'special', description: 'תיקון שער החניה', amount: 100, dueDate: due },
    });
    expect(posted.status, posted.text).toBe(201);

    const seen = async () => [(await buildingDebts()).find((d) => d.id === id), (await myDebts()).find((d) => d.id === id)];
    expect(await seen()).toEqual([expect.objectContaining({ kind: 'special', age: 'coming' }), expect.objectContaining({ kind: 'special', age: 'coming' })]);

    const daysTo = (day: string) => Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${israelToday(server.clock.now())}T12:00:00Z`)) / DAY);
    server.clock.advance(daysTo(`${due.slice(0, 7)}-01`) * DAY);
    expect(await seen()).toEqual([expect.objectContaining({ age: 'current' }), expect.objectContaining({ age: 'current' })]);

    server.clock.advance(daysTo(addLocalDays(due, 1)) * DAY);
    expect(await seen()).toEqual([expect.objectContaining({ kind: 'special', age: 'pastDue' }), expect.objectContaining({ kind: 'special', age: 'pastDue' })]);
  });

  it('gives every committee fee the kind its due date makes it, whatever label it was stored with', async () => {
    server.clock.advance(800 * DAY);
    const debts = await buildingDebts();
    const committee = debts.filter((d) => d.kind !== 'special');
    expect(committee.length).toBeGreaterThan(0);
    expect(new Set(committee.map((d) => d.kind))).toEqual(new Set(['pastCommittee']));
    expect(new Set(debts.map((d) => d.age))).toEqual(new Set(['pastDue']));
  });
});
