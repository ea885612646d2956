// Gates on the device: the building's gates from the last visit kept in `meta` (a gate can be dialled
// with no data connection); opening records the request on the server, managing them is online.
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { Gate, GateOpening } from '../../lib/domain/buildingLife';
import { validateGate } from '../../lib/domain/gateRules';
import type { GateInput } from '../../lib/domain/gateRules';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, refuse } from '../../lib/validation/rules';

export const gatesKey = (buildingId: number) => `gates.list:${buildingId}`;

async function send<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!isApiError(error)) throw error;
    const key = error.messageKey.replace(/^errors:/, '');
    throw (error.status === 422 || error.status === 403) && isMessageKey(key) && key !== 'notAllowed' && key !== 'buildingNotAssigned'
      ? new RuleError({ field: error.field ?? 'name', messageKey: key })
      : error;
  }
}

export async function pullGates(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<{ records: Gate[] }>('GET', `buildings/${buildingId}/gates`);
  await db.meta.put({ key: gatesKey(buildingId), value: { records: answer.records, savedAt: new Date().toISOString() } });
}

export async function gatesOf(buildingId: number): Promise<Gate[] | null> {
  return ((await db.meta.get(gatesKey(buildingId)))?.value as { records: Gate[] } | undefined)?.records ?? null;
}

/** Records the open request; the server has the gate called (the phone dials it too, by the tel: link). */
export async function openGate(api: ApiClient, gate: Gate): Promise<GateOpening> {
  const answer = await api.request<{ record: GateOpening }>('POST', `gates/${gate.id}/open`, { id: newId() }, { headers: { 'Idempotency-Key': newId() } });
  return answer.record;
}

export async function saveGate(api: ApiClient, buildingId: number, input: GateInput, current: Gate | null): Promise<void> {
  refuse(validateGate(input));
  const headers = { 'Idempotency-Key': newId() };
  const changes = { name: input.name, gatePhone: input.gatePhone, dialingPhones: [...input.dialingPhones], isPublic: input.isPublic };
  await send(() =>
    current
      ? api.request('PATCH', `gates/${current.id}`, { baseVersion: current.version, changes }, { headers })
      : api.request('POST', 'gates', { id: newId(), buildingId, ...changes }, { headers }),
  );
}

export async function deleteGate(api: ApiClient, gate: Gate): Promise<void> {
  await send(() => api.request('DELETE', `gates/${gate.id}?baseVersion=${gate.version}`, undefined, { headers: { 'Idempotency-Key': newId() } }));
}
