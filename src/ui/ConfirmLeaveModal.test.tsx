import { fireEvent, render, screen } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ConfirmLeaveModal } from './ConfirmLeaveModal';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

function setup(when: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <>
            <ConfirmLeaveModal when={when} />
            <Link to="/other">away</Link>
          </>
        ),
      },
      { path: '/other', element: <p>other page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ConfirmLeaveModal', () => {
  it('holds the navigation pending until the user confirms, then goes to the target', async () => {
    const router = setup(true);
    fireEvent.click(screen.getByText('away'));
    expect(await screen.findByText('Changes you have not saved will be lost.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });

  it('stays on the page when cancelled', async () => {
    const router = setup(true);
    fireEvent.click(screen.getByText('away'));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.queryByText('Changes you have not saved will be lost.')).toBeNull();
  });

  it('does not interfere when there is nothing to lose', async () => {
    const router = setup(false);
    fireEvent.click(screen.getByText('away'));
    expect(await screen.findByText('other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
  });
});
