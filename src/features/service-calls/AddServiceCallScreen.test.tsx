import Dexie from 'dexie';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { emptySession } from '../../db/sessionVault';
import { initI18n } from '../../i18n/i18n';
import { applyServerRecords } from '../../sync/write/rows';
import { SessionContext } from '../../session/sessionContext';
import { offlineDeviceWith } from '../../session/testing/renderSignedIn';
import { ErrorToastHost } from '../../ui/ErrorToast';
import { AddServiceCallScreen } from './AddServiceCallScreen';
import { createServiceCall } from './serviceCallsRepo';
import { updatesOf } from './serviceCallsQueries';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
afterEach(() => vi.restoreAllMocks());
beforeEach(async () => {
  await offlineDeviceWith();
  await applyServerRecords('contacts', [
    { id: 'c1', buildingId: 101, firstName: 'Dana', lastName: 'Levi', fullName: 'Dana Levi', phone: '0501234567', version: 1 },
  ]);
});

function renderForm() {
  const session = { ...emptySession, bID: 101 };
  const router = createMemoryRouter(
    [
      { path: '/add-service-calls/:bid?', element: <AddServiceCallScreen /> },
      { path: '/service-call/:pid', element: <p>call page</p> },
    ],
    { initialEntries: ['/add-service-calls/101'] },
  );
  render(
    <SessionContext.Provider value={{ ready: true, session, loggedIn: true, versionStatus: 'ok', update: async () => undefined }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

describe('AddServiceCallScreen', () => {
  it('shows the building of a new address while it stays open', async () => {
    const router = renderForm();
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: /Building/ });
    await waitFor(() => expect(picker.value).toBe('101'));
    await router.navigate('/add-service-calls/102');
    await waitFor(() => expect(picker.value).toBe('102'));
  });

  it('refuses a description shorter than 10 characters with the shared message', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'plumbing' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Leak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open call' }));
    expect(await screen.findByText('Description must be at least 10 characters')).toBeTruthy();
    expect(await db.serviceCalls.count()).toBe(0);
  });

  it('offers to join an open call of the same building and domain, adding the description as an update', async () => {
    const existing = await createServiceCall({ buildingId: 101, domain: 'elevator', description: 'Elevator stuck on floor 3' });
    const router = renderForm();
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'elevator' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Elevator makes a loud noise' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Join call Pending number' }));
    await waitFor(async () => expect((await updatesOf(existing)).map((u) => u.text)).toEqual(['Elevator makes a loud noise']));
    expect(await db.serviceCalls.count()).toBe(1);
    expect(await screen.findByText('Your description was added to the existing call')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/add-service-calls/101');
  });

  it('picks a contact as reporter, and refuses a new reporter already registered to the building', async () => {
    renderForm();
    await screen.findByRole('option', { name: 'Dana Levi · 0501234567' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a new reporter' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Levi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reporter' }));
    expect(await screen.findByText('This contact is already registered to the building')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Moshe' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Cohen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add reporter' }));
    await waitFor(() => expect((screen.getByLabelText('Reporter') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Moshe Cohen'));
  });

  it('keeps what was typed and says the storage is full when the phone has no room, saving nothing', async () => {
    vi.spyOn(db.outbox, 'add').mockImplementation(() => Dexie.Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')));
    const router = renderForm();
    render(<ErrorToastHost />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'plumbing' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Water on the floor of the lobby' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open call' }));
    expect(await screen.findByText(/The phone's storage is full, so this was not saved/)).toBeTruthy();
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Water on the floor of the lobby');
    expect(screen.getByLabelText('Domain')).toHaveProperty('value', 'plumbing');
    expect(router.state.location.pathname).toBe('/add-service-calls/101');
    expect(await db.serviceCalls.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the report was not submitted when saving the new call fails, keeping what was typed', async () => {
    vi.spyOn(db.outbox, 'add').mockImplementation(() => Dexie.Promise.reject(new Error('disk error')));
    renderForm();
    render(<ErrorToastHost />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'plumbing' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Water on the floor of the lobby' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open call' }));
    expect(await screen.findByText('Error submitting report')).toBeTruthy();
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Water on the floor of the lobby');
    expect(await db.serviceCalls.count()).toBe(0);
  });
});
