import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { breakableNetwork, faults, signInForSync, serviceWorkerControls } from './fixtures/chaos';
import type { Network } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { AddServiceCallPage } from './pages/AddServiceCallPage';
import { ServiceCallPage } from './pages/ServiceCallPage';
import { SyncScreenPage } from './pages/SyncScreenPage';

describe('explore', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  const t0 = Date.now();

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    net = await breakableNetwork(app.context);
  });
  afterAll(async () => {
    console.log(net.sent.map((s) => `${s.at - t0} ${s.method} ${s.path} ${s.key} sw=${s.fromServiceWorker}`).join('\n'));
    state?.close();
    await app?.stop();
  });

  it('lost response + hard reload', async () => {
    await signInForSync(app.page, app.server);
    const add = new AddServiceCallPage(app.page, app.baseUrl);
    const call = new ServiceCallPage(app.page, app.baseUrl);
    const sync = new SyncScreenPage(app.page, app.baseUrl);
    net.plan(faults.loseResponse);
    await add.open(102);
    await add.fill({ domain: 'plumbing', description: 'נזילה בחדר המדרגות קומה 2' });
    const id = await add.submit();
    await sync.waitForPending(0);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
    console.log('resent', net.resentKeys());
    const cdp = await app.context.newCDPSession(app.page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await call.waitVisible(call.heading());
    console.log('controlled after hard reload', await serviceWorkerControls(app.page));
    await net.setOffline(true);
    await call.addUpdate('עדכון מדף לא מבוקר');
    await sync.waitForPending(1);
    await net.setOffline(false);
    await sync.waitForPending(0);
  });
});
