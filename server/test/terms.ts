// The terms of use in server tests: a demo tenant has not approved them (the app asks on first sign-in),
// and the server holds back a tenant's payments, bookings and document actions until they do (issue 27).
import { termsVersion } from '../../src/lib/terms.ts';
import type { CallTarget } from './harness.ts';
import { call } from './harness.ts';

/** Approves the current terms as the signed-in user of `token`, as the app's first-sign-in screen does. */
export async function approveTerms(server: CallTarget, token: string): Promise<void> {
  const reply = await call(server, 'POST', '/api/binyan/terms/approval', { token, body: { version: termsVersion } });
  if (reply.status !== 200) throw new Error(`approving the terms failed: ${reply.status} ${reply.text}`);
}
