// Apartments of a building: read by the apartments, meters, items and checks screens; read-only on
// the device. Its one pull lives here.
import type { ApiClient } from '../api/client';
import { pullInto } from '../sync/replay/pull';

export async function pullApartments(api: ApiClient, buildingId: number) {
  return pullInto(api, { table: 'apartments', path: `buildings/${buildingId}/apartments`, scope: (row) => row.buildingId === buildingId });
}
