// The wait for a payment's check photos before its deposit follows their progress, not a fixed time.
import { describe, expect, it } from 'vitest';
import type { GroupUploads } from './depositRepo';
import { UPLOAD_STALL_MS, waitForUploads } from './uploadWait';
import type { UploadWaitDeps } from './uploadWait';

const uploads = (photosSent: number, extra: Partial<GroupUploads> = {}): GroupUploads => ({
  photosTotal: 3,
  photosSent,
  waiting: 3 - photosSent + 1,
  sending: false,
  refusedKey: null,
  ...extra,
});

/** A virtual clock; `script(t)` says what the device holds at time t (ms since the wait began). */
function rig(script: (t: number) => GroupUploads, online: (t: number) => boolean = () => true) {
  let t = 0;
  let nudges = 0;
  const deps: UploadWaitDeps = {
    uploads: async () => script(t),
    online: () => online(t),
    now: () => t,
    sleep: async (ms) => void (t += ms),
    sendNow: () => void (nudges += 1),
  };
  return { deps, elapsed: () => t, nudges: () => nudges };
}

const done: GroupUploads = { photosTotal: 3, photosSent: 3, waiting: 0, sending: false, refusedKey: null };

describe('waiting for a payment’s uploads before its deposit', () => {
  it('waits as long as photos keep arriving, well past a minute on a slow link', async () => {
    // One photo every 40 s: three minutes in all, each step within the stall time.
    const r = rig((t) => (t >= 160_000 ? done : uploads(Math.min(3, Math.floor(t / 40_000)))));
    await waitForUploads(r.deps);
    expect(r.elapsed()).toBeGreaterThanOrEqual(160_000);
    expect(r.nudges()).toBe(1);
  });

  it('stops with "stalled" and how far the photos got once nothing arrives for a while', async () => {
    const r = rig((t) => uploads(t >= 10_000 ? 1 : 0));
    await expect(waitForUploads(r.deps)).rejects.toMatchObject({ reason: 'stalled', uploads: { photosSent: 1, photosTotal: 3 } });
    expect(r.elapsed()).toBeGreaterThanOrEqual(10_000 + UPLOAD_STALL_MS);
    expect(r.elapsed()).toBeLessThan(10_000 + UPLOAD_STALL_MS + 1_000);
  });

  it('lets a transfer on the wire at the stall time finish, and goes on when it arrives', async () => {
    const r = rig((t) => (t >= 70_000 ? done : uploads(0, { sending: t >= 30_000 })));
    await waitForUploads(r.deps);
    expect(r.elapsed()).toBeGreaterThanOrEqual(70_000);
  });

  it('stops at once with "offline" when the phone loses its connection', async () => {
    const r = rig(
      () => uploads(2),
      (t) => t < 5_000,
    );
    await expect(waitForUploads(r.deps)).rejects.toMatchObject({ reason: 'offline', uploads: { photosSent: 2 } });
    expect(r.elapsed()).toBeLessThan(6_000);
  });

  it('stops with the server’s reason when a change of the payment was refused', async () => {
    const r = rig(() => uploads(1, { refusedKey: 'errors:fileTooLarge' }));
    await expect(waitForUploads(r.deps)).rejects.toMatchObject({ reason: 'refused', uploads: { refusedKey: 'errors:fileTooLarge' } });
  });

  it('resolves at once when everything is on the server', async () => {
    const r = rig(() => done);
    await waitForUploads(r.deps);
    expect(r.elapsed()).toBe(0);
  });
});
