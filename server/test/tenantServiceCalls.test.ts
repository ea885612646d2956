// Tenants report faults (issue 31 item 1): a tenant opens a call for their apartment or a common area of
// their building, reads their apartment's calls and the building's common-area calls with the updates
// staff marked for them, comments while the call is open and joins a neighbour's common-area call. Refused:
// another apartment's call, another building's, a supplier, a worker through these routes, nobody signed
// in; the photos follow the call (getImg). A report sent twice is one call; a tenant's reports are limited
// per day; a status change queues one notice to the reporter and followers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';
import { b64, testJpeg } from './images.ts';
import { TENANT_REPORTS_PER_DAY } from '../../src/lib/domain/tenantCalls.ts';

type TenantCall = { id: string; status: string; area: string; mine: boolean; following: boolean; callNumber: number | null };
type Detail = { record: TenantCall; updates: { id: string; text: string; mine: boolean }[]; files: { id: string }[] };

let server: TestServer;
const tokens = new Map<string, string>();
let seed = 4100;

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['miri', 'avi', 'moshe', 'tali', 'eli', 'rina']) tokens.set(user, (await loginAs(server, user)).token);
});
afterAll(async () => server.close());

const as = <T = Record<string, unknown>>(user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<T>(server, method, `/api/binyan${path}`, {
    ...(user === 'nobody' ? {} : { token: tokens.get(user) ?? '' }),
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

async function report(user: string, area: 'apartment' | 'common', description = 'The lobby light is broken since yesterday'): Promise<string> {
  const id = newId();
  const reply = await as<{ record: TenantCall }>(user, 'POST', '/tenant/service-calls', { id, area, domain: 'electricity', description });
  expect(reply.status, reply.text).toBe(201);
  return id;
}

async function staffCall(buildingId: number, commonArea = false): Promise<string> {
  const id = newId();
  const reply = await as('miri', 'POST', '/service-calls', { id, buildingId, domain: 'plumbing', description: 'A leak in the basement pipes', commonArea });
  expect(reply.status, reply.text).toBe(201);
  return id;
}

const upload = async (user: string, parentType: string, parentID: string) =>
  (
    await call<{ APIResponseCode: number; fileId?: string }>(server, 'POST', '/api/files/upload/B64', {
      token: tokens.get(user) ?? '',
      body: params({
        parentType,
        parentID,
        orgID: 1001,
        fileID: newId(),
        createdBy: 0,
        srcFileName: 'photo.jpg',
        base64String: b64(await testJpeg((seed += 1))),
      }),
    })
  ).body;

const imgStatus = async (user: string, fileId: string) =>
  (await call(server, 'GET', `/api/files/getImg?src=${encodeURIComponent(fileId)}`, user === 'nobody' ? {} : { token: tokens.get(user) ?? '' })).status;

describe('a tenant reports a fault and follows it', () => {
  it('reports for the apartment with a photo; staff see who reported it; a marked update reaches the tenant, an unmarked one does not', async () => {
    const id = await report('moshe', 'apartment', 'The kitchen tap drips all night');
    const photo = await upload('moshe', 'serviceCalls', id);
    expect(photo.APIResponseCode).toBe(0);
    const staffView = await as<{ record: Record<string, unknown> }>('miri', 'GET', `/service-calls/${id}`);
    expect(staffView.body.record).toMatchObject({ reporterName: 'משה פרץ', commonArea: false, status: 'open' });
    expect(staffView.body.record.reporterContactId).toBeTruthy();
    expect((await as('avi', 'POST', `/service-calls/${id}/updates`, { id: newId(), text: 'Internal: order a washer' })).status).toBe(201);
    expect((await as('avi', 'POST', `/service-calls/${id}/updates`, { id: newId(), text: 'A plumber comes on Sunday', visibleToReporter: true })).status).toBe(
      201,
    );
    const detail = await as<Detail>('moshe', 'GET', `/tenant/service-calls/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.record).toMatchObject({ id, mine: true, area: 'apartment', status: 'open' });
    expect(detail.body.updates.map((u) => u.text)).toEqual(['A plumber comes on Sunday']);
    expect(detail.body.files.map((f) => f.id)).toEqual([photo.fileId]);
    expect(await imgStatus('moshe', photo.fileId ?? '')).toBe(200);
    const list = await as<{ records: TenantCall[] }>('moshe', 'GET', '/tenant/service-calls');
    expect(list.body.records.some((c) => c.id === id)).toBe(true);
  });

  it('comments and adds a photo while open; not once the call is closed', async () => {
    const id = await report('moshe', 'apartment');
    const commentId = newId();
    expect((await as('moshe', 'POST', `/tenant/service-calls/${id}/comments`, { id: commentId, text: 'It is worse in the evening' })).status).toBe(201);
    expect((await upload('moshe', 'serviceCallUpdates', commentId)).APIResponseCode).toBe(0);
    const staffUpdates = await as<{ records: { text: string; fromReporter: boolean }[] }>('miri', 'GET', `/service-calls/${id}/updates`);
    expect(staffUpdates.body.records).toEqual([expect.objectContaining({ text: 'It is worse in the evening', fromReporter: true })]);
    const current = await as<{ record: { version: number } }>('miri', 'GET', `/service-calls/${id}`);
    expect((await as('miri', 'PATCH', `/service-calls/${id}`, { baseVersion: current.body.record.version, changes: { status: 'closed' } })).status).toBe(200);
    const late = await as<{ error: { messageKey: string } }>('moshe', 'POST', `/tenant/service-calls/${id}/comments`, { id: newId(), text: 'Still dripping' });
    expect(late.status).toBe(422);
    expect(late.body.error.messageKey).toBe('errors:callClosedForComments');
    expect((await upload('moshe', 'serviceCalls', id)).APIResponseCode).not.toBe(0);
  });

  it('a report sent twice (same id, same Idempotency-Key, also at once; then a new key) is one call', async () => {
    const id = newId();
    const body = { id, area: 'common', domain: 'elevator', description: 'The elevator stops between floors' };
    const key = newId();
    const replies = await Promise.all(Array.from({ length: 4 }, () => as<{ record: TenantCall }>('tali', 'POST', '/tenant/service-calls', body, key)));
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    expect(new Set(replies.map((r) => r.body.record.callNumber)).size).toBe(1);
    const otherKey = await as<{ error: { code: string }; current: TenantCall }>('tali', 'POST', '/tenant/service-calls', body, newId());
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.error.code).toBe('ALREADY_EXISTS');
    const staff = await as<{ records: { id: string }[] }>('miri', 'GET', '/service-calls?buildingId=101');
    expect(staff.body.records.filter((c) => c.id === id)).toHaveLength(1);
  });

  it("a common-area call is shown to the building's tenants, who join it and hear of its status", async () => {
    const id = await report('tali', 'common', 'The stairs light on floor 3 is out');
    const seen = await as<{ records: TenantCall[] }>('moshe', 'GET', '/tenant/service-calls');
    expect(seen.body.records.find((c) => c.id === id)).toMatchObject({ area: 'common', mine: false, following: false });
    const joined = await as<{ record: TenantCall }>('moshe', 'POST', `/tenant/service-calls/${id}/join`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.record.following).toBe(true);
    const current = await as<{ record: { version: number } }>('miri', 'GET', `/service-calls/${id}`);
    expect((await as('avi', 'PATCH', `/service-calls/${id}`, { baseVersion: current.body.record.version, changes: { status: 'inTreatment' } })).status).toBe(
      200,
    );
    // The notice is on no board: the building's announcements and the senders' list stay as they were.
    const board = await as<{ records: { subject: string }[] }>('moshe', 'GET', '/buildings/101/announcements');
    expect(board.body.records.some((m) => m.subject.includes('Service call') || m.subject.includes('קריאת שירות'))).toBe(false);
    const sent = await as<{ records: { id: string }[] }>('miri', 'GET', '/messages?buildingId=101');
    expect(sent.body.records.some((m) => m.id.startsWith('call:'))).toBe(false);
  });
});

describe('what a tenant never reaches', () => {
  it("another apartment's call, a call of another building, an internal call of the building: 404, nothing posted", async () => {
    const talis = await report('tali', 'apartment', 'The bathroom door does not close');
    const far = await staffCall(102, true);
    const internal = await staffCall(101, false);
    for (const id of [talis, far, internal]) {
      expect((await as('moshe', 'GET', `/tenant/service-calls/${id}`)).status, id).toBe(404);
      expect((await as('moshe', 'POST', `/tenant/service-calls/${id}/comments`, { id: newId(), text: 'Me too, same problem' })).status).toBe(404);
      expect((await as('moshe', 'POST', `/tenant/service-calls/${id}/join`)).status).toBe(404);
      expect((await upload('moshe', 'serviceCalls', id)).APIResponseCode).not.toBe(0);
    }
    const list = await as<{ records: TenantCall[] }>('moshe', 'GET', '/tenant/service-calls');
    expect(list.body.records.map((c) => c.id)).not.toContain(talis);
    expect(list.body.records.map((c) => c.id)).not.toContain(far);
    expect(list.body.records.map((c) => c.id)).not.toContain(internal);
    // The photo of another apartment's call, and the staff routes of calls.
    const photo = await upload('tali', 'serviceCalls', talis);
    expect(photo.APIResponseCode).toBe(0);
    expect(await imgStatus('moshe', photo.fileId ?? '')).toBe(404);
    expect(await imgStatus('tali', photo.fileId ?? '')).toBe(200);
    expect((await as('moshe', 'GET', `/service-calls/${talis}`)).status).toBe(403);
    expect((await as('moshe', 'GET', '/service-calls?buildingId=101')).status).toBe(403);
  });

  it('an update staff did not mark, and its photo, stay with staff', async () => {
    const id = await report('moshe', 'apartment');
    const updateId = newId();
    expect((await as('avi', 'POST', `/service-calls/${id}/updates`, { id: updateId, text: 'Internal note' })).status).toBe(201);
    const photo = await upload('avi', 'serviceCallUpdates', updateId);
    expect(photo.APIResponseCode).toBe(0);
    expect(await imgStatus('moshe', photo.fileId ?? '')).toBe(404);
    expect(await imgStatus('miri', photo.fileId ?? '')).toBe(200);
  });

  it('a supplier, a committee member, a worker and nobody: refused by the tenant routes', async () => {
    const id = await report('moshe', 'common');
    for (const user of ['eli', 'rina', 'avi']) {
      expect((await as(user, 'GET', '/tenant/service-calls')).status, user).toBe(403);
      expect((await as(user, 'GET', `/tenant/service-calls/${id}`)).status, user).toBe(403);
      expect(
        (await as(user, 'POST', '/tenant/service-calls', { id: newId(), area: 'common', domain: 'general', description: 'Something is wrong here' })).status,
        user,
      ).toBe(403);
      expect((await as(user, 'POST', `/tenant/service-calls/${id}/comments`, { id: newId(), text: 'A comment' })).status, user).toBe(403);
    }
    expect((await as('nobody', 'GET', '/tenant/service-calls')).status).toBe(401);
    expect(
      (await as('nobody', 'POST', '/tenant/service-calls', { id: newId(), area: 'common', domain: 'general', description: 'Something is wrong here' })).status,
    ).toBe(401);
  });
});

describe('limits', () => {
  it(`a tenant reports at most ${TENANT_REPORTS_PER_DAY} faults a day, counted in the database`, async () => {
    // A day after the reports above: none of them counts any more.
    server.clock.advance(24 * 60 * 60_000 + 1000);
    tokens.set('tali', (await loginAs(server, 'tali')).token);
    const post = () =>
      as<{ error: { messageKey: string } }>('tali', 'POST', '/tenant/service-calls', {
        id: newId(),
        area: 'apartment',
        domain: 'general',
        description: 'Another thing that broke',
      });
    for (let i = 0; i < TENANT_REPORTS_PER_DAY; i += 1) expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.body.error.messageKey).toBe('errors:tenantReportsPerDay');
    // Another tenant is not limited by her reports.
    tokens.set('moshe', (await loginAs(server, 'moshe')).token);
    expect(
      (await as('moshe', 'POST', '/tenant/service-calls', { id: newId(), area: 'apartment', domain: 'general', description: 'My own broken thing' })).status,
    ).toBe(201);
    server.clock.advance(24 * 60 * 60_000 + 1000);
    tokens.set('tali', (await loginAs(server, 'tali')).token);
    expect((await post()).status).toBe(201);
  });
});
