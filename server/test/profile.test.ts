// The user's profile: details, change requests decided by the management company, data deletion
// requests decided by the administrator, and the approval of the terms of use.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { termsVersion } from '../../src/lib/terms.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Request = { id: string; kind: string; state: string; changes: Record<string, string>; userName: string };
type Profile = { fullName: string; phone: string; email: string | null; role: string; buildings: { id: number }[]; apartments: { number: string }[] };
type Reply = {
  profile?: Profile;
  requests?: Request[];
  terms?: { version: string; approved: boolean };
  record?: Request;
  request?: Request;
  records?: Request[];
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['miri', 'moshe', 'tali', 'admin', 'avi']) tokens.set(name, (await loginAs(server, name)).token);
});
afterAll(async () => server?.close());

describe('the profile', () => {
  it('shows a tenant his details, his building and his apartment', async () => {
    const { body } = await as('moshe', 'GET', '/profile');
    expect(body.profile).toMatchObject({ fullName: 'משה פרץ', phone: '0534445566', email: 'moshe@binyan-demo.co.il', role: 'owner', buildings: [{ id: 101 }] });
    expect(body.profile?.apartments).toHaveLength(1);
  });
});

describe('terms of use', () => {
  it('asks a tenant to approve the current version once, and remembers the approval', async () => {
    expect((await as('tali', 'GET', '/profile')).body.terms).toEqual({ version: termsVersion, approved: false });
    expectRefused(await as('tali', 'POST', '/terms/approval', { version: '2000-01-01' }), 'termsNotApproved', { code: 'TERMS_CHANGED' });
    expect((await as('tali', 'POST', '/terms/approval', { version: termsVersion })).status).toBe(200);
    expect((await as('tali', 'POST', '/terms/approval', { version: termsVersion })).status).toBe(200);
    expect((await as('tali', 'GET', '/profile')).body.terms?.approved).toBe(true);
    // Staff in the demo approved it already.
    expect((await as('miri', 'GET', '/profile')).body.terms?.approved).toBe(true);
  });
});

describe('change requests', () => {
  it('refuses a request that changes nothing or an invalid phone', async () => {
    expectRefused(
      await as('moshe', 'POST', '/profile/requests', { id: newId(), kind: 'change', changes: { fullName: 'משה פרץ' } }),
      'missingDetailsToContinue',
    );
    expectRefused(await as('moshe', 'POST', '/profile/requests', { id: newId(), kind: 'change', changes: { phone: '123' } }), 'invalidPhone', {
      field: 'phone',
    });
  });

  it('sends a change to the management company, which approves it; the user sees the new state and details', async () => {
    const id = newId();
    const created = await as('moshe', 'POST', '/profile/requests', {
      id,
      kind: 'change',
      changes: { phone: '054-111-2233', fullName: 'משה פרץ' },
      note: 'מספר חדש',
    });
    expect(created.status).toBe(201);
    expect(created.body.request).toMatchObject({ state: 'pending', changes: { phone: '0541112233' } });
    expect((await as('tali', 'GET', '/profile/change-requests')).status).toBe(403);
    const inbox = (await as('miri', 'GET', '/profile/change-requests')).body.records ?? [];
    expect(inbox.find((r) => r.id === id)).toMatchObject({ userName: 'moshe', state: 'pending' });
    const approved = await as('miri', 'POST', `/profile/change-requests/${id}/decision`, { decision: 'approved' });
    expect(approved.status).toBe(200);
    expect((await as('miri', 'POST', `/profile/change-requests/${id}/decision`, { decision: 'refused' })).status).toBe(409);
    const mine = await as('moshe', 'GET', '/profile');
    expect(mine.body.profile?.phone).toBe('0541112233');
    expect(mine.body.requests?.find((r) => r.id === id)?.state).toBe('approved');
  });

  it('leaves the details as they were when the request is refused', async () => {
    const id = newId();
    await as('tali', 'POST', '/profile/requests', { id, kind: 'change', changes: { email: 'tali.new@example.org' } });
    expect((await as('miri', 'POST', `/profile/change-requests/${id}/decision`, { decision: 'refused' })).status).toBe(200);
    const mine = await as('tali', 'GET', '/profile');
    expect(mine.body.profile?.email).toBe('tali@binyan-demo.co.il');
    expect(mine.body.requests?.find((r) => r.id === id)?.state).toBe('refused');
  });
});

describe('data deletion requests', () => {
  it('go to the administrator only; approving removes the personal details and signs the user out', async () => {
    const id = newId();
    expect((await as('tali', 'POST', '/profile/requests', { id, kind: 'deletion', note: 'עברתי דירה' })).status).toBe(201);
    expect((await as('miri', 'GET', '/profile/change-requests')).body.records?.some((r) => r.id === id)).toBe(false);
    expect((await as('miri', 'GET', '/profile/deletion-requests')).status).toBe(403);
    expect((await as('admin', 'GET', '/profile/deletion-requests')).body.records?.find((r) => r.id === id)?.state).toBe('pending');
    expect((await as('admin', 'POST', `/profile/deletion-requests/${id}/decision`, { decision: 'approved' })).status).toBe(200);
    expect((await as('tali', 'GET', '/profile')).status).toBe(401);
  });
});
