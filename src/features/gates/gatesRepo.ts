// Gates on the device: the building's gates from the last visit kept in `meta` (a gate can be dialled
// with no data connection); opening records the request on the server, managing them is online. Each
// gate says whether this user may open it and how (lib/domain/gateRules.ts); its phone list comes only
// to those who manage gates.
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { getMeta, metaKeys, putMeta } from '../../db/metaKeys';
import { newId } from '../../db/mutate';
import type { GateOpening, GateOpeningRecord, GateView } from '../../lib/domain/buildingLife';
import { validateGate } from '../../lib/domain/gateRules';
import type { GateInput } from '../../lib/domain/gateRules';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, refuse } from '../../lib/validation/rules';
import { withPageClient } from '../../session/api';

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
  const answer = await api.request<{ records: GateView[] }>('GET', `buildings/${buildingId}/gates`);
  await putMeta(metaKeys.gatesList(buildingId), { records: answer.records, savedAt: new Date().toISOString() });
}

export async function gatesOf(buildingId: number): Promise<GateView[] | null> {
  return (await getMeta(metaKeys.gatesList(buildingId)))?.records ?? null;
}

/**
 * Records the open request; the server has the gate called from this user's listed phone or the gate's
 * line (a listed phone dials it too, by the tel: link). A refusal comes back as the rule's reason.
 */
export async function openGate(api: ApiClient, gate: GateView): Promise<GateOpening> {
  const answer = await send(() =>
    api.request<{ record: GateOpening }>('POST', `gates/${gate.id}/open`, { id: newId() }, { headers: { 'Idempotency-Key': newId() } }),
  );
  return answer.record;
}

/** Who opened the gate, how, and what the dialer answered (those who manage gates; online). */
export async function openingsOf(api: ApiClient, gate: GateView): Promise<GateOpeningRecord[]> {
  return (await api.request<{ records: GateOpeningRecord[] }>('GET', `gates/${gate.id}/openings`)).records;
}

export async function saveGate(api: ApiClient, buildingId: number, input: GateInput, current: GateView | null): Promise<void> {
  refuse(validateGate(input));
  const headers = { 'Idempotency-Key': newId() };
  const changes = {
    name: input.name,
    gatePhone: input.gatePhone,
    dialingPhones: [...input.dialingPhones],
    isPublic: input.isPublic,
    dialerLine: input.dialerLine ?? null,
  };
  await send(() =>
    current
      ? api.request('PATCH', `gates/${current.id}`, { baseVersion: current.version, changes }, { headers })
      : api.request('POST', 'gates', { id: newId(), buildingId, ...changes }, { headers }),
  );
}

export async function deleteGate(api: ApiClient, gate: GateView): Promise<void> {
  await send(() => api.request('DELETE', `gates/${gate.id}?baseVersion=${gate.version}`, undefined, { headers: { 'Idempotency-Key': newId() } }));
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const gateCalls = {
  openingsOf: withPageClient(openingsOf),
  openGate: withPageClient(openGate),
  saveGate: withPageClient(saveGate),
  deleteGate: withPageClient(deleteGate),
};
