// For the apartment screen: the tenant's keys and mail items waiting to be handed over (live).
import { useLiveQuery } from 'dexie-react-hooks';
import { pendingItemsForApartment } from './itemsRepo';
import type { PendingItemsOfApartment } from './itemsRepo';

/** Undefined while loading; empty lists for a null apartment. */
export function usePendingItemsForApartment(apartmentId: string | null | undefined): PendingItemsOfApartment | undefined {
  return useLiveQuery(
    () => (apartmentId ? pendingItemsForApartment(apartmentId) : Promise.resolve({ keys: [], mailItems: [] })),
    [apartmentId],
  );
}
