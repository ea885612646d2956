import { describe, expect, it, vi } from 'vitest';
import { checkVersion } from './versionCheck';
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
