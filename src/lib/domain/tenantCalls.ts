// A tenant's service calls (issue 31 item 1): the rules the tenant app and the server share. A tenant
// reports a fault of their own apartment or of a common area of their building; they read their
// apartment's calls and the building's common-area calls (to join one instead of reporting it again),
// and only the updates staff marked for the reporter, plus their own comments.
import type { ServiceCall, ServiceCallDomain, ServiceCallStatus, ServiceCallUpdate } from './entities.ts';
import { serviceCallDomains } from './entities.ts';
import { isClosedStatus } from './serviceCallStatus.ts';
import type { RuleResult } from '../validation/rules.ts';
import { description as descriptionRule } from '../validation/rules.ts';

export const tenantCallAreas = ['apartment', 'common'] as const;
export type TenantCallArea = (typeof tenantCallAreas)[number];

/** How many calls one tenant may report in a day (Israel's day), counted by the server in its database. */
export const TENANT_REPORTS_PER_DAY = 5;
/** How many status notifications one call sends in a day at most: a call toggled back and forth does not flood its reporter. */
export const CALL_NOTICES_PER_DAY = 6;
/** The longest comment a tenant writes. */
export const TENANT_COMMENT_MAX = 2000;

export type TenantReportInput = { area: TenantCallArea | null | undefined; domain: string | null | undefined; description: string | null | undefined };

export function isTenantCallArea(value: unknown): value is TenantCallArea {
  return typeof value === 'string' && (tenantCallAreas as readonly string[]).includes(value);
}

export function validateTenantReport(input: TenantReportInput): RuleResult {
  if (!isTenantCallArea(input.area)) return { field: 'area', messageKey: 'requiredField' };
  if (!serviceCallDomains.some((d) => d === input.domain)) return { field: 'domain', messageKey: 'requiredField' };
  return descriptionRule(input.description);
}

/**
 * A report's subject: the one sent, else the start of its description. The device shows the same before
 * the server answers, so the row it keeps matches the server's.
 */
export function tenantReportSubject(description: string, sent = ''): string {
  return sent.trim() || description.trim().slice(0, 60);
}

export function validateTenantComment(text: string | null | undefined): RuleResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { field: 'text', messageKey: 'requiredField' };
  if (trimmed.length > TENANT_COMMENT_MAX) return { field: 'text', messageKey: 'requiredField' };
  return null;
}

/** A tenant comments or adds a photo only while the call is open (not closed or cancelled). */
export const tenantMayComment = (status: ServiceCallStatus): boolean => !isClosedStatus(status);

/** What a tenant sees of a call: no staff fields, the reporter's name only when it is their own report. */
export type TenantCall = Pick<
  ServiceCall,
  'id' | 'buildingId' | 'callNumber' | 'status' | 'subject' | 'description' | 'openedAt' | 'lastUpdateAt' | 'closedAt'
> & {
  domain: ServiceCallDomain;
  area: TenantCallArea;
  /** Reported by this tenant. */
  mine: boolean;
  /** Followed by this tenant (joined a common-area call someone else reported). */
  following: boolean;
};

/** What a tenant sees of an update: staff's marked ones and their own comments. */
export type TenantCallUpdate = Pick<ServiceCallUpdate, 'id' | 'serviceCallId' | 'text' | 'createdAt'> & {
  fromReporter: boolean;
  mine: boolean;
  author: string;
};

/** Whether a tenant sees this update: staff marked it for the reporter, or it is the tenant's own comment. */
export function isUpdateForTenant(update: Pick<ServiceCallUpdate, 'visibleToReporter' | 'fromReporter' | 'authorUserId'>, userId: number): boolean {
  if (update.fromReporter) return update.authorUserId === userId;
  return update.visibleToReporter === true;
}
