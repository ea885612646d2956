// "Contact us": a public form with the spec's validations and a limit per address; the details reach
// the management company's leads list, where staff mark them called back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../src/routes/leads.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, startTestServer } from './harness.ts';

type Lead = {
  id: string;
  fullName: string;
  phone: string;
  email: string | null;
  building: string;
  note: string;
  calledBackAt: string | null;
  calledBackBy: string | null;
};
type Reply = { records?: Lead[]; record?: Partial<Lead>; received?: boolean; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
const valid = { fullName: 'רונית אברהם', phone: '052-123-4567', email: 'ronit@example.org', building: 'ז׳בוטינסקי 10, רמת גן', note: 'ועד בית של 24 דירות' };

const send = (body: unknown, address = '198.51.100.7') =>
  call<Reply>(server, 'POST', '/api/public/contact-us', { body, headers: { 'x-forwarded-for': address }, idempotencyKey: null });
const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  for (const name of ['miri', 'avi', 'moshe']) tokens.set(name, (await loginAs(server, name)).token);
});
afterAll(async () => server?.close());

describe('contact us', () => {
  it('takes a prospective customer’s details without signing in and lists them for staff only', async () => {
    const sent = await send(valid, '198.51.100.1');
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });
    const list = (await as('miri', 'GET', '/leads')).body.records ?? [];
    expect(list.find((l) => l.fullName === 'רונית אברהם')).toMatchObject({ phone: '0521234567', email: 'ronit@example.org', calledBackAt: null });
    for (const user of ['avi', 'moshe']) expect((await as(user, 'GET', '/leads')).status, user).toBe(403);
  });

  it('refuses a missing name, an invalid phone or e-mail and a missing building, with their fields', async () => {
    expectRefused(await send({ ...valid, fullName: '' }, '198.51.100.2'), 'requiredField', { field: 'fullName' });
    expectRefused(await send({ ...valid, phone: '12345' }, '198.51.100.2'), 'invalidPhone', { field: 'phone' });
    expectRefused(await send({ ...valid, email: 'ronit@' }, '198.51.100.2'), 'invalidEmail', { field: 'email' });
    expectRefused(await send({ ...valid, building: ' ' }, '198.51.100.2'), 'requiredField', { field: 'building' });
  });

  it('refuses a company code that names no management company, keeping the details from any other company', async () => {
    const before = ((await as('miri', 'GET', '/leads')).body.records ?? []).length;
    const refused = await send({ ...valid, fullName: 'לקוח של חברה אחרת', companyCode: 999_999 }, '198.51.100.5');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'NO_MANAGEMENT_COMPANY', messageKey: 'errors:noManagementCompany' });
    expect((await as('miri', 'GET', '/leads')).body.records ?? []).toHaveLength(before);
  });

  it('limits the forms one address may send, and not another address’s', async () => {
    for (let i = 0; i < CONTACT_LIMIT.max; i += 1) expect((await send({ ...valid, fullName: `שולח ${i}` }, '198.51.100.3')).status).toBe(201);
    const refused = await send(valid, '198.51.100.3');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await send(valid, '198.51.100.4')).status).toBe(201);
  });

  it('lets staff mark a lead called back, once', async () => {
    const lead = ((await as('miri', 'GET', '/leads')).body.records ?? []).find((l) => l.calledBackAt === null);
    if (!lead) throw new Error('a lead to call back');
    const marked = await as('miri', 'POST', `/leads/${lead.id}/called-back`, {});
    expect(marked.status).toBe(200);
    expect(marked.body.record?.calledBackBy).toBe('מירי אברהם');
    const again = await as('miri', 'POST', `/leads/${lead.id}/called-back`, {});
    expect(again.body.record?.calledBackAt).toBe(marked.body.record?.calledBackAt);
  });
});
