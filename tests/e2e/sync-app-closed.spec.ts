// The day's work leaves the phone with the app closed: changes made offline, every page of the app
// closed, the API unreachable when Background Sync fires. The worker's pass must reject its sync event
// (Chromium keeps the registration and retries with its backoff), and the retry, once the API answers,
// must deliver each change exactly once. Chromium's own retry comes minutes later (its first retry
// delay is 5 min), so a second DevTools dispatch stands in for it: like the browser's sync event, it
// says the connection is back, so the entries that failed for want of a network go at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import {
  devToolsOutsideTheApp,
  dispatchSync,
  nextSyncOutcome,
  recordSyncOutcomes,
  registrationIdOf,
  serviceWorkerOf,
  syncOutcomes,
} from './fixtures/backgroundSync';
import { breakableNetwork, faults, signInForSync } from './fixtures/chaos';
import type { Network } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { waitFor } from './fixtures/waitFor';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { SyncScreenPage } from './pages/SyncScreenPage';

const SYNC_TAG = 'binyan-outbox';

describe('Background Sync with no page of the app open', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    net = await breakableNetwork(app.context);
    await signInForSync(app.page, app.server);
  });

  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('fails the sync event while the API is down, and its retry delivers every change once', async () => {
    const { page, context, baseUrl } = app;
    const add = new AddServiceCallPage(page, baseUrl);
    const call = new ServiceCallPage(page, baseUrl);
    const sync = new SyncScreenPage(page, baseUrl);

    await net.setOffline(true);
    await add.open(102);
    await add.fill({ domain: 'plumbing', description: 'נזילה בצנרת בחדר המדרגות קומה 2' });
    const id = await add.submit();
    await call.addUpdate('האינסטלטור יגיע מחר בבוקר');
    await sync.waitForPending(2);

    // The worker is left alone: the app's only page closes (DevTools stays, on a blank page).
    const worker = serviceWorkerOf(context, baseUrl);
    await recordSyncOutcomes(worker);
    const cdp = await devToolsOutsideTheApp(context);
    const registrationId = await registrationIdOf(cdp, baseUrl);
    await page.close();

    // Signal returns, but the API cannot be reached: the pass fails and rejects its sync event.
    const from = net.sent.length;
    net.always(faults.networkDown);
    await net.setOffline(false);
    const before = (await syncOutcomes(worker)).length;
    await dispatchSync(cdp, baseUrl, registrationId, SYNC_TAG);
    const failed = await nextSyncOutcome(worker, before);
    expect(failed).toMatchObject({ tag: SYNC_TAG, outcome: 'rejected' });
    expect(failed.message).toMatch(/changes still waiting/);
    // (Chromium may also have fired the page's own registration by itself: every pass so far failed.)
    expect((await syncOutcomes(worker)).every((o) => o.outcome === 'rejected')).toBe(true);
    const tried = net.sent.slice(from);
    expect(new Set(tried.map((s) => s.key)).size).toBe(2);
    expect(tried.every((s) => s.fromServiceWorker && s.faulted)).toBe(true);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(0);

    // The API answers again; the retry delivers both changes, once each, and its event resolves.
    net.always(null);
    await waitFor('no pass under way', async () =>
      (await worker.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0)) === 0 ? true : undefined,
    );
    const settled = (await syncOutcomes(worker)).length;
    await dispatchSync(cdp, baseUrl, registrationId, SYNC_TAG);
    expect(await nextSyncOutcome(worker, settled)).toMatchObject({ tag: SYNC_TAG, outcome: 'resolved' });
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', id)).toBe(1);
    const writes = net.sent.slice(from);
    const keys = [...new Set(writes.map((w) => w.key ?? ''))];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(writes.filter((w) => w.key === key && !w.faulted)).toHaveLength(1);
    expect(state.count('SELECT COUNT(*) FROM idempotency_keys WHERE key IN (?, ?)', ...keys)).toBe(2);
  });
});
