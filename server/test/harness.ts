// Starts the REAL server on a free loopback port with a fresh database of the engine under test (a
// temporary SQLite file, or a PostgreSQL database: engine.ts); tests talk HTTP.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { createServer } from '../src/app.ts';
import type { ServerOptions } from '../src/app.ts';
import type { UsageLimits } from '../src/limits/usageLimits.ts';
import { newTestDatabase } from './engine.ts';

export type TestClock = { advance(ms: number): void; now(): Date };

export type TestServer = {
  baseUrl: string;
  /** The database (an SQLite path or a postgres:// URL; a second server may open the same one). */
  database: string;
  /** Its file store's directory (a second server on the same database shares it). */
  filesDir: string;
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
  /** The /api routes and the action each declares (src/lib/rights). */
  routes: { method: string; url: string; right: string | null }[];
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

export type TestServerOptions = Pick<
  ServerOptions,
  | 'sessionIdleMinutes'
  | 'staticDir'
  | 'allowPasswordLogin'
  | 'signInLimits'
  | 'usageLimits'
  | 'trustProxy'
  | 'gateDialer'
  | 'mailProvider'
  | 'smsProvider'
  | 'pushProvider'
  | 'deliveryIntervalMs'
  | 'paymentProviderDelayMs'
> & {
  /** Another test server's database and files: they are left in place on close. */
  sharing?: Pick<TestServer, 'database' | 'filesDir'>;
};

const roomy = { max: 100_000, windowMs: 60 * 60_000 };
/**
 * Test files sign the same demo users in many times within minutes, all from 127.0.0.1: the limits of
 * code sends (limits/usageLimits.ts) are roomy here unless a test sets them (codeSends.test.ts does).
 */
export const ROOMY_CODE_SEND_LIMITS = {
  codeSendsPerPhone: roomy,
  codeSendsPerPhoneDay: roomy,
  codeSendsPerAddress: roomy,
  depositCodeSendsPerUser: roomy,
} satisfies Partial<UsageLimits>;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { sharing, ...given } = options;
  const serverOptions = { ...given, usageLimits: { ...ROOMY_CODE_SEND_LIMITS, ...given.usageLimits } };
  const own = sharing ? null : await newTestDatabase({ seeded: true });
  const { database, filesDir } = sharing ?? own ?? { database: '', filesDir: '' };
  const otpCodes = new Map<string, string>();
  const depositCodes = new Map<string, string>();
  const logLines: string[] = [];
  const clock = createClock();
  const app = createServer({
    ...serverOptions,
    database,
    filesDir,
    logger: false,
    now: clock.now,
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
    database,
    filesDir,
    otpCodes,
    depositCodes,
    logLines,
    clock,
    bodies: [],
    routes: app.declaredRights,
    waitForOtp: (user, timeoutMs = 2000) => waitFor(otpCodes, user, timeoutMs),
    waitForDeposit: (user, timeoutMs = 2000) => waitFor(depositCodes, user, timeoutMs),
    close: async () => {
      await app.close();
      await own?.dispose();
    },
  };
  return server;
}

/** Where `call` sends: a test server, or any server on a base URL (e.g. a server process). */
export type CallTarget = Pick<TestServer, 'baseUrl'> & Partial<Pick<TestServer, 'bodies'>>;

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string>; idempotencyKey?: string | null };

/** One HTTP call; mutations get a fresh Idempotency-Key unless one is given (or null for none). */
export async function call<T = Record<string, unknown>>(server: CallTarget, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const mutating = method !== 'GET';
  if (mutating && options.idempotencyKey !== null) headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
  const init = { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) };
  // fetch() drops a Host header; node:http sends it (tests of what the server derives from Host).
  const res = headers.host === undefined ? await fetch(server.baseUrl + path, init) : await requestWithHost(server.baseUrl + path, init);
  const text = await res.text();
  server.bodies?.push(text);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // binary or text body
  }
  return { status: res.status, body: body as T, text, headers: res.headers };
}

async function requestWithHost(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Style 2 parameter list. */
export function params(values: Record<string, string | number>): { paramName: string; paramValue: string | number; paramType: number }[] {
  return Object.entries(values).map(([paramName, paramValue]) => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 }));
}

export type Login = { token: string; user: Record<string, unknown>; /** Only when a deviceId was sent. */ renewalSecret?: string };

/** The real OTP flow: start → code from the server log → auth (with `deviceId`, also a renewal secret). */
export async function loginAs(
  server: CallTarget & Pick<TestServer, 'otpCodes' | 'waitForOtp'>,
  user: string,
  company = 1001,
  password = 'demo1234',
  options: { deviceId?: string } = {},
): Promise<Login> {
  const previous = server.otpCodes.get(user);
  server.otpCodes.delete(user);
  const start = await call<{ codeSent: boolean; otpGuid: string }>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: password, compID: company, appId: 2, appGuid: 'test', otpPreferredSendMethod: 'sms' },
    idempotencyKey: null,
  });
  if (!start.body.codeSent) throw new Error(`login failed for ${user}: ${start.status} ${JSON.stringify(start.body)}`);
  // A start while the user's last code still works answers that code again and sends none (auth/otp.ts).
  const code = previous === undefined ? await server.waitForOtp(user) : await server.waitForOtp(user, 500).catch(() => previous);
  const auth = await call<{ sessionToken: string; renewalSecret?: string; user: Record<string, unknown> }>(server, 'POST', '/api/auth/otp/auth', {
    body: { otpGuid: start.body.otpGuid, otpCode: code, saveSessionTokenInHttpCookie: true, ...(options.deviceId ? { deviceId: options.deviceId } : {}) },
    idempotencyKey: null,
  });
  if (auth.status !== 200) throw new Error(`otp auth failed: ${auth.text}`);
  const { sessionToken, renewalSecret, user: data } = auth.body;
  return { token: sessionToken, user: data, ...(renewalSecret ? { renewalSecret } : {}) };
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
