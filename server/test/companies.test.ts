// A user of several companies (spec: companiesCount, choosing the company): the same person (user
// name and phone) has an account in each; the session says how many and lists them, and switching is
// a sign-in to the other company's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, startTestServer } from './harness.ts';

type Companies = { records: { id: number; name: string; current: boolean }[] };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('a user of several companies', () => {
  it('signs in to either company and sees both, the current one marked', async () => {
    const here = await loginAs(server, 'dana');
    expect(here.user).toMatchObject({ compID: 1001, companiesCount: 2 });
    const listed = await call<Companies>(server, 'GET', '/api/auth/companies', { token: here.token });
    expect(listed.status).toBe(200);
    expect(listed.body.records.map((c) => [c.id, c.current])).toEqual([
      [1001, true],
      [2002, false],
    ]);
    expect(listed.body.records.every((c) => c.name.length > 0)).toBe(true);

    const there = await loginAs(server, 'dana', 2002);
    expect(there.user).toMatchObject({ compID: 2002, companiesCount: 2 });
    const buildings = await call<{ records: { id: number }[] }>(server, 'GET', '/api/binyan/buildings', { token: there.token });
    expect(buildings.body.records.map((b) => b.id)).toEqual([201]);
    const fromThere = await call<Companies>(server, 'GET', '/api/auth/companies', { token: there.token });
    expect(fromThere.body.records.find((c) => c.current)?.id).toBe(2002);
  });

  it('gives a user of one company a count of one and only that company', async () => {
    const avi = await loginAs(server, 'avi');
    expect(avi.user.companiesCount).toBe(1);
    const listed = await call<Companies>(server, 'GET', '/api/auth/companies', { token: avi.token });
    expect(listed.body.records.map((c) => c.id)).toEqual([1001]);
  });

  it('needs a session', async () => {
    expect((await call(server, 'GET', '/api/auth/companies', {})).status).toBe(401);
  });
});
