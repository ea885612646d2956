import { useLiveQuery } from 'dexie-react-hooks';
import { groupUploads } from './depositRepo';
import type { GroupUploads } from './depositRepo';

/** How far a payment's check photos and changes got, kept current as the replay sends them. */
export function useGroupUploads(groupGuid: string | null): GroupUploads | null {
  return useLiveQuery(async () => (groupGuid ? groupUploads(groupGuid) : null), [groupGuid]) ?? null;
}
