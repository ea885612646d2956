// Chaos around who replays: the app killed in the middle of a replay (the server committed a change
// whose answer never arrived) and restarted on the same profile; and two tabs, one of them running
// the engine itself (not controlled by the service worker), racing to replay the same outbox. The
// SERVER must hold each change exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from './fixtures/appServer';
import type { AppServer } from './fixtures/appServer';
import { launchBrowser } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import { breakableNetwork, changesIn, keysIn, serviceWorkerControls, signInForSync } from './fixtures/chaos';
import type { Fault, Network, Sent } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { SyncScreenPage } from './pages/SyncScreenPage';

/** The API client's default timeout (spec §9). */
const CLIENT_TIMEOUT_MS = 10_000;
const BUILDING = 102;

type Tab = { page: Page; add: AddServiceCallPage; call: ServiceCallPage; sync: SyncScreenPage };

function tabOf(page: Page, baseUrl: string): Tab {
  return { page, add: new AddServiceCallPage(page, baseUrl), call: new ServiceCallPage(page, baseUrl), sync: new SyncScreenPage(page, baseUrl) };
}

async function openCall(tab: Tab, description: string, domain = 'general'): Promise<string> {
  await tab.add.open(BUILDING);
  await tab.add.fill({ domain, description });
  return tab.add.submit();
}

const keysOf = (writes: readonly Sent[]) => [...new Set(writes.map((w) => w.key).filter((k): k is string => k !== null))];

describe('sync chaos: tabs and restarts', () => {
  let server: AppServer;
  let state: ServerState;
  let profileDir: string;
  let browser: AppBrowser | null = null;
  let net: Network;
  const hanging: Array<() => void> = [];

  const callCount = (id: string) => state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id);
  const updateCount = (id: string) => state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', id);
  const storedKeys = (keys: readonly string[]) => state.count(`SELECT COUNT(*) FROM idempotency_keys WHERE key IN (${keys.map(() => '?').join(',')})`, ...keys);
  /** A write that never gets an answer while this browser lives. */
  const hang: Fault = () => new Promise<void>((resolve) => hanging.push(resolve));

  beforeAll(async () => {
    server = await startAppServer();
    state = openServerState(server);
    profileDir = mkdtempSync(path.join(tmpdir(), 'binyan-chaos-profile-'));
    browser = await launchBrowser({ profileDir });
    net = await breakableNetwork(browser.context);
    await signInForSync(browser.page, server);
  });

  afterAll(async () => {
    for (const resolve of hanging.splice(0)) resolve();
    await browser?.close();
    state?.close();
    await server?.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('finishes a replay cut by closing the tab and the app, after the server committed an unanswered change', async () => {
    if (!browser) throw new Error('no browser');
    const tab = tabOf(browser.page, server.baseUrl);
    await net.setOffline(true);
    const first = await openCall(tab, 'מעלית שירות נתקעת בין קומות');
    await tab.call.addUpdate('נשלחה הודעה לחברת המעליות');
    const second = await openCall(tab, 'ריח גז ליד חדר ההסקה', 'fireSafety');
    await tab.sync.waitForPending(3);

    // The first write reaches the server and commits; its answer, and every other write, hang.
    let committed: () => void = () => undefined;
    const serverCommitted = new Promise<void>((resolve) => (committed = resolve));
    const held = net.hold();
    net.always(hang);
    await net.setOffline(false);
    const request = await held.arrived;
    held.release(async (route) => {
      await route.fetch();
      committed();
      await hang(route, request);
    });
    await serverCommitted;
    // The cut request: the first change alone, or (batches) every queued change; all of it committed.
    const cutKeys = keysIn(request);
    const cutKey = cutKeys[0] ?? '';
    expect(storedKeys(cutKeys)).toBe(cutKeys.length);
    const before = state.count('SELECT COUNT(*) FROM service_calls WHERE id IN (?, ?)', first, second);
    expect(before).toBe(changesIn(request).filter((c) => c.method === 'POST' && c.path.endsWith('/service-calls')).length);

    // The tab is closed mid-replay, then the app is gone (the service worker with it).
    await browser.page.close();
    await browser.close();
    for (const resolve of hanging.splice(0)) resolve();

    browser = await launchBrowser({ profileDir });
    net = await breakableNetwork(browser.context);
    const again = tabOf(browser.page, server.baseUrl);
    await again.call.open(first);
    await again.sync.waitForPending(0, 30_000);

    // The restarted app sent the cut change again under its key (its second attempt), and the server
    // answered with the stored receipt. (The service worker may replay before this test's network tap
    // is installed on the new browser, so the app's own black box is the witness.)
    await again.sync.open();
    const { log, outbox } = await again.sync.exportLog();
    expect(outbox).toEqual([]);
    const attempts = log.filter((l) => l.entryId === cutKey);
    const applied = attempts.at(-1);
    expect(applied).toMatchObject({ outcome: 'applied', status: 201 });
    expect(attempts.filter((l) => l.outcome === 'applied')).toHaveLength(1);
    // The cut attempt left no line (its answer never came), but it was counted: applied = last logged + 2.
    expect(applied?.attempt).toBe((attempts.at(-2)?.attempt ?? 0) + 2);
    expect(log.filter((l) => l.outcome === 'applied')).toHaveLength(3);
    expect(callCount(first)).toBe(1);
    expect(callCount(second)).toBe(1);
    expect(updateCount(first)).toBe(1);
    expect(state.row<{ version: number }>('SELECT version FROM service_calls WHERE id = ?', first)?.version).toBe(1);
    await again.call.open(first);
    await again.call.waitVisible(again.call.badge('synced'));
    await again.call.waitVisible(again.call.update('נשלחה הודעה לחברת המעליות'));
  });

  it('lets one replayer at a time work across two tabs (one running the engine itself): each change is sent once', async () => {
    if (!browser) throw new Error('no browser');
    const a = tabOf(browser.page, server.baseUrl);
    await a.sync.waitForApp();
    expect(await serviceWorkerControls(a.page)).toBe(true);
    // Tab B is a hard reload: not controlled by the service worker, so its page runs the replay engine.
    const b = tabOf(await browser.context.newPage(), server.baseUrl);
    await b.call.goto(`/service-calls/${BUILDING}`);
    await b.call.waitForRoute('serviceCalls');
    const cdp = await browser.context.newCDPSession(b.page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await b.call.waitForRoute('serviceCalls');
    expect(await serviceWorkerControls(b.page)).toBe(false);
    // In tab B only client-side navigation: a page load would put it under the service worker (and
    // without one, the form's code must be loaded before the connection goes).
    await b.add.link(b.add.t('list.add')).click();
    await b.add.waitVisible(b.add.heading(b.add.t('add.title'), 2));

    await net.setOffline(true);
    const fromA = await openCall(a, 'חלון שבור בחדר המדרגות קומה 5');
    await b.add.fill({ domain: 'electricity', description: 'נורה מהבהבת בחניון מינוס 2' });
    const fromB = await b.add.submit();
    await b.call.addUpdate('הוחלפה נורה זמנית');
    await a.sync.waitForPending(3);
    await b.sync.waitForPending(3);

    const from = net.sent.length;
    const held = net.hold();
    await net.setOffline(false);
    const request = await held.arrived;
    const heldSince = Date.now();
    // While one replayer holds the lock (its write is on the wire), the other context is asked to
    // replay too: a new change in the tab whose replayer is not the one sending.
    const other = request.serviceWorker() ? b : a;
    expect(await other.page.evaluate(async () => (await navigator.locks.query()).held?.some((l) => l.name === 'binyan-replay'))).toBe(true);
    await other.call.addUpdate('עדכון בזמן שליחה מהלשונית השנייה');
    held.release();
    const heldMs = Date.now() - heldSince;

    await a.sync.waitForPending(0, 30_000);
    await b.sync.waitForPending(0, 30_000);
    const writes = net.sent.slice(from);
    const keys = keysOf(writes);
    expect(keys).toHaveLength(4);
    // No fault was injected: a second replayer working the same outbox would send some key twice. The
    // one exception is legitimate: a held write outliving the client's 10 s timeout (a slow machine)
    // is retried under its own key by the same replayer. The clock here starts only when the write
    // reached the test, after the client's did, so the client giving up (its send failed) counts too.
    const heldKey = keysIn(request)[0] ?? '';
    const heldSendFailed = net.sendsOf(heldKey)[0]?.failed === true;
    const timedOut = (k: string) => k === heldKey && (heldMs >= CLIENT_TIMEOUT_MS || heldSendFailed);
    expect(net.resentKeys().filter((k) => keys.includes(k) && !timedOut(k))).toEqual([]);
    expect(storedKeys(keys)).toBe(4);
    expect(callCount(fromA)).toBe(1);
    expect(callCount(fromB)).toBe(1);
    expect(updateCount(fromB) + updateCount(fromA)).toBe(2);
    expect(await serviceWorkerControls(b.page)).toBe(false);
  });
});
