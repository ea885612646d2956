import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalDateString } from '../lib/dates';
import { checkVersion, scheduleVersionChecks, VERSION_CHECK_INTERVAL_MS } from './versionCheck';
import type { VersionCheckDeps } from './versionCheck';

function deps(required: boolean | Error, today = '2024-05-15') {
  const meta = new Map<string, unknown>();
  const d = {
    meta,
    today: () => today,
    readMeta: async (k: string) => meta.get(k),
    writeMeta: async (k: string, v: unknown) => {
      meta.set(k, v);
    },
    updateRequired: vi.fn(async () => {
      if (required instanceof Error) throw required;
      return required;
    }),
    reload: vi.fn(),
  } satisfies VersionCheckDeps & { meta: Map<string, unknown> };
  return d;
}

describe('daily version check', () => {
  it('asks the server once per day', async () => {
    const d = deps(false);
    expect(await checkVersion(d)).toBe('ok');
    expect(await checkVersion(d)).toBe('skipped');
    expect(d.updateRequired).toHaveBeenCalledTimes(1);
  });

  it('reloads once when a newer minimum is required', async () => {
    const d = deps(true);
    expect(await checkVersion(d)).toBe('reloading');
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the unsupported-version notice when still too old after the reload', async () => {
    const d = deps(true);
    await checkVersion(d);
    expect(await checkVersion(d)).toBe('unsupported');
    expect(d.reload).toHaveBeenCalledTimes(1);
    // Later the same day the notice stays without asking again.
    expect(await checkVersion(d)).toBe('unsupported');
    expect(d.updateRequired).toHaveBeenCalledTimes(2);
  });

  it('does not count a failed check (offline) as done', async () => {
    const d = deps(new Error('offline'));
    expect(await checkVersion(d)).toBe('skipped');
    expect(d.meta.get('versionCheck.checkedOn')).toBeUndefined();
  });

  it('drops the notice when the minimum is lowered again', async () => {
    const d = deps(true);
    await checkVersion(d);
    await checkVersion(d);
    d.updateRequired.mockResolvedValue(false);
    const tomorrow = { ...d, today: () => '2024-05-16' };
    expect(await checkVersion(tomorrow)).toBe('ok');
  });
});

describe('an app left open for days', () => {
  afterEach(() => vi.useRealTimers());

  /** A page whose visibility the test sets, like a phone putting the app in the background. */
  function page() {
    const target = new EventTarget();
    const doc = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    };
    return { doc, show: (state: DocumentVisibilityState) => ((doc.visibilityState = state), target.dispatchEvent(new Event('visibilitychange'))) };
  }

  it('still asks the server once a day, and reloads into the new version the day one is required', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 8, 0) });
    const d = { ...deps(false), today: () => toLocalDateString(new Date()) };
    const statuses: string[] = [];
    const stop = scheduleVersionChecks(() => checkVersion(d), { onStatus: (s) => statuses.push(s), visibility: page().doc });
    await vi.advanceTimersByTimeAsync(0);
    expect(d.updateRequired).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(15 * VERSION_CHECK_INTERVAL_MS);
    expect(d.updateRequired).toHaveBeenCalledTimes(1);
    // Past midnight: the second day's check runs without a reload or a tap.
    await vi.advanceTimersByTimeAsync(2 * VERSION_CHECK_INTERVAL_MS);
    expect(d.updateRequired).toHaveBeenCalledTimes(2);

    d.updateRequired.mockResolvedValue(true);
    await vi.advanceTimersByTimeAsync(24 * VERSION_CHECK_INTERVAL_MS);
    // (The reload is a stub here: the page stays, so the next hour finds it still too old.)
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['ok', 'ok', 'reloading', 'unsupported']);
    const asked = d.updateRequired.mock.calls.length;
    stop();
    await vi.advanceTimersByTimeAsync(3 * 24 * VERSION_CHECK_INTERVAL_MS);
    expect(d.updateRequired).toHaveBeenCalledTimes(asked);
  });

  it('checks when the app comes back into view, the timers of a hidden page having slept', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 8, 0) });
    const d = { ...deps(false), today: () => toLocalDateString(new Date()) };
    const { doc, show } = page();
    const stop = scheduleVersionChecks(() => checkVersion(d), { onStatus: () => undefined, visibility: doc, intervalMs: 1e12 });
    await vi.advanceTimersByTimeAsync(0);
    show('hidden');
    vi.setSystemTime(new Date(2026, 11, 1, 7, 30));
    show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(d.updateRequired).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the last known status when a later check gets no answer', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 8, 0) });
    const statuses: string[] = [];
    const check = vi
      .fn(async () => 'unsupported' as const)
      .mockResolvedValueOnce('unsupported')
      .mockResolvedValue('skipped' as never);
    const stop = scheduleVersionChecks(check, { onStatus: (s) => statuses.push(s), visibility: null });
    await vi.advanceTimersByTimeAsync(2 * VERSION_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(3);
    expect(statuses).toEqual(['unsupported']);
    stop();
  });
});
