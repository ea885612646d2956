// The bench talks to its server like a client: OTP sign-in for a token, and service calls created
// through the real API (each with its Idempotency-Key).
import { randomUUID } from 'node:crypto';
import type { AppServer } from '../../tests/e2e/fixtures/appServer';

export const BENCH_USER = { companyCode: '1001', userName: 'avi', password: 'demo1234' } as const;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** The two-factor sign-in of docs/api.md, with the code read from the server's log. */
export async function signIn(server: AppServer, userName: string = BENCH_USER.userName): Promise<string> {
  const mark = server.otpMark();
  const start = await post<{ codeSent: boolean; otpGuid: string }>(`${server.baseUrl}/api/auth/otp/start`, {
    idParam1: userName,
    idParam2: BENCH_USER.password,
    compID: Number(BENCH_USER.companyCode),
    appId: 2,
    appGuid: 'bench',
    otpPreferredSendMethod: 'sms',
  });
  if (!start.codeSent) throw new Error('the bench user could not start a sign-in');
  const otpCode = await server.waitForOtp(userName, { since: mark });
  const auth = await post<{ sessionToken: string }>(`${server.baseUrl}/api/auth/otp/auth`, { otpGuid: start.otpGuid, otpCode });
  return auth.sessionToken;
}

export type CreatedCall = { id: string; version: number };

/** Opens `count` calls in `buildingId` through the API, a few at a time. */
export async function createCalls(server: AppServer, token: string, buildingId: number, count: number): Promise<CreatedCall[]> {
  const created: CreatedCall[] = [];
  const one = async (i: number) => {
    const id = randomUUID();
    const answer = await post<{ record: { id: string; version: number } }>(
      `${server.baseUrl}/api/binyan/service-calls`,
      { id, buildingId, domain: 'plumbing', subject: `בדיקת סנכרון ${i}`, description: `קריאה ${i} לבדיקת הסנכרון` },
      { Authorization: token, 'Idempotency-Key': randomUUID() },
    );
    created[i] = { id: answer.record.id, version: answer.record.version };
  };
  for (let i = 0; i < count; i += 8) await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, k) => one(i + k)));
  return created;
}
