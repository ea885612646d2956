// The check payment's payer choice refreshes from the server while online: the buildings, then the
// chosen building's apartments and their tenants (the device's copy is shown offline).
import { pullApartments } from '../../directory/apartmentsRepo';
import { pullBuildings } from '../../directory/buildingsRepo';
import { pullContacts } from '../../directory/contactsRepo';
import { callWithRelogin } from '../../session/api';
import { useServerRefresh } from '../../session/useServerRefresh';

export function usePayersRefresh(online: boolean, buildingId: number | null) {
  const buildingsRefresh = useServerRefresh(online ? 'checks:buildings' : null, (api) => callWithRelogin(() => pullBuildings(api)));
  // The payers: the building's apartments, then their tenants.
  const payersRefresh = useServerRefresh(online && buildingId !== null ? `checks:payers:${buildingId}` : null, (api) =>
    callWithRelogin(async () => {
      if (buildingId === null) return;
      await pullApartments(api, buildingId);
      await pullContacts(api, buildingId);
    }),
  );
  return { buildingsRefresh, payersRefresh };
}
