import { describe, expect, it } from 'vitest';
import { linkedCharges } from './payLink';

describe('linkedCharges', () => {
  it('chooses the link’s charges that can still be paid, in the list’s order', () => {
    expect(linkedCharges('fee:a:2041-02,fee:a:2041-01', ['fee:a:2041-01', 'fee:a:2041-02', 'x'])).toEqual(['fee:a:2041-01', 'fee:a:2041-02']);
    expect(linkedCharges('fee:a:2041-01,paid-since', ['fee:a:2041-01'])).toEqual(['fee:a:2041-01']);
  });
  it('chooses nothing without a link', () => {
    expect(linkedCharges(null, ['a'])).toEqual([]);
    expect(linkedCharges('', ['a'])).toEqual([]);
  });
});
