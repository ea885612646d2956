import { act, fireEvent, render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { i18n } from '../i18n/i18n';
import { CHUNK_LOAD_TIMEOUT_MS, lazyScreen, preloadable } from './lazyScreen';

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

describe('a preloaded screen (a start on its page)', () => {
  it('renders at once, with its texts, without showing the Suspense fallback', async () => {
    const component = preloadable(() => Promise.resolve({ default: Loaded }), { namespaces: ['buildings'] });
    await component.preload();
    expect(i18n.hasLoadedNamespace('buildings')).toBe(true);
    const Screen = component.lazy();
    // render() flushes synchronously: a screen that suspended would show the fallback here.
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Keys' })).toBeTruthy();
  });

  it('starts the reads of what it shows first with a preload, and leaves them to the screen otherwise', async () => {
    let reads = 0;
    const readEarly = () => {
      reads += 1;
    };
    const preloaded = preloadable(() => Promise.resolve({ default: Loaded }), { readEarly });
    await preloaded.preload();
    expect(reads).toBe(1);
    const Screen = lazyScreen(() => Promise.resolve({ default: Loaded }), { readEarly });
    show(Screen);
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy();
    expect(reads).toBe(1);
  });

  it('waits in the fallback when it was not preloaded, and loads its module once for every mount', async () => {
    let loads = 0;
    const component = preloadable(() => {
      loads += 1;
      return Promise.resolve({ default: Loaded });
    });
    const Screen = lazyScreen(() => Promise.resolve({ default: Loaded }));
    show(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Keys' })).toBeTruthy();
    await Promise.all([component.preload(), component.preload()]);
    render(<Suspense fallback={<p>second loading</p>}>{createElement(component.lazy())}</Suspense>);
    expect(screen.queryByText('second loading')).toBeNull();
    expect(loads).toBe(1);
  });
});
