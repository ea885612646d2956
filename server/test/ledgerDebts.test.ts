// The one ledger is what an apartment owes (issue 14): the debts list reads open amounts from it, a
// sent check payment marks its debts pending approval, and a confirmed deposit posts one payment that
// settles them (a repeated confirm posts nothing more).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Debt = { id: string; contactGuid: string; amount: number; paid: boolean; pendingChecks: boolean; openAgorot: number; chargedAgorot: number };
type Group = { ID: number; ChecksHeaderGuid: string; ContactGuid: string; DebtIds: string[]; version: number };

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
});
afterAll(async () => server.close());

const get = async <T>(path: string) => (await call<T>(server, 'GET', path, { token })).body;
const send = (method: string, path: string, body: unknown, key = newId()) =>
  call<Record<string, unknown>>(server, method, `/api/binyan/check${path}`, { token, body, idempotencyKey: key });
const debtsOf = async (contactGuid: string) => (await get<{ records: Debt[] }>(`/api/binyan/debts?contactGuid=${contactGuid}`)).records;

describe('debts from the ledger', () => {
  it('lists each charge of a building with its open amount in NIS and agorot', async () => {
    const all = (await get<{ records: Debt[] }>('/api/binyan/debts?buildingId=101')).records;
    expect(all.length).toBeGreaterThan(0);
    for (const d of all) {
      expect(d.paid).toBe(false);
      expect(d.openAgorot).toBe(d.chargedAgorot);
      expect(Math.round(d.amount * 100)).toBe(d.openAgorot);
    }
  });

  it('shows a sent check payment’s debts as pending approval, and settles them once the deposit is confirmed', async () => {
    const group = (await get<{ records: Group[] }>('/api/binyan/check/toFill')).records.find((g) => g.ID === 5003);
    if (!group) throw new Error('the demo has payment 5003');
    const before = await debtsOf(group.ContactGuid);
    expect(before.filter((d) => group.DebtIds.includes(d.id)).every((d) => !d.paid && !d.pendingChecks)).toBe(true);

    const sent = await send('PUT', '/submitChecksHeader', { ...group, SendAnyway: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const pending = (await debtsOf(group.ContactGuid)).filter((d) => group.DebtIds.includes(d.id));
    expect(pending.length).toBe(group.DebtIds.length);
    expect(pending.every((d) => d.pendingChecks && !d.paid)).toBe(true);

    expect((await send('POST', '/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid })).status).toBe(200);
    const code = await server.waitForDeposit('avi');
    for (let i = 0; i < 2; i += 1) expect((await send('POST', '/deposit/confirm', { ChecksHeaderGuid: group.ChecksHeaderGuid, code })).status).toBe(200);

    // The checks (200 + 150 NIS) settle the chosen debts oldest first, each at most its open amount.
    const after = (await debtsOf(group.ContactGuid)).filter((d) => group.DebtIds.includes(d.id));
    const settled = before.filter((d) => group.DebtIds.includes(d.id)).reduce((s, d) => s + d.openAgorot, 0) - after.reduce((s, d) => s + d.openAgorot, 0);
    expect(settled).toBe(
      Math.min(
        35_000,
        before.filter((d) => group.DebtIds.includes(d.id)).reduce((s, d) => s + d.openAgorot, 0),
      ),
    );
    expect(after.every((d) => !d.pendingChecks)).toBe(true);
  });
});
