import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { CHUNK_LOAD_TIMEOUT_MS, lazyScreen } from './lazyScreen';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
afterEach(() => {
  vi.useRealTimers();
});

const Loaded = () => <h1>Keys</h1>;

function show(Screen: ReturnType<typeof lazyScreen>) {
  render(
    <Suspense fallback={<p>loading</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('a lazy screen that cannot load (spec §9)', () => {
  it('gives up after 120 s with a clear message and a retry that loads it', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const Screen = lazyScreen(() => {
      attempts += 1;
      return attempts === 1 ? new Promise(() => undefined) : Promise.resolve({ default: Loaded });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    await act(async () => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be loaded');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('shows the same message at once when the chunk fails (offline, not cached)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    show(Screen);
    expect((await screen.findByRole('alert')).textContent).toContain('Check the connection and try again');
  });
});
