// Who runs my building (issue 31 §4). The building's record is read from the server and kept per user and
// building in `meta`, so a resident finds the committee and the emergency numbers with no connection (the
// moment they matter most: a flood in the stairwell, a stuck lift). Saving is online: the record is saved
// whole over its version, by the office or the committee, and a concurrent save comes back as a conflict.
import { z } from 'zod/mini';
import type { ApiClient } from '../../api/client';
import { answerOf } from '../../api/answers';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import { committeeRoles, emergencyKinds, validateBuildingPeople } from '../../lib/domain/buildingPeople';
import type { BuildingPeopleInput } from '../../lib/domain/buildingPeople';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { withPageClient } from '../../session/api';

const member = z.object({
  id: z.string(),
  name: z.string(),
  committeeRole: z.enum(committeeRoles),
  phone: z.string(),
  email: z.string(),
  showCall: z.boolean(),
  showMessage: z.boolean(),
  showEmail: z.boolean(),
});
const peopleRecord = z.looseObject({
  buildingId: z.number(),
  buildingName: z.string(),
  companyName: z.string(),
  editable: z.boolean(),
  members: z.array(member),
  management: z.object({ name: z.string(), phone: z.string(), email: z.string(), officeHours: z.string() }),
  emergency: z.array(z.object({ id: z.string(), kind: z.enum(emergencyKinds), name: z.string(), phone: z.string() })),
  workerHours: z.string(),
  version: z.number(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type PeopleRecord = z.infer<typeof peopleRecord>;

const kept = z.object({ record: peopleRecord, savedAt: z.string() });
export type KeptPeople = z.infer<typeof kept>;

const PEOPLE_PREFIX = 'building.people:';

/** The `meta` key of a building's record for the signed-in user (resolved outside live queries: the session is decrypted with WebCrypto). */
export async function peopleKey(buildingId: number): Promise<string> {
  return `${PEOPLE_PREFIX}${(await currentActor()).userKey}:${buildingId}`;
}

async function keep(record: PeopleRecord): Promise<void> {
  await db.meta.put({ key: await peopleKey(record.buildingId), value: { record, savedAt: new Date().toISOString() } satisfies KeptPeople });
}

/** Fetches the building's record (as this user may see it) and keeps it for reading offline. */
export async function pullBuildingPeople(api: ApiClient, buildingId: number): Promise<PeopleRecord> {
  const { record } = answerOf(z.looseObject({ record: peopleRecord }), await api.request('GET', `buildings/${buildingId}/people`));
  await keep(record);
  return record;
}

/** The kept record under `key` (peopleKey()), or null before the first visit. */
export async function keptBuildingPeople(key: string): Promise<KeptPeople | null> {
  const checked = kept.safeParse((await db.meta.get(key))?.value);
  return checked.success ? checked.data : null;
}

/** A refusal of a rule (422) names its field, as the form's own check does; anything else stays the server's. */
function asRuleError(error: unknown): unknown {
  if (!isApiError(error) || error.status !== 422) return error;
  const key = error.messageKey.replace(/^errors:/, '');
  return isMessageKey(key) ? new RuleError({ field: error.field ?? 'members', messageKey: key }) : error;
}

/** Someone else saved first: `current` is what the server holds now (kept on the phone already). */
export class PeopleConflict extends Error {
  override readonly name = 'PeopleConflict';
  constructor(readonly current: PeopleRecord) {
    super('building people changed meanwhile');
  }
}

/**
 * Saves the whole record over `baseVersion` (checked with the server's rule first) and keeps the answer.
 * A concurrent save is a PeopleConflict carrying the server's record; a refused rule a RuleError.
 */
export async function saveBuildingPeople(api: ApiClient, buildingId: number, input: BuildingPeopleInput, baseVersion: number): Promise<PeopleRecord> {
  refuse(validateBuildingPeople(input));
  try {
    const body = await api.request('PUT', `buildings/${buildingId}/people`, { ...input, baseVersion }, { headers: { 'Idempotency-Key': newId() } });
    const { record } = answerOf(z.looseObject({ record: peopleRecord }), body);
    await keep(record);
    return record;
  } catch (error) {
    const current = isApiError(error) && error.status === 409 ? z.looseObject({ current: peopleRecord }).safeParse(error.body) : null;
    if (current?.success) {
      await keep(current.data.current);
      throw new PeopleConflict(current.data.current);
    }
    throw asRuleError(error);
  }
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const buildingPeopleCalls = {
  pullBuildingPeople: withPageClient(pullBuildingPeople),
  saveBuildingPeople: withPageClient(saveBuildingPeople),
};
