import { describe, expect, it } from 'vitest';
import { captureReturnPath, checksPaths } from './useCheckPayment';

describe('/check-capture captureUrl (spec section 2)', () => {
  it('is written by the flow and read back as the path the capture returns to', () => {
    const path = checksPaths.capture({ groupGuid: 'g 1', checkGuid: 'c1', side: 'front' });
    expect(captureReturnPath(path.slice(path.indexOf('?')))).toBe('/checks/checksfill/g%201');
    expect(captureReturnPath('?checksGroupId=g&captureUrl=%2Fchecks')).toBe('/checks');
  });

  it('follows only a path of this app', () => {
    for (const bad of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'checks', '/a b']) {
      expect(captureReturnPath(`?captureUrl=${encodeURIComponent(bad)}`), bad).toBeNull();
    }
    expect(captureReturnPath('?checksGroupId=g')).toBeNull();
  });
});
