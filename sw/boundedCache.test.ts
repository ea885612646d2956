import { describe, expect, it } from 'vitest';
import { withoutParam } from './boundedCache';

describe('image cache keys', () => {
  it('leave the session token out, so one image is cached once across sign-ins', () => {
    expect(withoutParam('https://app.test/api/files/getImg?src=f1&sessionToken=abc', 'sessionToken')).toBe('https://app.test/api/files/getImg?src=f1');
    expect(withoutParam('https://app.test/api/files/getImg?src=f1', 'sessionToken')).toBe('https://app.test/api/files/getImg?src=f1');
  });
});
