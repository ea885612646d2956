import { describe, expect, it } from 'vitest';
import { userKeyOf } from '../write/userKey';
import { createSessionPort } from './sessionPort';

describe('the session port', () => {
  it('is what the composed port reports for the logged-in user, and null when logged out', async () => {
    const session = { compID: 1001, userName: 'avi', sessionToken: 't', loggedIn: true };
    const port = createSessionPort({ loadSession: async () => session, renew: async () => true });
    expect(await port.currentUserKey()).toBe(await userKeyOf(1001, 'avi'));
    session.loggedIn = false;
    expect(await port.currentUserKey()).toBeNull();
  });
});
