// An unknown user and a wrong password cost the same work: both run exactly one scrypt (the unknown
// one against a dummy hash), so response time does not tell which user names exist. Proved by
// counting the key derivations, not by timing. And the worker-data call checks only the caller's own
// account: it is no oracle for a colleague's password.
import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, params, startTestServer } from './harness.ts';

const derivations = vi.hoisted(() => ({ count: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof NodeCrypto>();
  return {
    ...original,
    scryptSync: (...args: Parameters<typeof original.scryptSync>) => {
      derivations.count += 1;
      return original.scryptSync(...args);
    },
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ allowPasswordLogin: true });
});
afterAll(async () => server.close());

async function scryptsOf(request: () => Promise<unknown>): Promise<number> {
  const before = derivations.count;
  await request();
  return derivations.count - before;
}

const start =
  (user: string, password: string, compID = 1001) =>
  () =>
    call(server, 'POST', '/api/auth/otp/start', { body: { idParam1: user, idParam2: password, compID, otpPreferredSendMethod: 'sms' }, idempotencyKey: null });
const passwordLogin = (user: string, password: string) => () =>
  call(server, 'POST', '/api/dbActions/Login/AuthByCompID/v2', { body: params({ CompID: 1001, UserName: user, UserPswd: password }), idempotencyKey: null });

describe('equal work for unknown users and wrong passwords', () => {
  it('runs one password derivation at the code start whether the user exists or not', async () => {
    expect(await scryptsOf(start('avi', 'wrong-password'))).toBe(1);
    expect(await scryptsOf(start('nobody', 'wrong-password'))).toBe(1);
    expect(await scryptsOf(start('avi', 'wrong-password', 9999))).toBe(1);
    expect(await scryptsOf(start('avi', 'demo1234'))).toBe(1);
  });

  it('does the same for the password-only sign-in', async () => {
    expect(await scryptsOf(passwordLogin('dana', 'nope'))).toBe(1);
    expect(await scryptsOf(passwordLogin('nobody', 'nope'))).toBe(1);
    expect(await scryptsOf(passwordLogin('', 'nope'))).toBe(1);
  });
});

describe('WorkerApp_GetWorkerData', () => {
  const workerData = (token: string, values: Record<string, string>) =>
    call<Record<string, unknown>>(server, 'POST', '/api/dbActions/callProc', {
      body: params({ sessionToken: token, procName: 'WorkerApp_GetWorkerData', procParams: JSON.stringify(params(values)) }),
      idempotencyKey: null,
    });

  it('refuses another user’s name with 403 and checks no password', async () => {
    const { token } = await loginAs(server, 'avi');
    for (const password of ['demo1234', 'wrong']) {
      let reply: Awaited<ReturnType<typeof workerData>> | undefined;
      expect(await scryptsOf(async () => (reply = await workerData(token, { UserName: 'dana', UserPswd: password })))).toBe(0);
      expect(reply?.body).toMatchObject({ APIResponseCode: 3, APIResponseDescription: 'FORBIDDEN', error: { messageKey: 'errors:forbidden' } });
      expect(reply?.body).not.toHaveProperty('WorkerGUID');
    }
  });

  it('answers the caller’s own data by the session alone', async () => {
    const { token } = await loginAs(server, 'avi');
    const asked: Record<string, string>[] = [{ UserName: 'avi' }, { UserName: 'AVI', UserPswd: 'anything' }, {}];
    for (const values of asked) {
      const reply = await workerData(token, values);
      expect(reply.body).toMatchObject({ APIResponseCode: 0, WorkerName: 'אבי כהן', WorkerGUID: expect.any(String) });
    }
  });
});
