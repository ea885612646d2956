// Starts the REAL server on a free loopback port with a temporary SQLite file; tests talk HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer } from '../src/app.ts';

export type TestClock = { advance(ms: number): void; now(): Date };

export type TestServer = {
  baseUrl: string;
  /** The SQLite file, for tests that must see what an answer does not show. */
  databasePath: string;
  close(): Promise<void>;
  /** user name → the latest one-time code written to the log. */
  otpCodes: Map<string, string>;
  waitForOtp(user: string, timeoutMs?: number): Promise<string>;
  /** user name → the latest deposit confirmation code. */
  depositCodes: Map<string, string>;
  waitForDeposit(user: string, timeoutMs?: number): Promise<string>;
  logLines: string[];
  clock: TestClock;
  /** Every response body text seen by `call` (to prove codes never leave through HTTP). */
  bodies: string[];
};

export type Reply<T = Record<string, unknown>> = { status: number; body: T; text: string; headers: Headers };

function createClock(): TestClock {
  let offset = 0;
  return { advance: (ms) => void (offset += ms), now: () => new Date(Date.now() + offset) };
}

async function waitFor(map: Map<string, string>, user: string, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const code = map.get(user);
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code logged for ${user}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function startTestServer(options: { sessionIdleMinutes?: number; staticDir?: string } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'binyan-test-'));
  const otpCodes = new Map<string, string>();
  const depositCodes = new Map<string, string>();
  const logLines: string[] = [];
  const clock = createClock();
  const databasePath = join(dir, 'test.sqlite');
  const app = createServer({
    databasePath,
    logger: false,
    now: clock.now,
    ...(options.sessionIdleMinutes ? { sessionIdleMinutes: options.sessionIdleMinutes } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    otpLog: (line) => {
      logLines.push(line);
      const otp = /^one-time code for (\S+): (\d{5})$/.exec(line);
      if (otp?.[1] && otp[2]) otpCodes.set(otp[1], otp[2]);
      const deposit = /^deposit code for (\S+): (\d{6})$/.exec(line);
      if (deposit?.[1] && deposit[2]) depositCodes.set(deposit[1], deposit[2]);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const server: TestServer = {
    baseUrl: `http://127.0.0.1:${address.port}`,
    databasePath,
    otpCodes,
    depositCodes,
    logLines,
    clock,
    bodies: [],
    waitForOtp: (user, timeoutMs = 2000) => waitFor(otpCodes, user, timeoutMs),
    waitForDeposit: (user, timeoutMs = 2000) => waitFor(depositCodes, user, timeoutMs),
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string>; idempotencyKey?: string | null };

/** One HTTP call; mutations get a fresh Idempotency-Key unless one is given (or null for none). */
export async function call<T = Record<string, unknown>>(server: TestServer, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const mutating = method !== 'GET';
  if (mutating && options.idempotencyKey !== null) headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
  const res = await fetch(server.baseUrl + path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  server.bodies.push(text);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // binary or text body
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

/** Style 2 parameter list. */
export function params(values: Record<string, string | number>): { paramName: string; paramValue: string | number; paramType: number }[] {
  return Object.entries(values).map(([paramName, paramValue]) => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 }));
}

export type Login = { token: string; user: Record<string, unknown> };

/** The real OTP flow: start → code from the server log → auth. */
export async function loginAs(server: TestServer, user: string, company = 1001, password = 'demo1234'): Promise<Login> {
  server.otpCodes.delete(user);
  const start = await call<{ codeSent: boolean; otpGuid: string }>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: password, compID: company, appId: 2, appGuid: 'test', otpPreferredSendMethod: 'sms' },
    idempotencyKey: null,
  });
  if (!start.body.codeSent) throw new Error(`login failed for ${user}`);
  const code = await server.waitForOtp(user);
  const auth = await call<{ sessionToken: string; user: Record<string, unknown> }>(server, 'POST', '/api/auth/otp/auth', {
    body: { otpGuid: start.body.otpGuid, otpCode: code, saveSessionTokenInHttpCookie: true },
    idempotencyKey: null,
  });
  if (auth.status !== 200) throw new Error(`otp auth failed: ${auth.text}`);
  return { token: auth.body.sessionToken, user: auth.body.user };
}

export const newId = (): string => randomUUID();

/** A synced record as the list endpoints return it. */
export type Rec = Record<string, unknown> & { id: string; version: number };

/**
 * One server per test file with `user` signed in (started before the file's tests, closed after), and
 * the /api/binyan verbs with that user's token; `R` is the reply body of the mutations.
 */
export function signedInServer<R = Record<string, unknown>>(user = 'avi') {
  let server: TestServer | undefined;
  let token = '';
  beforeAll(async () => {
    server = await startTestServer();
    token = (await loginAs(server, user)).token;
  });
  afterAll(async () => server?.close());
  const live = (): TestServer => {
    if (!server) throw new Error('the test server is not started yet');
    return server;
  };
  const send = (method: string, path: string, body?: unknown, idempotencyKey?: string) =>
    call<R>(live(), method, `/api/binyan${path}`, { token, ...(body !== undefined ? { body } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });
  return {
    get server() {
      return live();
    },
    get token() {
      return token;
    },
    post: (path: string, body: unknown, idempotencyKey?: string) => send('POST', path, body, idempotencyKey),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
    del: (path: string) => send('DELETE', path),
    /** The `records` of a list endpoint. */
    get: async <T = Rec>(path: string) => (await call<{ records: T[] }>(live(), 'GET', `/api/binyan${path}`, { token })).body.records,
  };
}

type Refusal = { status: number; body: { error?: { code: string; messageKey: string; field?: string } } };

/** A rule refusal: 422 with the `errors:` message key, and the field or error code when given. */
export function expectRefused(reply: Refusal, messageKey: string, expected: { field?: string; code?: string } = {}): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(reply.body.error?.messageKey).toBe(`errors:${messageKey}`);
  if (expected.field) expect(reply.body.error?.field).toBe(expected.field);
  if (expected.code) expect(reply.body.error?.code).toBe(expected.code);
}
