// Roles and rights in the browser (src/lib/rights): a worker whose company switched service calls and
// checks off does not get them in the menu and sees "not allowed" when opening one by URL; a change the
// server refuses for rights (the building was taken off the worker's round while he was offline) goes
// to "needs attention" with the translated reason and is not sent again by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeCheck, launchBrowser } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import type { ChaosApp } from './fixtures/chaosApp';
import { startChaosApp } from './fixtures/chaosApp';
import { LoginPage, text } from './pages/LoginPage';
import { ShellLayoutPage } from './pages/ShellLayoutPage';
import { plural } from './pages/SyncScreenPage';

describe('roles and rights in the browser', () => {
  let chaos: ChaosApp;
  let other: AppBrowser | undefined;

  beforeAll(async () => {
    chaos = await startChaosApp();
  });

  afterAll(async () => {
    await other?.close();
    await chaos?.stop();
  });

  it('refuses an offline change for a building taken off the round: needs attention with the reason, not retried', async () => {
    const { net, add, call, sync, state } = chaos;
    await net.setOffline(true);
    await add.open(102);
    await add.fill({ domain: 'general', description: 'נורה שרופה בכניסה לבניין' });
    const refusedId = await add.submit();
    await sync.waitForPending(1);
    await call.waitVisible(call.badge('local'));

    // The office takes building 102 off avi's round while he is offline.
    expect(state.unassignBuilding('avi', 102)).toBe(1);
    const from = net.sent.length;
    await net.setOffline(false);
    await call.waitVisible(call.badge('attention'));
    await sync.waitForIndicator(`${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', refusedId)).toBe(0);

    await sync.open();
    const entry = sync.entry('create', 'serviceCalls');
    await sync.waitVisible(entry.getByText(sync.t('entryState.attention'), { exact: true }));
    await sync.waitVisible(sync.reason(entry).getByText(text('he', 'errors', 'buildingNotAssigned')));
    await axeCheck(chaos.app.page);

    // A later change of a building still on the round travels and is applied; the refused one is not sent again.
    const refusedKey = net.sent.slice(from).find((s) => s.method === 'POST' && s.path.endsWith('/service-calls'))?.key;
    expect(refusedKey).toBeTruthy();
    await add.open(101);
    await add.fill({ domain: 'general', description: 'ידית הדלת בלובי רופפת' });
    const appliedId = await add.submit();
    await state.until('the second call on the server', () => (state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', appliedId) === 1 ? true : undefined));
    await sync.waitForIndicator(`${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`);
    expect(net.sent.filter((s) => s.key === refusedKey)).toHaveLength(1);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', refusedId)).toBe(0);
  });

  it('hides service calls and checks from a worker whose flags are off, and shows "not allowed" for the checks route opened by URL', async () => {
    const { server } = chaos.app;
    other = await launchBrowser();
    const login = new LoginPage(other.page, server.baseUrl);
    await login.goto('/login');
    await login.signIn({ companyCode: '1001', userName: 'noam', password: 'demo1234' }, (since) => server.waitForOtp('noam', { since }), () => server.otpMark());
    const shell = new ShellLayoutPage(other.page, server.baseUrl);
    await shell.waitForRoute('dashboard');

    await shell.openMenu();
    const menu = other.page.getByRole('navigation', { name: text('he', 'shell', 'menu.title') });
    await shell.waitVisible(menu.getByRole('link', { name: text('he', 'routes', 'keys') }));
    for (const routeId of ['serviceCalls', 'addServiceCalls', 'checksIndex', 'financialReport']) {
      expect(await menu.getByRole('link', { name: text('he', 'routes', routeId), exact: true }).count(), routeId).toBe(0);
    }
    await other.page.keyboard.press('Escape');

    await shell.goto('/checksindex');
    await shell.waitVisible(other.page.getByRole('heading', { level: 2, name: text('he', 'shell', 'notAllowed.title') }));
    await shell.waitVisible(other.page.getByRole('link', { name: text('he', 'shell', 'notAllowed.home') }));
    await axeCheck(other.page);
  });
});
