import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { initI18n } from '../../i18n/i18n';
import { renderSignedIn } from '../../session/testing/renderSignedIn';
import { resetDb } from '../../sync/testing/setup';
import { CallActions } from './CallActions';
import { createServiceCall } from './serviceCallsRepo';
import type { RunAction } from './useActionFeedback';
import { updatesOf } from './serviceCallsQueries';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(resetDb);

const run: RunAction = async (work) => {
  await work();
  return true;
};

async function openCall(daysAgo: number) {
  const id = await createServiceCall({ buildingId: 101, domain: 'plumbing', description: 'Leak in the basement pipe' });
  await db.serviceCalls.update(id, { openedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString() });
  const call = await db.serviceCalls.get(id);
  if (!call) throw new Error('no call');
  return call;
}

describe('CallActions', () => {
  it('offers delete to a worker, and to a supplier only the status and visit changes', async () => {
    const call = await openCall(1);
    const worker = renderSignedIn(<CallActions call={call} run={run} leaveAfterSuccess={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Delete call' })).toBeTruthy();
    worker.unmount();
    renderSignedIn(<CallActions call={call} run={run} leaveAfterSuccess={() => undefined} />, { role: 'supplier' });
    expect(screen.getByLabelText('New status')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete call' })).toBeNull();
  });

  it('offers only the statuses the shared rule allows from the current one', async () => {
    renderSignedIn(<CallActions call={await openCall(1)} run={run} leaveAfterSuccess={() => undefined} />);
    const options = [...(screen.getByLabelText('New status') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Choose a status', 'In treatment', 'In execution', 'Treated / done', 'Closed']);
  });

  it('asks for confirmation, then offers a closing message for a call open more than 30 days', async () => {
    const call = await openCall(45);
    renderSignedIn(<CallActions call={call} run={run} leaveAfterSuccess={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close call' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close call' }).at(-1) as HTMLElement);
    expect(await screen.findByText(/open for more than 30 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close with message' }));
    await waitFor(async () => expect((await db.serviceCalls.get(call.id))?.status).toBe('closed'));
    expect((await updatesOf(call.id))[0]?.text).toMatch(/Thank you for your patience/);
  });

  it('closes a recent call without offering the message', async () => {
    const call = await openCall(3);
    renderSignedIn(<CallActions call={call} run={run} leaveAfterSuccess={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close call' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close call' }).at(-1) as HTMLElement);
    await waitFor(async () => expect((await db.serviceCalls.get(call.id))?.status).toBe('closed'));
    expect(screen.queryByText(/Closing message/)).toBeNull();
    expect(await updatesOf(call.id)).toEqual([]);
  });
});
