// A building's billing settings (issue 14): read and changed online only — they decide what a tenant is
// charged at the next payment, so a change waits for no outbox. A save carries the version it started
// from (a manager's save over another's answers 409 with the current settings) and its own
// Idempotency-Key, kept for retries of the same save.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { isApiError } from '../../api/errors';
import type { BillingSettingsDraft, BuildingBillingSettings } from '../../lib/domain/billingSettingsRules';
import { settingsOfDraft, vatModes } from '../../lib/domain/billingSettingsRules';
import { receiptIssuerKinds } from '../../lib/domain/receiptIssuer';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const settingsRecord = z.looseObject({
  buildingId: z.number(),
  cardPayments: z.boolean(),
  refuseRoomsWithDebt: z.boolean(),
  // Absent from servers before migration 038.
  receiptIssuer: z.optional(z.enum(receiptIssuerKinds)),
  fixedAgorot: z.number(),
  percentBasisPoints: z.number(),
  vat: z.enum(vatModes),
  foreignCardFixedAgorot: z.number(),
  dinersAmexPercentBasisPoints: z.number(),
  version: z.number(),
  updatedAt: z.nullable(z.string()),
});
export type BillingSettingsRecord = z.infer<typeof settingsRecord>;

const oneAnswer = z.looseObject({ record: settingsRecord });
const conflictAnswer = z.looseObject({ current: settingsRecord });

const path = (buildingId: number) => `buildings/${buildingId}/billing-settings`;

export async function buildingBillingSettings(buildingId: number): Promise<BillingSettingsRecord> {
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('GET', path(buildingId)))).record;
}

/** Checks the draft with the server's rules, then saves it over `baseVersion`. */
export async function saveBillingSettings(buildingId: number, baseVersion: number, draft: BillingSettingsDraft, key: string): Promise<BillingSettingsRecord> {
  const read = settingsOfDraft(draft);
  refuse(read.failure);
  const settings: BuildingBillingSettings | null = read.settings;
  return answerOf(
    oneAnswer,
    await callWithRelogin(() => api.request('PUT', path(buildingId), { baseVersion, settings }, { headers: { 'Idempotency-Key': key } })),
  ).record;
}

/** The settings someone else saved meanwhile, when `error` is a version conflict. */
export function conflictingSettings(error: unknown): BillingSettingsRecord | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = conflictAnswer.safeParse(error.body);
  return parsed.success ? parsed.data.current : null;
}
