// What the provider API answers, as the client relies on it. The repositories check each answer where
// it enters the device (src/api/answers.ts `answerOf`), so a malformed answer is an error the screens
// report, never a cast; the server may describe its answers with the same schemas. Objects are loose:
// fields the client does not read pass through untouched. zod/mini keeps the page's bundle small.
import { z } from 'zod/mini';
import type { DailyPlan } from './domain/entities.ts';

const text = z.string();

/** GET check/toFill: the groups to fill with their checks (the two tables are pulled from it). */
export const checkGroupsToFill = z.looseObject({
  records: z.array(
    z.looseObject({
      ChecksHeaderGuid: text,
      ContactGuid: text,
      checks: z.optional(z.array(z.looseObject({ CheckGuid: text, ChecksHeaderGuid: text }))),
    }),
  ),
});

/** GET check/awaitingDeposit: sent groups whose deposit is not confirmed, with their checks and payer's name. */
export const checkGroupsAwaitingDeposit = z.looseObject({
  records: z.array(
    z.looseObject({
      ChecksHeaderGuid: text,
      ContactGuid: text,
      Status: z.literal('submitted'),
      PayerName: z.optional(z.nullable(text)),
      checks: z.optional(z.array(z.looseObject({ CheckGuid: text, ChecksHeaderGuid: text }))),
    }),
  ),
});

/** GET check/image: one side of a check, base64 (absent when the side has no image). */
export const checkImage = z.looseObject({ Image: z.optional(z.nullable(text)) });

const dailyPlan = z.looseObject({
  planDate: text,
  workerId: text,
  entries: z.array(z.looseObject({ buildingId: z.number(), order: z.number(), checklist: z.array(z.looseObject({ id: text, label: text })) })),
}) satisfies z.ZodMiniType<DailyPlan>;

/** GET daily-plan: the worker's plan of a date, null on a day without one. */
export const dailyPlanAnswer = z.looseObject({ plan: z.optional(z.nullable(dailyPlan)) });

/** One photo of GET service-calls/:id/files (the bytes load through /files/getImg). */
export const serverFile = z.looseObject({ id: text, sha256: text, mimeType: text, parentType: text, parentId: text, createdAt: text });
export type ServerFile = z.infer<typeof serverFile>;

/** GET service-calls/:id/files: the call's photos (one that does not match is skipped, not fatal). */
export const serverFiles = z.looseObject({ records: z.optional(z.array(z.unknown())) });

/** TranslateProblem/SessionToken: the call's texts in the asked language, or why not. */
export const translation = z.looseObject({ TranslatedText: text, TranslatedSubject: text, translated: z.boolean() });

/** GET auth/companies: the companies the signed-in person has an account in, the current one marked. */
export const companiesAnswer = z.looseObject({ records: z.array(z.looseObject({ id: z.number(), name: text, current: z.boolean() })) });
export type CompanyChoice = z.infer<typeof companiesAnswer>['records'][number];
/** One document of GET buildings/:bid/documents (the file loads through documents/:id/file). */
export const documentRecord = z.looseObject({
  id: text,
  buildingId: z.number(),
  apartmentId: z.nullable(text),
  kind: text,
  title: text,
  isPublic: z.boolean(),
  mimeType: text,
  size: z.number(),
  fileName: z.nullable(text),
  createdBy: text,
  createdAt: text,
  isCurrent: z.boolean(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

/** GET buildings/:bid/documents: the building's documents the user may see, newest first. */
export const documentList = z.looseObject({ records: z.array(documentRecord) });

/** A profile change or data deletion request as the server keeps it. */
export const profileRequest = z.looseObject({
  id: text,
  kind: text,
  changes: z.record(text, text),
  note: text,
  state: text,
  createdAt: text,
  decidedAt: z.nullable(text),
  userName: text,
});
export type ProfileRequestRecord = z.infer<typeof profileRequest>;

/** GET profile: the user's details, their requests and whether they approved the current terms. */
export const profileAnswer = z.looseObject({
  profile: z.looseObject({
    userName: text,
    fullName: text,
    phone: text,
    email: z.nullable(text),
    role: text,
    buildings: z.array(z.looseObject({ id: z.number(), name: text })),
    buildingCount: z.number(),
    apartments: z.array(z.looseObject({ id: text, buildingId: z.number(), number: text })),
  }),
  requests: z.array(profileRequest),
  terms: z.looseObject({ version: text, approved: z.boolean() }),
  /** The user's notification preferences; a server without them means everything on. */
  notifications: z.optional(z.unknown()),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/** GET profile/change-requests, profile/deletion-requests: a company's requests, pending first. */
export const profileRequestList = z.looseObject({ records: z.array(profileRequest) });

/** GET leads: "contact us" details of prospective customers, those to call back first. */
export const leadRecord = z.looseObject({
  id: text,
  fullName: text,
  phone: text,
  email: z.nullable(text),
  building: text,
  note: text,
  createdAt: text,
  calledBackAt: z.nullable(text),
  calledBackBy: z.nullable(text),
});
export type LeadRecord = z.infer<typeof leadRecord>;
export const leadList = z.looseObject({ records: z.array(leadRecord) });

/** GET buildings/:bid/gallery: the building's images the user may see, newest first. */
export const galleryItem = z.looseObject({ fileId: text, source: text, title: text, createdAt: text });
export type GalleryItem = z.infer<typeof galleryItem>;
export const galleryList = z.looseObject({ records: z.array(galleryItem) });

/** GET buildings/:bid/visitors: the front desk's visitors log of the day, and those still inside. */
export const deskVisitor = z.looseObject({
  id: text,
  buildingId: z.number(),
  name: text,
  apartment: text,
  arrivedAt: text,
  leftAt: z.nullable(text),
  createdBy: text,
  passId: z.optional(z.nullable(text)),
});
export type DeskVisitor = z.infer<typeof deskVisitor>;
export const deskVisitorList = z.looseObject({ records: z.array(deskVisitor) });

/** GET company/sites: the management company's customised sites (canonical https addresses). */
export const companySitesAnswer = z.looseObject({ sites: z.array(text) });

/** GET documents/recipients: where the user may e-mail a document (src/lib/domain/documentRecipients.ts). */
export const documentRecipientsAnswer = z.looseObject({
  anyAddress: z.boolean(),
  addresses: z.array(z.looseObject({ email: text, name: text, self: z.boolean() })),
});
export type DocumentRecipients = z.infer<typeof documentRecipientsAnswer>;

const feedRecord = z.record(z.string(), z.unknown());
const feedChange = z.union([
  z.looseObject({ table: text, op: z.literal('upsert'), record: feedRecord }),
  z.looseObject({ table: text, op: z.literal('delete'), id: z.union([text, z.number()]), buildingId: z.nullable(z.number()) }),
  z.looseObject({ table: text, op: z.literal('replace'), buildingId: z.nullable(z.number()), records: z.array(feedRecord) }),
]);
export type FeedChange = z.infer<typeof feedChange>;

/** GET sync/changes: a page of the incremental pull, or why the device must start over (`reset`). */
export const feedPage = z.union([
  z.looseObject({ reset: text }),
  z.looseObject({ changes: z.array(feedChange), cursor: text, more: z.boolean(), plan: z.optional(dailyPlan) }),
]);
export type FeedPage = z.infer<typeof feedPage>;
