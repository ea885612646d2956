import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { markBuildingTaken } from '../../db/takenBuildings';
import { testBuilding } from '../../directory/testing/testBuilding';
import { resetDb } from '../../sync/testing/setup';
import { dayPlanOf, planKey } from './visitsQueries';

const storedPlan = (planDate: string, buildingIds: number[]) => ({
  key: planKey('w-avi', planDate),
  planDate,
  workerId: 'w-avi',
  entries: buildingIds.map((buildingId, i) => ({ buildingId, order: i + 1, checklist: [{ id: `${buildingId}-lobby`, label: 'Lobby' }] })),
});

beforeEach(resetDb);

describe("the day's plan on the device", () => {
  it('is the stored plan of the day when there is one', async () => {
    await db.dailyPlans.put(storedPlan('2026-11-28', [103]));
    expect(await dayPlanOf('w-avi', '2026-11-28')).toMatchObject({ workedOut: false, plan: { entries: [{ buildingId: 103 }] } });
  });

  it('without one, is worked out from the buildings taken offline, the newest earlier plan first', async () => {
    await db.buildings.bulkAdd([101, 102, 103, 104].map((id) => testBuilding({ id, number: id - 100, name: `B${id}`, city: 'Holon' })));
    await Promise.all([102, 103, 104].map((id) => markBuildingTaken(id, '2026-11-27T06:00:00.000Z')));
    await db.dailyPlans.bulkPut([
      storedPlan('2026-11-20', [101, 102]),
      storedPlan('2026-11-27', [104, 101]),
      { ...storedPlan('2026-11-27', [102]), key: 'w-dana:2026-11-27', workerId: 'w-dana' },
    ]);
    const day = await dayPlanOf('w-avi', '2026-11-28');
    expect(day?.workedOut).toBe(true);
    expect(day?.plan.entries).toEqual([
      { buildingId: 104, order: 1, checklist: [{ id: '104-lobby', label: 'Lobby' }] },
      { buildingId: 102, order: 2, checklist: [] },
      { buildingId: 103, order: 3, checklist: [] },
    ]);
  });

  it('with no building on the phone, is the last stored plan; with nothing at all, none', async () => {
    expect(await dayPlanOf('w-avi', '2026-11-28')).toBeNull();
    await db.dailyPlans.put(storedPlan('2026-11-26', [102, 101]));
    expect((await dayPlanOf('w-avi', '2026-11-28'))?.plan.entries.map((e) => e.buildingId)).toEqual([102, 101]);
  });
});
