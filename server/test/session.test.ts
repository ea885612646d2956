import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, params, startTestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sessionIdleMinutes: 2 });
});
afterAll(async () => server.close());

const expiredShape = { APIResponseCode: -1, error: { code: 'SESSION_EXPIRED', messageKey: 'errors:sessionExpired' } };

describe('sessions', () => {
  it('answers an unknown or missing token with 401 and APIResponseCode -1 (style 1)', async () => {
    for (const token of ['not-a-real-token', undefined]) {
      const r = await call(server, 'GET', '/api/binyan/buildings', token ? { token } : {});
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ ...expiredShape, APIResponseText: 'Session expired' });
    }
  });

  it('answers style 2 calls with HTTP 200 and APIResponseCode -1', async () => {
    const r = await call(server, 'POST', '/api/utils/sessionToken/GetData', { body: params({ sessionToken: 'nope' }), idempotencyKey: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject(expiredShape);
  });

  it('accepts a Bearer prefix and a sessionToken parameter', async () => {
    const { token } = await loginAs(server, 'avi');
    expect((await call(server, 'GET', '/api/binyan/buildings', { token: `Bearer ${token}` })).status).toBe(200);
    const r = await call(server, 'POST', '/api/utils/sessionToken/GetData', { body: { params: params({ sessionToken: token }) }, idempotencyKey: null });
    expect(r.body).toMatchObject({ APIResponseCode: 0, userName: 'avi' });
  });

  it('slides the idle expiry on use and expires an idle session', async () => {
    const { token } = await loginAs(server, 'dana');
    server.clock.advance(70_000);
    expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(200);
    server.clock.advance(70_000); // 140 s after login: past the original 120 s, within the slid window
    expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(200);
    server.clock.advance(121_000);
    const expired = await call(server, 'GET', '/api/binyan/buildings', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject(expiredShape);
    const style2 = await call(server, 'POST', '/api/dbActions/callProc', { body: params({ sessionToken: token, procName: 'LogData' }), idempotencyKey: null });
    expect(style2.body).toMatchObject({ APIResponseCode: -1 });
  });
});
