// Registration links (issue 14): management staff send a link naming an apartment; it may be limited
// to the owner or the renter and may expire on a date (the last day it works, Israel time). A revoked
// or expired link registers nobody; "used" means a tenant became a user through it.
import { israelWallClock, isIsoDate } from '../dates.ts';
import type { RuleResult } from '../validation/rules.ts';

export const tenantLinkRoles = ['owner', 'renter'] as const;
export type TenantLinkRole = (typeof tenantLinkRoles)[number];

export type TenantLinkInput = { role: TenantLinkRole | null; expiresOn: string | null };

/** The link's role, if any, must be owner or renter; its expiry a real date, today or later. */
export function validateTenantLink(input: TenantLinkInput, now: Date): RuleResult {
  if (input.role !== null && !tenantLinkRoles.includes(input.role)) return { field: 'role', messageKey: 'invalidChoice' };
  if (input.expiresOn === null) return null;
  if (!isIsoDate(input.expiresOn)) return { field: 'expiresOn', messageKey: 'invalidDate' };
  return input.expiresOn < israelToday(now) ? { field: 'expiresOn', messageKey: 'linkExpiryInPast' } : null;
}

function israelToday(now: Date): string {
  return israelWallClock(now).slice(0, 10);
}

export type TenantLinkState = 'revoked' | 'expired' | 'used' | 'unused';

export function tenantLinkState(link: { revokedAt: string | null; expiresOn: string | null; usedAt: string | null }, now: Date): TenantLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.expiresOn !== null && link.expiresOn < israelToday(now)) return 'expired';
  return link.usedAt ? 'used' : 'unused';
}

/** Whether the link may still register (or sign in) a tenant. */
export function tenantLinkWorks(link: { revokedAt: string | null; expiresOn: string | null }, now: Date): boolean {
  const state = tenantLinkState({ ...link, usedAt: null }, now);
  return state === 'unused';
}

/** A contact of this role may register through a link limited to `linkRole` (null: any tenant). */
export function roleMayUseLink(linkRole: string | null, contactRole: string): boolean {
  return linkRole === null || linkRole === contactRole;
}
