// Live reads of the service-calls screens: they re-render as the repository (or a sync) changes rows.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { BuildingRow, ContactRow, PhotoRow, ServiceCallRow, ServiceCallUpdateRow } from '../../db/schema';
import type { ServiceCallDomain } from '../../lib/domain/entities';
import { allBuildings } from '../../directory/buildingsRepo';
import { contactsOfBuilding } from '../../directory/contactsRepo';
import { onCallsChanged } from './callsIndex';
import { countOpenCalls, findCallsPage, getServiceCall, openCallsLike, photosOfCall, updatesOf } from './serviceCallsQueries';
import type { CallsPage, CallsQuery } from './serviceCallsQueries';
import { storedClosingMessageDays } from './serviceCallSettings';
import { CLOSING_MESSAGE_DAYS } from '../../lib/domain/serviceCallClosing';

/** The page shown, and whether it answers the query asked (false while a newer one is read). */
export type ShownCalls = { page: CallsPage | undefined; current: boolean };

/**
 * The first `limit` calls of the list and how many match (undefined while loading); follows every
 * change of the calls (the list is read from memory, callsIndex.ts, or on opening from an index).
 */
export function useCallsList(q: CallsQuery, limit: number): ShownCalls {
  const { buildingId, tab, search, order } = q;
  const asked = `${buildingId ?? ''}|${tab}|${order}|${limit}|${search}`;
  const [shown, setShown] = useState<{ asked: string; page: CallsPage } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let run = 0;
    const load = () => {
      const mine = (run += 1);
      void findCallsPage({ buildingId, tab, search, order }, 0, limit).then((next) => {
        if (live && mine === run) setShown({ asked, page: next });
      });
    };
    const stop = onCallsChanged(load);
    load();
    return () => {
      live = false;
      stop();
    };
  }, [asked, buildingId, tab, search, order, limit]);
  return { page: shown?.page, current: shown?.asked === asked };
}

export function useOpenCallsCount(buildingId: number | null): number | undefined {
  return useLiveQuery(() => countOpenCalls(buildingId), [buildingId]);
}

/** undefined while loading, null when the device does not hold the call. */
export function useServiceCall(id: string): ServiceCallRow | null | undefined {
  return useLiveQuery(async () => (await getServiceCall(id)) ?? null, [id]);
}

export function useCallUpdates(id: string): ServiceCallUpdateRow[] | undefined {
  return useLiveQuery(() => updatesOf(id), [id]);
}

export function useCallPhotos(id: string, updateIds: readonly string[]): Map<string, PhotoRow[]> {
  const key = updateIds.join(',');
  return useLiveQuery(() => photosOfCall(id, updateIds), [id, key], new Map<string, PhotoRow[]>());
}

export function useBuildings(): BuildingRow[] | undefined {
  return useLiveQuery(async () => (await allBuildings()).sort((a, b) => a.name.localeCompare(b.name, 'he')), []);
}

export function useBuildingContacts(buildingId: number | null): ContactRow[] {
  return useLiveQuery(
    async () => (buildingId === null ? [] : (await contactsOfBuilding(buildingId)).sort((a, b) => a.fullName.localeCompare(b.fullName, 'he'))),
    [buildingId],
    [],
  );
}

export function useJoinableCalls(buildingId: number | null, domain: ServiceCallDomain | ''): ServiceCallRow[] {
  return useLiveQuery(async () => (buildingId === null || domain === '' ? [] : openCallsLike(buildingId, domain)), [buildingId, domain], []);
}

export function useClosingMessageDays(): number {
  return useLiveQuery(storedClosingMessageDays, [], CLOSING_MESSAGE_DAYS);
}

/** Object URLs of photo Blobs for <img>, revoked when the photos change or the screen goes. */
export function usePhotoUrls(photos: readonly { id: string; blob: Blob }[]): Map<string, string> {
  const [urls, setUrls] = useState<Map<string, string>>(new Map());
  const key = photos.map((p) => p.id).join(',');
  const stable = useMemo(() => photos, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- `key` (the photo ids) stands for `photos`
  useEffect(() => {
    const next = new Map(stable.map((p) => [p.id, URL.createObjectURL(p.blob)]));
    setUrls(next);
    return () => {
      for (const url of next.values()) URL.revokeObjectURL(url);
    };
  }, [stable]);
  return urls;
}
