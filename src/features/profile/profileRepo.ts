// The user's profile as the server last told it (meta `profile:<userKey>`), and the requests the user
// makes from it: a change of details, a deletion of their data, the approval of the terms of use. Each
// request goes through the outbox like every change (a local `meta` row with its own sync state), so it
// is kept while offline and reaches the server once.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import { profileAnswer } from '../../lib/answers';
import type { ProfileAnswer } from '../../lib/answers';
import type { NotificationPrefs } from '../../lib/domain/notificationPrefs';
import { defaultNotificationPrefs, notificationPrefsOf } from '../../lib/domain/notificationPrefs';
import { termsVersion } from '../../lib/terms';
import { validateProfileChange, validateProfileNote } from '../../lib/validation/profileRules';
import type { ProfileDetails, ProfileRequestKind } from '../../lib/validation/profileRules';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';
import { withPageClient } from '../../session/api';

export const REQUEST_PREFIX = 'profile.request:';
const PROFILE_PREFIX = 'profile:';
const TERMS_PREFIX = 'terms.approved:';
const NOTIFICATIONS_PREFIX = 'notifications:';

/** The device's copy of a request names the changed details, not their new values (those travel in the outbox only). */
export type LocalRequest = { id: string; owner: string; kind: ProfileRequestKind; fields: string[]; createdAt: string };
export type LocalRequestRow = { key: string; value: LocalRequest; syncState: SyncState };

/** What the device keeps of the profile: no personal details, only the states of the user's requests. */
export type StoredProfile = { requestStates: Record<string, string>; termsVersion: string | null };

export async function pullProfile(api: ApiClient): Promise<ProfileAnswer> {
  const answer = answerOf(profileAnswer, await api.request('GET', 'profile'));
  const { userKey } = await currentActor();
  const stored: StoredProfile = {
    requestStates: Object.fromEntries(answer.requests.map((r) => [r.id, r.state])),
    termsVersion: answer.terms.approved ? answer.terms.version : null,
  };
  await db.meta.put({ key: `${PROFILE_PREFIX}${userKey}`, value: stored });
  if (answer.terms.approved) await db.meta.put({ key: `${TERMS_PREFIX}${userKey}`, value: answer.terms.version });
  // A choice saved on this device and not yet sent stays on screen until the server has it.
  if (!(await hasUnsentNotificationChange(userKey)))
    await db.meta.put({ key: `${NOTIFICATIONS_PREFIX}${userKey}`, value: notificationPrefsOf(answer.notifications) });
  return answer;
}

export async function storedProfile(owner: string): Promise<StoredProfile | null> {
  return ((await db.meta.get(`${PROFILE_PREFIX}${owner}`))?.value as StoredProfile | undefined) ?? null;
}

/** The user's requests made on this device, newest first (the server's copies come with the profile). */
export async function localRequests(owner: string): Promise<LocalRequestRow[]> {
  const rows = ((await db.meta.where('key').startsWith(REQUEST_PREFIX).toArray()) as LocalRequestRow[]).filter((r) => r.value.owner === owner);
  return rows.sort((a, b) => (a.value.createdAt < b.value.createdAt ? 1 : -1));
}

async function sendRequest(kind: ProfileRequestKind, changes: Record<string, string>, note: string): Promise<string> {
  refuse(validateProfileNote(note));
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${REQUEST_PREFIX}${id}`;
  const value: LocalRequest = { id, owner: actor.userKey, kind, fields: Object.keys(changes), createdAt: new Date().toISOString() };
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: 'profile/requests',
    payload: { id, kind, changes, note: note.trim() },
    userKey: actor.userKey,
  });
  return id;
}

/** Asks the management company to change the details that differ from `current`. */
export function requestChange(wanted: ProfileDetails, current: ProfileDetails, note: string): Promise<string> {
  refuse(validateProfileChange(wanted, current));
  const changes: Record<string, string> = {};
  for (const k of ['fullName', 'phone', 'email'] as const) if (wanted[k].trim() !== current[k]) changes[k] = wanted[k].trim();
  return sendRequest('change', changes, note);
}

/** Asks the administrator to delete the user's personal data. */
export function requestDeletion(note: string): Promise<string> {
  return sendRequest('deletion', {}, note);
}

/** The version of the terms this user approved on this device or, as last told, on the server. */
export async function approvedTermsVersion(owner: string): Promise<string | null> {
  return ((await db.meta.get(`${TERMS_PREFIX}${owner}`))?.value as string | undefined) ?? null;
}

/** Approves the current terms: at once on the device, on the server through the outbox. */
export async function approveTerms(): Promise<void> {
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `terms.approval:${id}`;
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value: { id, version: termsVersion, approvedAt: new Date().toISOString() } },
    path: 'terms/approval',
    payload: { version: termsVersion },
    userKey: actor.userKey,
    tables: ['meta'],
    also: async () => {
      await db.meta.put({ key: `${TERMS_PREFIX}${actor.userKey}`, value: termsVersion });
    },
  });
}

/** The user's notification preferences as last saved on this device or told by the server; everything on before that. */
export async function storedNotificationPrefs(owner: string): Promise<NotificationPrefs> {
  const row = await db.meta.get(`${NOTIFICATIONS_PREFIX}${owner}`);
  return row ? notificationPrefsOf(row.value) : defaultNotificationPrefs;
}

async function hasUnsentNotificationChange(owner: string): Promise<boolean> {
  const rows = await db.meta.where('key').startsWith(NOTIFICATION_CHANGE_PREFIX).toArray();
  return rows.some((r) => (r.value as { owner?: string }).owner === owner && (r as { syncState?: SyncState }).syncState !== 'synced');
}

const NOTIFICATION_CHANGE_PREFIX = 'notifications.change:';

/** Saves the preferences: at once on the device, on the server through the outbox (the latest change wins there). */
export async function saveNotificationPrefs(prefs: NotificationPrefs): Promise<void> {
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${NOTIFICATION_CHANGE_PREFIX}${id}`;
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value: { id, owner: actor.userKey, savedAt: new Date().toISOString() } },
    path: 'profile/notifications',
    payload: { ...prefs },
    userKey: actor.userKey,
    tables: ['meta'],
    also: async () => {
      await db.meta.put({ key: `${NOTIFICATIONS_PREFIX}${actor.userKey}`, value: prefs });
    },
  });
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const profileCalls = {
  pullProfile: withPageClient(pullProfile),
};
