import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { formatDisplayDateTime } from '../../lib/dates';
import { initI18n } from '../../i18n/i18n';
import { createRig, resetDb, USER } from '../../sync/testing/setup';
import { createServiceCall, updateServiceCall } from '../../sync/testing/serviceCallRecords';
import { LIST_PAGE_SIZE } from '../../ui/listPaging';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { SyncScreen } from './SyncScreen';
import { SyncStatusIndicator } from './SyncStatusIndicator';
import { setSyncStatus } from '../../session/syncStore';

// The page-side triggers would replay against the real network; the tests drive the engine themselves.
vi.mock('../../session/syncController', () => ({ startSync: vi.fn(), requestReplayNow: vi.fn() }));

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

beforeEach(async () => {
  await resetDb();
  setSyncStatus({ userKey: USER, replaying: false, needsLogin: false });
});

function renderScreen() {
  return render(
    <MemoryRouter>
      <SyncStatusIndicator />
      <SyncScreen />
    </MemoryRouter>,
  );
}

/** A refused entry as the engine leaves it (for subjects the sync test records do not write). */
function refusedEntry(fields: Partial<OutboxEntry> & Pick<OutboxEntry, 'payload' | 'recordId'>): OutboxEntry {
  const table = fields.table ?? 'serviceCalls';
  return {
    id: `entry-${String(fields.recordId)}`,
    seq: 1,
    op: 'create',
    table,
    entityKey: `${table}:${String(fields.recordId)}`,
    request: { method: 'POST', path: table, wrap: 'payload' },
    rowPatch: null,
    base: null,
    baseVersion: 0,
    dependsOn: [],
    kind: 'mutation',
    createdAt: '2026-11-28T07:00:00.000Z',
    attempts: 1,
    nextAttemptAt: 0,
    state: 'attention',
    lastError: null,
    ownerUserKey: USER,
    ...fields,
  };
}

describe('Sync screen', () => {
  it('shows the pending count in the app bar and the refusal reason, and lets the user fix and retry', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.validate = (_m, _p, body) => (String(body.description).includes('basement') ? 'description' : null);
    await rig.engine.replay();
    renderScreen();

    expect(await screen.findByRole('link', { name: /1 change waiting.*1 needs attention/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Sync status/ }).getAttribute('href')).toBe('/sync');
    const card = await screen.findByRole('listitem', { name: 'New service call' });
    expect(within(card).getByText(/Description must be at least 10 characters/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Edit and retry' }));
    const description = within(card).getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'short' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Description must be at least 10 characters');

    fireEvent.change(description, { target: { value: 'Leak in the cellar pipe' } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Save and send again' })));
    await waitFor(async () => expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', payload: { description: 'Leak in the cellar pipe' } }));
    await rig.engine.replay();
    expect(await screen.findByText('Nothing is waiting.')).toBeTruthy();
  });

  it('says a waiting change is waiting for a connection while the device is offline, with no attempt', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const rig = createRig({ isOnline: () => navigator.onLine });
      await createServiceCall(newCall);
      expect(await rig.engine.replay()).toMatchObject({ attempted: 0, waitingForConnection: true });
      renderScreen();
      const card = await screen.findByRole('listitem', { name: 'New service call' });
      expect(within(card).getByText('Waiting for a connection')).toBeTruthy();
      expect(within(card).queryByText(/attempt/)).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('lists a long queue a page at a time, the count of every waiting change above it', async () => {
    const queued = LIST_PAGE_SIZE + 10;
    for (let i = 0; i < queued; i++) await createServiceCall({ ...newCall, description: `Leak number ${i} in the basement` });
    renderScreen();
    const waiting = await screen.findByRole('region', { name: `Waiting to be sent (${queued})` });
    await waitFor(() => expect(within(waiting).getAllByRole('listitem', { name: 'New service call' })).toHaveLength(LIST_PAGE_SIZE));
    expect(within(waiting).getByText(`Showing ${LIST_PAGE_SIZE} of ${queued} results`)).toBeTruthy();
    fireEvent.click(within(waiting).getByRole('button', { name: 'Show 10 more' }));
    await waitFor(() => expect(within(waiting).getAllByRole('listitem', { name: 'New service call' })).toHaveLength(queued));
    expect(within(waiting).queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
  });

  it('resolves a conflict field by field', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    rig.server.editAsOther(`service-calls/${id}`, { priority: 'low' });
    await updateServiceCall(id, { priority: 'urgent' });
    await rig.engine.replay();
    renderScreen();

    const form = await screen.findByRole('form', { name: 'Resolve the conflict' });
    fireEvent.click(within(form).getByRole('radio', { name: "Take the server's: Low" }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Apply my choice' })));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'low', syncState: 'synced' });
  });

  it('offers the fields a person may fix with their own inputs: choices as lists, never ids or timestamps', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    rig.server.validate = () => 'priority';
    await rig.engine.replay();
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'New service call' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit and retry' }));
    const form = within(card).getByRole('form', { name: 'Fix and send again' });
    const priority = within(form).getByRole('combobox', { name: 'Priority' });
    expect(
      within(priority)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Low', 'Normal', 'High', 'Urgent']);
    expect(within(form).getByRole('combobox', { name: 'Domain' })).toHaveProperty('value', 'plumbing');
    expect(within(form).getByRole('option', { name: 'Plumbing' })).toHaveProperty('selected', true);
    // Only what a person may change: no id, opening time, status, building or author.
    const named = (role: string) =>
      within(form)
        .getAllByRole(role)
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent);
    expect(named('textbox')).toEqual(['Subject', 'Description', 'Reporter']);
    expect(named('combobox')).toEqual(['Domain', 'Call type', 'Priority']);
    expect(within(form).queryByDisplayValue(id)).toBeNull();
    expect(within(form).queryByText(/Opening|Last visit|Status/)).toBeNull();

    rig.server.validate = null;
    fireEvent.change(priority, { target: { value: 'urgent' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save and send again' })));
    await waitFor(async () =>
      expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', payload: { priority: 'urgent', description: newCall.description } }),
    );
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent' });
  });

  it('edits a refused check with a date field in dd/mm/yyyy and its amount, without its ids', async () => {
    await db.outbox.add(
      refusedEntry({
        table: 'checks',
        recordId: 'chk-1',
        payload: {
          CheckGuid: 'chk-1',
          ChecksHeaderGuid: 'grp-1',
          Amount: 1200,
          DepositDate: '2026-12-05',
          BankNumber: '12',
          BranchNumber: '345',
          AccountNumber: '678901',
          CheckNumber: '1001',
          FrontImageId: 'ph-1',
          ContactGuid: 'ct-1',
          DebtIds: ['d-1'],
        },
        lastError: { kind: 'rejected', status: 422, messageKey: 'errors:requiredField', message: 'Required', field: 'DepositDate' },
      }),
    );
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'New check' });
    expect(within(card).getByRole('note').textContent).toContain('(Deposit date)');
    fireEvent.click(within(card).getByRole('button', { name: 'Edit and retry' }));
    const form = within(card).getByRole('form', { name: 'Fix and send again' });
    expect(within(form).getByRole('textbox', { name: 'Deposit date' })).toHaveProperty('value', '05/12/2026');
    expect(within(form).getByRole('button', { name: /calendar/i })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '1200');
    expect(within(form).queryByDisplayValue('chk-1')).toBeNull();
    expect(within(form).queryByDisplayValue('grp-1')).toBeNull();
    expect(within(form).queryByDisplayValue('ph-1')).toBeNull();

    const date = within(form).getByRole('textbox', { name: 'Deposit date' });
    fireEvent.change(date, { target: { value: '07/12/2026' } });
    fireEvent.blur(date);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save and send again' })));
    await waitFor(async () =>
      expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', payload: { DepositDate: '2026-12-07', Amount: 1200, CheckGuid: 'chk-1' } }),
    );
  });

  it('shows a conflict in words: translated field names, choice labels and dates as dd/mm/yyyy', async () => {
    await db.outbox.add(
      refusedEntry({
        op: 'update',
        recordId: 'call-1',
        payload: { lastVisitAt: '2026-11-28T07:30:00.000Z', priority: 'urgent' },
        lastError: { kind: 'conflict', status: 409, messageKey: 'errors:conflict', message: 'Conflict' },
        conflict: {
          fields: [
            { field: 'lastVisitAt', base: null, mine: '2026-11-28T07:30:00.000Z', theirs: '2026-11-29T12:00:00.000Z' },
            { field: 'priority', base: 'normal', mine: 'urgent', theirs: 'low' },
          ],
          current: { id: 'call-1', version: 3 },
          merged: {},
        },
      }),
    );
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Resolve the conflict' });
    expect(within(form).getByRole('group', { name: 'Last visit' })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: `Keep mine: ${formatDisplayDateTime('2026-11-28T07:30:00.000Z')}` })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: `Take the server's: ${formatDisplayDateTime('2026-11-29T12:00:00.000Z')}` })).toBeTruthy();
    expect(formatDisplayDateTime('2026-11-29T12:00:00.000Z')).toMatch(/^29\/11\/2026 \d\d:\d\d$/);
    expect(within(form).getByRole('radio', { name: 'Keep mine: Urgent' })).toBeTruthy();
    expect(form.textContent).not.toMatch(/T\d\d:\d\d|lastVisitAt|urgent/);
  });

  it('counts photos apart from changes', async () => {
    const photo = (hash: string) => ({ blob: new Blob([hash], { type: 'image/jpeg' }), width: 1, height: 1, hash });
    await createServiceCall(newCall, [photo('a'), photo('b')]);
    renderScreen();
    expect(await screen.findByText(/Waiting to be sent: 1 change and 2 photos/)).toBeTruthy();
    expect(await screen.findAllByRole('listitem', { name: 'Photo' })).toHaveLength(2);
  });

  it("shows a refused photo upload with the limit the server named, in the reason's words", async () => {
    await createServiceCall(newCall, [{ blob: new Blob(['x'], { type: 'image/jpeg' }), width: 1, height: 1, hash: 'h' }]);
    await db.outbox
      .filter((e) => e.kind === 'photo')
      .modify((e) => {
        e.state = 'attention';
        e.lastError = {
          kind: 'rejected',
          status: 200,
          code: '1',
          messageKey: 'errors:fileTooLarge',
          message: 'File size must be under 4 MB',
          field: 'base64String',
          params: { size: '4 MB' },
        };
      });
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'Photo' });
    expect(within(card).getByRole('note').textContent).toBe('File size must be under 4 MB (Photo)');
  });

  it('discards a change after confirmation', async () => {
    await createServiceCall(newCall);
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'New service call' });
    fireEvent.click(within(card).getByRole('button', { name: 'Discard' }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Yes, discard my change' })));
    await waitFor(async () => expect(await db.serviceCalls.count()).toBe(0));
    expect(await screen.findByRole('link', { name: /All changes sent/ })).toBeTruthy();
  });
});

describe('RecordSyncBadge', () => {
  it('names each state', () => {
    render(
      <>
        <RecordSyncBadge state="local" />
        <RecordSyncBadge state="sent" />
        <RecordSyncBadge state="synced" />
        <RecordSyncBadge state="attention" compact />
      </>,
    );
    expect(screen.getAllByRole('status').map((s) => s.getAttribute('aria-label'))).toEqual(['Saved on device', 'Sent', 'Applied', 'Needs attention']);
  });
});
