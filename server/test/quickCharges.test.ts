// Quick charges (/add-money, issue 14): staff charge one apartment or all apartments of a building; the
// tenant sees the charge as a debt; a repeated request (same Idempotency-Key) charges once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Debt = { id: string; apartmentId: string; description: string; openAgorot: number; kind: string; dueDate: string };
type Body = {
  record?: { apartments: number; totalAgorot: number };
  records?: Debt[];
  apartments?: { apartmentId: string; debts: Debt[] }[];
  error?: { messageKey: string; field?: string };
};

let server: TestServer;
let miri: string;
let moshe: string;

beforeAll(async () => {
  server = await startTestServer();
  miri = (await loginAs(server, 'miri')).token;
  moshe = (await loginAs(server, 'moshe')).token;
});
afterAll(async () => server.close());

const as = (token: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token, ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });
const charge = (body: Record<string, unknown>, key = newId(), token = miri) =>
  as(
    token,
    'POST',
    '/api/binyan/charges',
    { id: newId(), reason: 'special', description: 'תיקון שער החניה', amount: 120.5, dueDate: '2026-12-10', ...body },
    key,
  );

describe('quick charges', () => {
  it('charges the tenant’s apartment once, even when the request is repeated, and the tenant sees it as a debt', async () => {
    const mine = (await as(moshe, 'GET', '/api/binyan/my/account')).body.apartments?.[0];
    if (!mine) throw new Error('moshe has an apartment');
    const key = newId();
    const body = { id: newId(), buildingId: 101, apartmentId: mine.apartmentId, description: 'תיקון שער החניה' };
    const first = await charge(body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.body.record).toMatchObject({ apartments: 1, totalAgorot: 12_050 });
    expect((await charge(body, key)).text).toBe(first.text);
    const debts = (await as(moshe, 'GET', '/api/binyan/my/account')).body.apartments?.[0]?.debts ?? [];
    expect(debts.filter((d) => d.description === 'תיקון שער החניה')).toEqual([
      expect.objectContaining({ openAgorot: 12_050, kind: 'special', dueDate: '2026-12-10' }),
    ]);
  });

  it('charges every apartment of a building at once', async () => {
    const apartments = (await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/buildings/102/apartments', { token: miri })).body.records;
    const before = (await as(miri, 'GET', '/api/binyan/debts?buildingId=102')).body.records?.length ?? 0;
    const reply = await charge({ buildingId: 102, apartmentId: null, allApartments: true, reason: 'other', description: 'ביטוח מבנה שנתי', amount: 80 });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.record).toMatchObject({ apartments: apartments.length, totalAgorot: 8_000 * apartments.length });
    const after = (await as(miri, 'GET', '/api/binyan/debts?buildingId=102')).body.records ?? [];
    expect(after.length).toBe(before + apartments.length);
    expect(new Set(after.filter((d) => d.description === 'ביטוח מבנה שנתי').map((d) => d.apartmentId))).toEqual(new Set(apartments.map((a) => a.id)));
    // An apartment's debt is its ledger balance: the list's open amounts add up to it.
    const listed = (await call<{ records: { id: string; debt: number }[] }>(server, 'GET', '/api/binyan/buildings/102/apartments', { token: miri })).body
      .records;
    for (const a of listed) expect(Math.round(a.debt * 100), a.id).toBe(after.filter((d) => d.apartmentId === a.id).reduce((s, d) => s + d.openAgorot, 0));
  });

  it('refuses an amount that is not a positive sum of agorot, a missing apartment, and anyone but management staff', async () => {
    expect((await charge({ buildingId: 101, allApartments: true, amount: 0 })).body.error).toMatchObject({
      field: 'amount',
      messageKey: 'errors:invalidAmount',
    });
    expect((await charge({ buildingId: 101, apartmentId: null })).body.error).toMatchObject({ field: 'apartmentId' });
    const rina = (await loginAs(server, 'rina')).token;
    expect((await charge({ buildingId: 101, allApartments: true }, newId(), rina)).status).toBe(403);
  });
});
