import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { emptySession } from '../../db/sessionVault';
import { initI18n } from '../../i18n/i18n';
import { toLocalDateString } from '../../lib/dates';
import { resetDb } from '../../sync/testing/setup';
import { SessionContext } from '../../session/sessionContext';
import { testBuilding } from '../../directory/testing/testBuilding';
import type { SessionContextValue } from '../../session/sessionContext';
import { DailyPlanScreen } from './DailyPlanScreen';
import { planKey } from './visitsQueries';
import { markBuildingTaken } from '../../db/takenBuildings';

// No network in these tests: the background refresh fails and the screen keeps the device's data.
vi.mock('../../session/api', () => ({ api: {}, callWithRelogin: () => Promise.reject(new Error('offline')) }));

const today = toLocalDateString(new Date());
const building = testBuilding({ id: 101, number: 1, name: 'Herzl House', address: 'Herzl 12', city: 'Tel Aviv', apartmentsCount: 12 });

function renderScreen() {
  const value: SessionContextValue = {
    ready: true,
    loggedIn: true,
    versionStatus: 'skipped',
    session: { ...emptySession, userName: 'avi', workerGUID: 'w-avi', compID: 1001, loggedIn: true, sessionToken: 't' },
    update: vi.fn(async () => undefined),
  };
  return render(
    <SessionContext.Provider value={value}>
      <MemoryRouter>
        <DailyPlanScreen />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

beforeEach(async () => {
  await resetDb();
});

describe('Daily plan screen', () => {
  it('says so when the device has no plan for today', async () => {
    renderScreen();
    expect(await screen.findByText('No plan on this device')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take the day offline' })).toBeTruthy();
  });

  it('ticks checklist items and records the visit on the device, with its translated errors', async () => {
    await db.buildings.add(building);
    await db.dailyPlans.put({
      key: planKey('w-avi', today),
      planDate: today,
      workerId: 'w-avi',
      entries: [
        {
          buildingId: 101,
          order: 1,
          checklist: [
            { id: '101-lobby', label: 'ניקיון הלובי' },
            { id: '101-roof', label: 'גג' },
          ],
        },
      ],
    });
    renderScreen();
    const card = await screen.findByRole('article', { name: 'Herzl House' });
    await act(async () => fireEvent.click(within(card).getByRole('checkbox', { name: 'Clean the lobby and mailboxes' })));
    expect(await within(card).findByRole('status', { name: 'Saved on device' })).toBeTruthy();
    expect(within(card).getByText('1 of 2 done')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Visit made today' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Required field');
    fireEvent.change(within(card).getByLabelText('Visit description'), { target: { value: 'Lobby cleaned and checked' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Visit made today' })));
    expect(await screen.findByText('The visit was saved')).toBeTruthy();
    expect(await within(card).findByText('Visit recorded today')).toBeTruthy();

    const [visit] = await db.visits.toArray();
    expect(visit).toMatchObject({ buildingId: 101, madeToday: true, description: 'Lobby cleaned and checked', checklist: [{ done: true }, { done: false }] });
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.op)).toEqual(['create', 'update']);
  });

  it("works out today's plan from the buildings on the phone when none is stored, and records a visit as usual", async () => {
    const yesterday = toLocalDateString(new Date(Date.now() - 86_400_000));
    await db.buildings.bulkAdd([
      building,
      testBuilding({ id: 102, number: 2, name: 'Rothschild Court', city: 'Tel Aviv' }),
      testBuilding({ id: 103, number: 3, name: 'Not Taken Tower', city: 'Holon' }),
    ]);
    await markBuildingTaken(101, new Date().toISOString());
    await markBuildingTaken(102, new Date().toISOString());
    await db.dailyPlans.put({
      key: planKey('w-avi', yesterday),
      planDate: yesterday,
      workerId: 'w-avi',
      entries: [{ buildingId: 102, order: 1, checklist: [{ id: '102-roof', label: 'גג' }] }],
    });
    renderScreen();
    expect(await screen.findByText(/No plan for today on this phone yet/)).toBeTruthy();
    // Each card loads its building on its own: wait for both.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Rothschild Court', 'Herzl House']);
    expect(within(cards[0] as HTMLElement).getAllByRole('checkbox')).toHaveLength(1);

    const herzl = cards[1] as HTMLElement;
    fireEvent.change(within(herzl).getByLabelText('Visit description'), { target: { value: 'Lobby cleaned and checked' } });
    await act(async () => fireEvent.click(within(herzl).getByRole('button', { name: 'Visit made today' })));
    expect(await screen.findByText('The visit was saved')).toBeTruthy();
    const [visit] = await db.visits.toArray();
    expect(visit).toMatchObject({ buildingId: 101, visitDate: today, madeToday: true, description: 'Lobby cleaned and checked', syncState: 'local' });
    const [create] = await db.outbox.toArray();
    // No checklist known on the device: the server gives the visit its own plan's.
    expect(create?.payload).toMatchObject({ buildingId: 101, visitDate: today, madeToday: true });
    expect(create?.payload).not.toHaveProperty('checklist');
  });
});
