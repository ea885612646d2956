import { describe, expect, it } from 'vitest';
import { roleMayUseLink, tenantLinkState, tenantLinkWorks, validateTenantLink } from './tenantLinkRules';

// 21:30 UTC on 31/12/2025 is already 01/01/2026 in Israel.
const newYearInIsrael = new Date('2025-12-31T22:30:00Z');

describe('registration link rules', () => {
  it('takes no expiry, or a date from today on (Israel’s day), and only owner or renter', () => {
    expect(validateTenantLink({ role: null, expiresOn: null }, newYearInIsrael)).toBeNull();
    expect(validateTenantLink({ role: 'renter', expiresOn: '2026-01-01' }, newYearInIsrael)).toBeNull();
    expect(validateTenantLink({ role: 'owner', expiresOn: '2025-12-31' }, newYearInIsrael)).toEqual({ field: 'expiresOn', messageKey: 'linkExpiryInPast' });
    expect(validateTenantLink({ role: null, expiresOn: '2026-02-30' }, newYearInIsrael)).toEqual({ field: 'expiresOn', messageKey: 'invalidDate' });
    expect(validateTenantLink({ role: 'committee' as 'owner', expiresOn: null }, newYearInIsrael)).toEqual({ field: 'role', messageKey: 'invalidChoice' });
  });

  it('works through its last day, and never once revoked', () => {
    const link = { revokedAt: null, expiresOn: '2026-01-01', usedAt: null };
    expect(tenantLinkState(link, newYearInIsrael)).toBe('unused');
    expect(tenantLinkState(link, new Date('2026-01-01T22:30:00Z'))).toBe('expired');
    expect(tenantLinkState({ ...link, usedAt: '2025-12-01T10:00:00Z' }, newYearInIsrael)).toBe('used');
    expect(tenantLinkWorks({ ...link }, newYearInIsrael)).toBe(true);
    expect(tenantLinkWorks({ ...link, revokedAt: '2025-12-01T10:00:00Z' }, newYearInIsrael)).toBe(false);
  });

  it('lets a link for the renter register only the renter', () => {
    expect(roleMayUseLink('renter', 'renter')).toBe(true);
    expect(roleMayUseLink('renter', 'owner')).toBe(false);
    expect(roleMayUseLink(null, 'owner')).toBe(true);
  });
});
