// A building's long list of keys shows one page and grows a page at a time; a search starts over at one page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { applyServerRecords } from '../../sync/write/rows';
import { offlineDeviceWith, renderSignedIn } from '../../session/testing/renderSignedIn';
import { LIST_PAGE_SIZE } from '../../ui/listPaging';
import { KeysScreen } from './ItemsScreen';

const KEYS = 2 * LIST_PAGE_SIZE + 20;

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await offlineDeviceWith();
  const keys = Array.from({ length: KEYS }, (_, i) => ({
    id: `key-${i}`,
    buildingId: 101,
    apartmentId: null,
    contactId: null,
    tagNumber: `K-${String(i).padStart(3, '0')}`,
    description: i % 2 === 0 ? 'Storage room' : 'Roof door',
    status: 'pending',
    registeredAt: new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString(),
    registeredBy: 'Avi',
    deliveredTo: null,
    deliveredBy: null,
    deliveredAt: null,
    version: 1,
    updatedAt: '',
  }));
  await applyServerRecords('keys', keys);
});

function renderKeys() {
  const router = createMemoryRouter([{ path: '/keys', element: <KeysScreen /> }], { initialEntries: ['/keys'] });
  renderSignedIn(<RouterProvider router={router} />, { bID: 101 });
}

const shownKeys = () => screen.getAllByRole('listitem').length;

describe('the keys list of a building with many keys', () => {
  it('shows one page, adds a page at a time until every key is listed, and starts over at one page for a search', async () => {
    renderKeys();
    expect(await screen.findByText(`Showing ${LIST_PAGE_SIZE} of ${KEYS} results`)).toBeTruthy();
    expect(shownKeys()).toBe(LIST_PAGE_SIZE);

    fireEvent.click(screen.getByRole('button', { name: `Show ${LIST_PAGE_SIZE} more` }));
    expect(await screen.findByText(`Showing ${2 * LIST_PAGE_SIZE} of ${KEYS} results`)).toBeTruthy();
    expect(shownKeys()).toBe(2 * LIST_PAGE_SIZE);

    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    await waitFor(() => expect(shownKeys()).toBe(KEYS));
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    expect(screen.queryByText(/^Showing \d+ of/)).toBeNull();

    // Half of the keys are storage rooms: the search lists its first page of them.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by number, name or apartment' }), { target: { value: 'storage' } });
    expect(await screen.findByText(`Showing ${LIST_PAGE_SIZE} of ${KEYS / 2} results`)).toBeTruthy();
    expect(shownKeys()).toBe(LIST_PAGE_SIZE);
    for (const item of screen.getAllByRole('listitem')) expect(within(item).getByText('Storage room')).toBeTruthy();
  });
});
