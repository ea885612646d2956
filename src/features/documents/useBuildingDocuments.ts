import { useLiveQuery } from 'dexie-react-hooks';
import { useServerRefresh } from '../../session/useServerRefresh';
import type { RefreshState } from '../../session/useServerRefresh';
import type { DocumentRecord } from './documentsRepo';
import { pullDocuments, storedDocuments, storedFileIds } from './documentsRepo';

export type BuildingDocuments = {
  /** undefined while the device copy loads; null when the device never had the list. */
  records: DocumentRecord[] | null | undefined;
  /** Documents whose bytes are on the device (readable offline). */
  onDevice: Set<string>;
  refresh: { state: RefreshState; retry(): void };
};

/** The building's documents from the device at once, refreshed from the server in the background. */
export function useBuildingDocuments(buildingId: number | null): BuildingDocuments {
  const stored = useLiveQuery(() => (buildingId === null ? null : storedDocuments(buildingId)), [buildingId]);
  const onDevice = useLiveQuery(() => storedFileIds(), []) ?? new Set<string>();
  const refresh = useServerRefresh(buildingId === null ? null : `documents:${buildingId}`, (api) => pullDocuments(api, buildingId ?? 0));
  return { records: stored === undefined ? undefined : (stored?.records ?? null), onDevice, refresh };
}
