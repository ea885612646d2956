// A building's "who runs it" for the screens: the copy kept on this phone at once (offline too), refreshed
// from the server in the background; `refresh` says whether the last fetch failed.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { RefreshState } from '../../session/useServerRefresh';
import { useServerRefresh } from '../../session/useServerRefresh';
import type { KeptPeople } from './buildingPeopleRepo';
import { keptBuildingPeople, peopleKey, pullBuildingPeople } from './buildingPeopleRepo';

export type BuildingPeopleState = {
  /** undefined while the phone is read; null when nothing is kept for the building yet. */
  kept: KeptPeople | null | undefined;
  refresh: { state: RefreshState; retry(): void };
};

export function useBuildingPeople(buildingId: number | null): BuildingPeopleState {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setKey(null);
    if (buildingId !== null) void peopleKey(buildingId).then((k) => live && setKey(k));
    return () => {
      live = false;
    };
  }, [buildingId]);
  const kept = useLiveQuery(() => (key === null ? undefined : keptBuildingPeople(key)), [key]);
  const refresh = useServerRefresh(buildingId === null ? null : `building.people:${buildingId}`, (client) => pullBuildingPeople(client, buildingId ?? 0));
  return { kept, refresh };
}
