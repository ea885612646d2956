// Registration links of a building (issue 14): read and changed online only — a link's code is the
// server's, and a link made offline could not be sent anyway. Each change carries its own
// Idempotency-Key, made when the action starts, so a retry or a double tap changes once.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import type { TenantLinkRole } from '../../lib/domain/tenantLinkRules';
import { validateTenantLink } from '../../lib/domain/tenantLinkRules';
import { refuse } from '../../lib/validation/rules';
import { pullApartments } from '../../directory/apartmentsRepo';
import { api, callWithRelogin } from '../../session/api';

const link = z.looseObject({
  code: z.string(),
  apartmentId: z.string(),
  apartmentNumber: z.nullable(z.string()),
  role: z.nullable(z.string()),
  createdAt: z.string(),
  expiresOn: z.nullable(z.string()),
  usedAt: z.nullable(z.string()),
  state: z.enum(['unused', 'used', 'expired', 'revoked']),
  path: z.string(),
});
export type TenantLink = z.infer<typeof link>;

const listAnswer = z.looseObject({ records: z.array(link) });
const oneAnswer = z.looseObject({ record: link });

export async function buildingLinks(buildingId: number): Promise<TenantLink[]> {
  return answerOf(listAnswer, await callWithRelogin(() => api.request('GET', `tenant-links?buildingId=${buildingId}`))).records;
}

export type NewLink = { apartmentId: string; role: TenantLinkRole | null; expiresOn: string | null };

export async function createLink(input: NewLink, key: string): Promise<TenantLink> {
  refuse(input.apartmentId ? null : { field: 'apartmentId', messageKey: 'requiredField' });
  refuse(validateTenantLink(input, new Date()));
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('POST', 'tenant-links', input, { headers: { 'Idempotency-Key': key } }))).record;
}

export async function revokeLink(code: string, key: string): Promise<void> {
  answerOf(
    oneAnswer,
    await callWithRelogin(() => api.request('DELETE', `tenant-links/${encodeURIComponent(code)}`, undefined, { headers: { 'Idempotency-Key': key } })),
  );
}

/** The link as the tenant opens it: this app's origin and the link's path. */
export function linkUrl(l: Pick<TenantLink, 'path'>): string {
  return new URL(l.path, window.location.origin).toString();
}

/** The building's apartments from the server, with the page's client (the screen's background pull). */
export const pullBuildingApartments = (buildingId: number) => pullApartments(api, buildingId);
