// Chaos on the wire between the service worker's replay and the real server: answers lost after the
// server committed, a session that dies in the middle of a replay, bursts of 5xx/429, and a captive
// portal's HTML 200. Changes are made offline through the real screens; every test then proves on the
// SERVER (its SQLite file and its API under a separate login) that each change landed exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './fixtures/app';
import { faults, keysIn, requestsOf } from './fixtures/chaos';
import { startChaosApp } from './fixtures/chaosApp';
import type { ChaosApp } from './fixtures/chaosApp';
import type { Network, Sent } from './fixtures/chaos';
import type { ServerState } from './fixtures/serverState';
import type { AddServiceCallPage } from './pages/AddServiceCallPage';
import type { ServiceCallPage } from './pages/ServiceCallPage';
import type { SyncScreenPage } from './pages/SyncScreenPage';

const BUILDING = 102;

type CallRow = { version: number; status: string; description: string };
type ApiCall = { record: { id: string; status: string; version: number }; updates: Array<{ text: string }> };

describe('sync chaos: faults on the wire', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let add: AddServiceCallPage;
  let call: ServiceCallPage;
  let sync: SyncScreenPage;

  const callRow = (id: string) => state.row<CallRow>('SELECT version, status, description FROM service_calls WHERE id = ?', id);
  const callCount = (id: string) => state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id);
  const updateCount = (id: string) => state.count('SELECT COUNT(*) FROM service_call_updates WHERE serviceCallId = ?', id);
  const storedKeys = (keys: readonly string[]) =>
    keys.length === 0 ? 0 : state.count(`SELECT COUNT(*) FROM idempotency_keys WHERE key IN (${keys.map(() => '?').join(',')})`, ...keys);
  const keysOf = (writes: readonly Sent[]) => [...new Set(writes.map((w) => w.key).filter((k): k is string => k !== null))];

  async function openCall(description: string, domain = 'general'): Promise<string> {
    await add.open(BUILDING);
    await add.fill({ domain, description });
    return add.submit();
  }

  let chaos: ChaosApp | undefined;

  beforeAll(async () => {
    chaos = await startChaosApp();
    ({ app, state, net, add, call, sync } = chaos);
  });

  afterAll(async () => {
    await chaos?.stop();
  });

  it('suppresses the resend of every change whose answer was lost after the server committed it', async () => {
    await net.setOffline(true);
    const id = await openCall('דלת הכניסה לא ננעלת אחרי השבר');
    await call.addUpdate('המנעולן יגיע מחר בבוקר');
    await call.changeStatus('inTreatment');
    await sync.waitForPending(3);

    const from = net.sent.length;
    net.always(faults.firstAttempt(faults.loseResponse));
    await net.setOffline(false);
    await sync.waitForPending(0, 30_000);
    net.always(null);

    const writes = net.sent.slice(from);
    const keys = keysOf(writes);
    expect(keys).toHaveLength(3);
    // The changes travel in batches (POST /api/binyan/sync/batch), the lost one resent with the same keys.
    expect(writes.every((w) => w.batch)).toBe(true);
    // Each change reached the server twice (the first answer was lost), and counted once.
    for (const key of keys) expect(writes.filter((w) => w.key === key).length).toBeGreaterThanOrEqual(2);
    expect(storedKeys(keys)).toBe(3);
    expect(callCount(id)).toBe(1);
    expect(updateCount(id)).toBe(1);
    // create = version 1, the status change = 2: a second PATCH would have made it 3 (or a 409).
    expect(callRow(id)).toMatchObject({ version: 2, status: 'inTreatment' });
    const api = await state.get<ApiCall>(`/api/binyan/service-calls/${id}`);
    expect(api.updates.map((u) => u.text)).toEqual(['המנעולן יגיע מחר בבוקר']);
    await call.waitVisible(call.badge('synced'));
  });

  it('re-logs in silently when the session dies in the middle of a replay, and drops nothing', async () => {
    await net.setOffline(true);
    const first = await openCall('ניקיון חדר האשפה לפני פינוי');
    const second = await openCall('תאורה שרופה בלובי הכניסה', 'electricity');
    await call.addUpdate('הוזמן חשמלאי');
    await call.changeStatus('inTreatment');
    await sync.waitForPending(4);

    const from = net.sent.length;
    const seenFrom = net.seen.length;
    const held = net.hold();
    await net.setOffline(false);
    const request = await held.arrived;
    // The replay is under way (one write is on the wire): the server ends every session now.
    expect(await state.expireSessions()).toBeGreaterThan(0);
    held.release();
    await sync.waitForPending(0, 30_000);

    // One silent re-login with the renewal secret (the service worker's, or a tab's that it then
    // shares), and the write that met the dead session went again under its key after it.
    const relogins = net.seen.slice(seenFrom).filter((r) => r.path === '/api/auth/session/renew');
    expect(relogins.length).toBeGreaterThanOrEqual(1);
    const heldKey = keysIn(request)[0] ?? '';
    const heldSends = net.sendsOf(heldKey);
    expect(heldSends).toHaveLength(2);
    expect(heldSends[1]?.at).toBeGreaterThanOrEqual(relogins[0]?.at ?? Infinity);
    const writes = net.sent.slice(from);
    const keys = keysOf(writes);
    expect(keys).toHaveLength(4);
    expect(storedKeys(keys)).toBe(4);
    expect(callCount(first)).toBe(1);
    expect(callCount(second)).toBe(1);
    expect(updateCount(second)).toBe(1);
    expect(callRow(second)).toMatchObject({ version: 2, status: 'inTreatment' });
    // The app keeps working under the renewed session (no trip to Login).
    expect(new URL(app.page.url()).pathname).toBe(`/service-call/${second}`);
    await call.waitVisible(call.badge('synced'));
  });

  it('retries through a burst of 5xx and 429 with backoff (honouring Retry-After) and applies each change once', async () => {
    await net.setOffline(true);
    const ids = [
      await openCall('נזילה מהמזגן בקומה 4', 'plumbing'),
      await openCall('שער החניה לא נפתח בשלט', 'doorsAndGates'),
      await openCall('האינטרקום בכניסה ב׳ לא מצלצל', 'intercom'),
    ];
    await sync.waitForPending(3);

    const from = net.sent.length;
    net.plan(faults.serverError(500), faults.serverError(502), faults.serverError(503), faults.tooManyRequests(1));
    await net.setOffline(false);
    await sync.waitForPending(0, 40_000);

    const writes = net.sent.slice(from);
    const requests = requestsOf(writes);
    expect(requests.filter((r) => r[0]?.faulted)).toHaveLength(4);
    const keys = keysOf(writes);
    expect(keys).toHaveLength(3);
    // Each change got through exactly once; every other send of it was answered by a fault.
    for (const key of keys) expect(writes.filter((w) => w.key === key && !w.faulted)).toHaveLength(1);
    expect(storedKeys(keys)).toBe(3);
    for (const id of ids) expect(callCount(id)).toBe(1);
    const limited = requests[3]?.[0];
    const after = requests
      .slice(4)
      .flat()
      .find((w) => w.key === limited?.key);
    expect(limited && after && after.at - limited.at).toBeGreaterThanOrEqual(900);
  });

  it('never takes a captive portal page for a receipt, shows the change as waiting, and applies it once later', async () => {
    await net.setOffline(true);
    const id = await openCall('מים עומדים במקלט אחרי הגשם', 'plumbing');
    await sync.waitForPending(1);

    const from = net.sent.length;
    net.always(faults.captivePortal);
    await net.setOffline(false);
    await net.waitForWrites('two portal answers', (sent) => sent.slice(from).filter((w) => w.faulted).length >= 2);

    expect(callCount(id)).toBe(0);
    await sync.waitForPending(1);
    expect(await call.badge('synced').count()).toBe(0);
    await sync.open();
    const entry = sync.entry('create', 'serviceCalls');
    await sync.waitVisible(entry);
    await sync.waitVisible(entry.getByText(sync.t('willRetry')));

    net.always(null);
    await sync.waitForPending(0, 30_000);
    await sync.waitVisible(sync.main().getByText(sync.t('screen.noWaiting')));
    const writes = net.sent.slice(from);
    const keys = keysOf(writes);
    expect(keys).toHaveLength(1);
    expect(writes.filter((w) => !w.faulted)).toHaveLength(1);
    expect(storedKeys(keys)).toBe(1);
    expect(callCount(id)).toBe(1);
    expect(callRow(id)).toMatchObject({ version: 1, description: 'מים עומדים במקלט אחרי הגשם' });
  });
});
