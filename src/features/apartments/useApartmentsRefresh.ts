// The apartments list's background refresh: the building's apartments and the contacts they name.
import { pullApartments } from '../../directory/apartmentsRepo';
import { pullContacts } from '../../directory/contactsRepo';
import { api, callWithRelogin } from '../../session/api';
import { useBackgroundRefresh } from '../../session/useBackgroundRefresh';
import type { BackgroundRefresh } from '../../session/useBackgroundRefresh';

export function useApartmentsRefresh(buildingId: number | null): BackgroundRefresh {
  return useBackgroundRefresh(buildingId === null ? null : `apartments:${buildingId}`, () =>
    callWithRelogin(() => Promise.all([pullApartments(api, buildingId ?? 0), pullContacts(api, buildingId ?? 0)])),
  );
}
