// Chaos around a release: a new service worker arrives while changes wait in the outbox and a replay
// is on the wire. It must not take over under the replay, the outbox must survive the switch, and
// the new worker must then replay it so the SERVER holds each change exactly once.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { distDir, releaseNewWorker } from './fixtures/appServer';
import { waitForPage } from './fixtures/browser';
import { waitFor } from './fixtures/waitFor';
import { breakableNetwork, faults, serviceWorkerControls, signInForSync } from './fixtures/chaos';
import type { Network } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { SyncScreenPage } from './pages/SyncScreenPage';

describe('sync chaos: a service-worker update with a non-empty outbox', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = path.join(mkdtempSync(path.join(tmpdir(), 'binyan-dist-')), 'dist');
    cpSync(distDir, staticDir, { recursive: true });
    app = await startApp({ staticDir });
    state = openServerState(app.server);
    net = await breakableNetwork(app.context);
    await signInForSync(app.page, app.server);
  });

  afterAll(async () => {
    state?.close();
    await app?.stop();
    if (staticDir) rmSync(path.dirname(staticDir), { recursive: true, force: true });
  });

  it('waits for the replay to finish, keeps the outbox across the switch, and the new worker applies it once', async () => {
    const { page } = app;
    const add = new AddServiceCallPage(page, app.baseUrl);
    const call = new ServiceCallPage(page, app.baseUrl);
    const sync = new SyncScreenPage(page, app.baseUrl);

    await net.setOffline(true);
    await add.open(102);
    await add.fill({ domain: 'cleaning', description: 'שטיפת חניון לפני ביקור ועד הבית' });
    const id = await add.submit();
    await call.addUpdate('הוזמנה חברת ניקיון ליום חמישי');
    await sync.waitForPending(2);

    // Back online, but the API does not answer: the changes keep waiting.
    const from = net.sent.length;
    net.always(faults.networkDown);
    await net.setOffline(false);

    // A new release is deployed and found; it installs and waits.
    await releaseNewWorker(staticDir);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await waitForPage(
      page,
      'the new version installed and waiting',
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed',
    );

    // "Send now": the replay starts and holds the lock while its first write is on the wire.
    await sync.open();
    // This document is marked: the switch to the new version must bring a new one (a reload).
    await page.evaluate(() => Object.assign(window, { beforeTheSwitch: true }));
    // (A backoff retry may have started one already: then that one is held and the button waits.)
    const held = net.hold();
    void sync
      .button(sync.t('screen.syncNow'))
      .click()
      .catch(() => undefined);
    let arrived = false;
    void held.arrived.then(() => (arrived = true));
    await waitFor("the replay's first write held on the wire", () => (arrived ? true : undefined));
    // Asked to take over now, the new version queues for the replay lock instead of cutting the replay.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
    await waitForPage(
      page,
      'the new version queued for the replay lock',
      async () => (await navigator.locks.query()).pending?.some((l) => l.name === 'binyan-replay') === true,
    );
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(0);

    // The write fails (no answer): the replay ends with both changes still waiting, and the new version activates.
    // The page reloads under the new version (registerServiceWorker's "controlling"): a state, not an event
    // (a load event may come before a listener does, when the replay ends by the request's own timeout).
    held.release(faults.networkDown);
    await waitForPage(page, 'a new document under the new version in control', async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (
        !('beforeTheSwitch' in window) &&
        registration?.waiting === null &&
        registration.active?.state === 'activated' &&
        navigator.serviceWorker.controller === registration.active
      );
    });
    await sync.waitForRoute('sync');
    expect(await serviceWorkerControls(page)).toBe(true);
    await sync.waitForPending(2);
    await sync.waitVisible(sync.entry('create', 'serviceCalls'));
    await sync.waitVisible(sync.entry('create', 'serviceCallUpdates'));

    // The API answers again, and the user sends now: the new worker replays what the old one left.
    // (Left to the timer, the next pass comes at the entries' backoff: each pass of the switch counted
    // an attempt, so that is a random time of up to a minute or two, not a state to wait for.)
    net.always(null);
    await sync.button(sync.t('screen.syncNow')).click();
    await sync.waitForPending(0, 30_000);
    const writes = net.sent.slice(from);
    const keys = [...new Set(writes.map((w) => w.key ?? ''))];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(writes.filter((w) => w.key === key && !w.faulted)).toHaveLength(1);
    expect(writes.filter((w) => !w.faulted).every((w) => w.fromServiceWorker)).toBe(true);
    expect(state.count(`SELECT COUNT(*) FROM idempotency_keys WHERE key IN (?, ?)`, ...keys)).toBe(2);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', id)).toBe(1);
  });
});
