// What the tenant's service-call routes answer (issue 31 item 1; docs/api.md "Tenant service calls"),
// as the client relies on it (see api/answers.ts).
import { z } from 'zod/mini';
import { serviceCallDomains, serviceCallStatuses } from './domain/entities';
import { tenantCallAreas } from './domain/tenantCalls';

const text = z.string();

export const tenantCall = z.looseObject({
  id: text,
  buildingId: z.number(),
  callNumber: z.nullable(z.number()),
  status: z.enum(serviceCallStatuses),
  domain: z.enum(serviceCallDomains),
  subject: text,
  description: text,
  openedAt: text,
  lastUpdateAt: text,
  closedAt: z.nullable(text),
  area: z.enum(tenantCallAreas),
  mine: z.boolean(),
  following: z.boolean(),
});
export type TenantCallAnswer = z.infer<typeof tenantCall>;

export const tenantCallList = z.looseObject({ records: z.array(tenantCall) });

export const tenantCallUpdate = z.looseObject({
  id: text,
  serviceCallId: text,
  text,
  createdAt: text,
  fromReporter: z.boolean(),
  mine: z.boolean(),
  author: text,
});

export const tenantCallDetail = z.looseObject({
  record: tenantCall,
  updates: z.array(tenantCallUpdate),
  files: z.array(z.looseObject({ id: text, parentType: text, parentId: text, mimeType: text })),
});
export type TenantCallDetail = z.infer<typeof tenantCallDetail>;
