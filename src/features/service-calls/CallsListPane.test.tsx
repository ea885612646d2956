// The open calls of a busy company: the list shows one page and grows a page at a time; a search, a tab
// or another building starts over at one page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceCall } from '../../lib/domain/entities';
import { initI18n } from '../../i18n/i18n';
import { applyServerRecords } from '../../sync/write/rows';
import { offlineDeviceWith, renderSignedIn } from '../../session/testing/renderSignedIn';
import { LIST_PAGE_SIZE } from '../../ui/listPaging';
import { CallsListPane } from './CallsListPane';
import { findCallsPage } from './serviceCallsQueries';

const CALLS = 4 * LIST_PAGE_SIZE + 30;
const problems = ['Leak', 'Elevator', 'Intercom'];

/** Open calls opened a minute apart, one of three problems in turn, in two buildings. */
function callNumbered(i: number): ServiceCall {
  const openedAt = new Date(Date.UTC(2026, 0, 1, 8, i)).toISOString();
  const problem = problems[i % problems.length] ?? 'Leak';
  return {
    id: `call-${String(i).padStart(4, '0')}`,
    buildingId: i % 2 === 0 ? 101 : 102,
    callNumber: 5000 + i,
    callType: 'fault',
    domain: 'general',
    reporterContactId: null,
    reporterName: 'Dana',
    status: 'open',
    priority: 'normal',
    subject: `${problem} in the lobby`,
    description: `${problem} in the lobby, reported by a tenant.`,
    openedAt,
    lastVisitAt: null,
    lastUpdateAt: openedAt,
    closedAt: null,
    copyToMaintenanceManager: false,
    createdBy: 'test',
    version: 1,
    updatedAt: openedAt,
  };
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await offlineDeviceWith([101, 102].map((id) => ({ id, name: `Building ${id}`, city: 'Tel Aviv', number: id, version: 1 })));
  await applyServerRecords('serviceCalls', Array.from({ length: CALLS }, (_, i) => callNumbered(i)) as unknown as Record<string, unknown>[]);
});

function renderCalls() {
  const router = createMemoryRouter([{ path: '/service-calls/:bid', element: <CallsListPane buildingId={null} selectedId={null} /> }], {
    initialEntries: ['/service-calls/all'],
  });
  renderSignedIn(<RouterProvider router={router} />, { serviceCallsOrder: 'openedAt' });
}

const shownCalls = () => screen.getAllByRole('link').length;
const hrefs = () => screen.getAllByRole('link').map((link) => link.getAttribute('href'));
const pathsOf = (rows: readonly { id: string }[]) => rows.map((row) => `/service-call/${row.id}`);

describe('the service calls list of a busy company', () => {
  it('shows the first page in the chosen order, adds a page at a time, and starts over at one page for a search', async () => {
    const open = await findCallsPage({ buildingId: null, tab: 'open', search: '', order: 'openedAt' }, 0, Number.POSITIVE_INFINITY);
    expect(open.total).toBeGreaterThan(2 * LIST_PAGE_SIZE);
    renderCalls();
    expect(await screen.findByText(`Showing ${LIST_PAGE_SIZE} of ${open.total} results`)).toBeTruthy();
    expect(shownCalls()).toBe(LIST_PAGE_SIZE);

    fireEvent.click(screen.getByRole('button', { name: `Show ${LIST_PAGE_SIZE} more` }));
    expect(await screen.findByText(`Showing ${2 * LIST_PAGE_SIZE} of ${open.total} results`)).toBeTruthy();
    expect(shownCalls()).toBe(2 * LIST_PAGE_SIZE);
    expect(hrefs()).toEqual(pathsOf(open.rows.slice(0, 2 * LIST_PAGE_SIZE)));

    const word = 'elevator';
    const matching = await findCallsPage({ buildingId: null, tab: 'open', search: word, order: 'openedAt' }, 0, LIST_PAGE_SIZE);
    expect(matching.total).toBeGreaterThan(LIST_PAGE_SIZE);
    expect(matching.total).toBeLessThan(Number(open.total));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: word } });
    await waitFor(() => expect(hrefs()).toEqual(pathsOf(matching.rows)));
    expect(screen.getByText(`Showing ${LIST_PAGE_SIZE} of ${matching.total} results`)).toBeTruthy();
  });
});
