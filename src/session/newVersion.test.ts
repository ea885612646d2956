// The daily forced reload (spec §4) runs the new version: the waiting worker is told to take over
// (after the page's replay) before the page reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './newVersion';
import { setSyncStatus } from './syncStore';

function fakeServiceWorker(waiting: { postMessage: (m: unknown) => void } | null) {
  const container = new EventTarget() as EventTarget & { controller: object | null; getRegistration(): Promise<unknown> };
  container.controller = {};
  const registration = { waiting, installing: null, update: vi.fn(async () => undefined) };
  container.getRegistration = async () => registration;
  return { container, registration };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSyncStatus({ replaying: false });
});

describe('reloading into the new version', () => {
  it('asks for an update, sends SKIP_WAITING after the replay, and reloads once the new worker controls the page', async () => {
    const events: string[] = [];
    const waiting = { postMessage: (m: unknown) => events.push(`post ${JSON.stringify(m)}`) };
    const { container, registration } = fakeServiceWorker(waiting);
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('window', { location: { reload: () => events.push('reload') } });
    setSyncStatus({ replaying: true });

    const done = reloadIntoNewVersion();
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual([]);
    setSyncStatus({ replaying: false });
    await vi.waitFor(() => expect(events).toEqual(['post {"type":"SKIP_WAITING"}']));
    container.dispatchEvent(new Event('controllerchange'));
    await done;
    expect(events).toEqual(['post {"type":"SKIP_WAITING"}', 'reload']);
  });

  it('just reloads when no new version waits', async () => {
    const { container } = fakeServiceWorker(null);
    const reload = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('window', { location: { reload } });
    await reloadIntoNewVersion();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
