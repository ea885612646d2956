import { describe, expect, it } from 'vitest';
import { compIdOfUserKey, knownUserKey, userKeyOf } from './userKey';

describe('user key (owner of outbox entries)', () => {
  it('is stable per user, keeps no user name, and still names the company for uploads', async () => {
    const avi = await userKeyOf(1001, 'avi');
    expect(avi).toMatch(/^1001:[0-9a-f]{32}$/);
    expect(avi).not.toContain('avi');
    expect(await userKeyOf('1001', ' Avi ')).toBe(avi);
    expect(await userKeyOf(1001, 'dana')).not.toBe(avi);
    expect(await userKeyOf(1002, 'avi')).not.toBe(avi);
    expect(compIdOfUserKey(avi)).toBe(1001);
  });

  it("is known without hashing again once this page has worked it out (a screen's first render has it)", async () => {
    expect(knownUserKey(2001, 'Noa')).toBeNull();
    const noa = await userKeyOf(2001, 'Noa');
    expect(knownUserKey('2001', ' noa ')).toBe(noa);
    expect(knownUserKey(2001, 'dana')).toBeNull();
  });
});
