// The add form works from what the device holds; when online it first brings the building list, the
// building's contacts (reporters) and its open calls (for "join an existing call") up to date.
import { useEffect } from 'react';
import { db } from '../../db/db';
import { pullBuildings } from '../../directory/buildingsRepo';
import { pullContacts } from '../../directory/contactsRepo';
import { api, callWithRelogin } from '../../session/api';
import { useOnline } from '../../ui/useOnline';
import { pullServiceCalls } from './serviceCallsRepo';

export function useAddFormRefresh(buildingId: number | null): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    void callWithRelogin(async () => {
      if ((await db.buildings.count()) === 0) await pullBuildings(api);
    }).catch(() => undefined);
  }, [online]);
  useEffect(() => {
    if (!online || buildingId === null) return;
    // Each refresh is best effort: the form keeps working from the device copy when one fails.
    void callWithRelogin(() => pullContacts(api, buildingId)).catch(() => undefined);
    void callWithRelogin(() => pullServiceCalls(api, { buildingId, tab: 'open' })).catch(() => undefined);
  }, [online, buildingId]);
}
