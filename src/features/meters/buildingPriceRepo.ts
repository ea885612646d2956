// The building's price per kWh (NIS) for charging stations: a versioned PATCH of the building.
// buildingsRepo is read-only, so this one change of a building lives with the feature that needs it.
import { db } from '../../db/db';
import { validatePricePerKwh } from '../../lib/domain/meterRules';
import { currentActor } from '../../sync/write/actor';
import { changeRecord } from '../../sync/write/writePath';
import { refuse } from '../../lib/validation/rules';

export async function setPricePerKwh(buildingId: number, pricePerKwh: number | null): Promise<void> {
  refuse(validatePricePerKwh(pricePerKwh));
  if (!(await db.buildings.get(buildingId))) throw new Error(`buildings:${buildingId} not found`);
  const actor = await currentActor();
  await changeRecord({
    table: 'buildings',
    id: buildingId,
    op: 'pricePerKwh',
    changes: { pricePerKwh },
    request: { path: `buildings/${buildingId}` },
    userKey: actor.userKey,
  });
}
