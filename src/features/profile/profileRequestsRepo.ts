// The inboxes of requests tenants made about their details (a change, a deletion): the management
// company decides them. Online only (the server keeps them).
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { newId } from '../../db/mutate';
import { profileRequestList } from '../../lib/answers';
import type { ProfileRequestRecord } from '../../lib/answers';
import { api, callWithRelogin } from '../../session/api';

export type Inbox = 'change' | 'deletion';
const paths: Record<Inbox, string> = { change: 'profile/change-requests', deletion: 'profile/deletion-requests' };

export async function requestsOf(client: ApiClient, inbox: Inbox): Promise<ProfileRequestRecord[]> {
  return answerOf(profileRequestList, await client.request('GET', paths[inbox])).records;
}

/** Records the decision on a request, then reads the inbox again. */
export async function decideRequest(inbox: Inbox, requestId: ProfileRequestRecord['id'], decision: 'approved' | 'refused'): Promise<ProfileRequestRecord[]> {
  await callWithRelogin(() => api.request('POST', `${paths[inbox]}/${requestId}/decision`, { decision }, { headers: { 'Idempotency-Key': newId() } }));
  return callWithRelogin(() => requestsOf(api, inbox));
}
