// Building events on the device: the last list from the server kept in `meta` (readable offline);
// staff and the committee add, change and delete them online (direct calls with an Idempotency-Key).
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { getMeta, metaKeys, putMeta } from '../../db/metaKeys';
import { newId } from '../../db/mutate';
import { israelWallClock } from '../../lib/dates';
import type { BuildingEvent } from '../../lib/domain/buildingLife';
import { mayDeleteEvent, validateEvent } from '../../lib/domain/eventRules';
import { isMessageKey } from '../../lib/validation/messages';
import { RuleError, refuse } from '../../lib/validation/rules';
import { withPageClient } from '../../session/api';

export type EventDraft = { title: string; notes: string; start: string; end: string };

function asRuleError(error: unknown): unknown {
  if (!isApiError(error)) return error;
  const key = error.messageKey.replace(/^errors:/, '');
  return error.status === 422 && isMessageKey(key) ? new RuleError({ field: error.field ?? 'title', messageKey: key }) : error;
}

async function send<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw asRuleError(error);
  }
}

export async function pullEvents(api: ApiClient, buildingId: number): Promise<void> {
  const answer = await api.request<{ records: BuildingEvent[] }>('GET', `buildings/${buildingId}/events`);
  await putMeta(metaKeys.buildingEvents(buildingId), { records: answer.records, savedAt: new Date().toISOString() });
}

export async function eventsOf(buildingId: number): Promise<BuildingEvent[] | null> {
  return (await getMeta(metaKeys.buildingEvents(buildingId)))?.records ?? null;
}

export async function saveEvent(api: ApiClient, buildingId: number, draft: EventDraft, current: BuildingEvent | null): Promise<void> {
  refuse(validateEvent(draft));
  const headers = { 'Idempotency-Key': newId() };
  await send(() =>
    current
      ? api.request('PATCH', `building-events/${current.id}`, { baseVersion: current.version, changes: draft }, { headers })
      : api.request('POST', 'building-events', { id: newId(), buildingId, ...draft }, { headers }),
  );
}

export async function deleteEvent(api: ApiClient, event: BuildingEvent): Promise<void> {
  refuse(mayDeleteEvent(event, israelWallClock(new Date())));
  await send(() => api.request('DELETE', `building-events/${event.id}?baseVersion=${event.version}`, undefined, { headers: { 'Idempotency-Key': newId() } }));
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const eventCalls = {
  saveEvent: withPageClient(saveEvent),
  deleteEvent: withPageClient(deleteEvent),
};
