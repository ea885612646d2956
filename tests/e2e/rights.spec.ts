// Roles and rights in the browser (src/lib/rights): a worker whose company switched service calls and
// checks off does not get them in the menu and sees "not allowed" when opening one by URL; a change the
// server refuses for rights (the building was taken off the worker's round while he was offline) goes
// to "needs attention" with the translated reason and is not sent again by itself. Each role lands on its
// own home, which the menu offers first, above its groups by area (issue 31 item 6).
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
    await sync.waitForIndicator(
      `${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`,
    );
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
    await state.until('the second call on the server', () =>
      state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', appliedId) === 1 ? true : undefined,
    );
    await sync.waitForIndicator(
      `${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`,
    );
    expect(net.sent.filter((s) => s.key === refusedKey)).toHaveLength(1);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', refusedId)).toBe(0);
  });

  it('hides service calls and checks from a worker whose flags are off, and shows "not allowed" for the checks route opened by URL', async () => {
    const { server } = chaos.app;
    other = await launchBrowser();
    const login = new LoginPage(other.page, server.baseUrl);
    await login.goto('/login');
    await login.signIn(
      { companyCode: '1001', userName: 'noam', password: 'demo1234' },
      (since) => server.waitForOtp('noam', { since }),
      () => server.otpMark(),
    );
    const shell = new ShellLayoutPage(other.page, server.baseUrl);
    // A field worker's home is the day's plan (app/homeRoute.ts): he lands there, and "/" leads there too.
    await shell.waitForRoute('dailyPlan');
    expect(shell.pathname()).toBe('/daily-plan');

    await shell.openMenu();
    const menu = shell.menu();
    await shell.waitVisible(menu.getByRole('link', { name: text('he', 'routes', 'keys') }));
    await expect(menu.getByRole('link').first().textContent()).resolves.toBe(text('he', 'routes', 'dailyPlan'));
    // No money group: his only money screen (checks) is switched off.
    expect(await shell.menuGroupHeadings()).toEqual(['field', 'office', 'community', 'personal'].map((g) => text('he', 'shell', `menu.groups.${g}`)));
    await shell.waitVisible(shell.menuGroup('field').getByRole('link', { name: text('he', 'routes', 'dashboard') }));
    await shell.waitVisible(shell.menuGroup('personal').getByRole('link', { name: text('he', 'routes', 'userProfile') }));
    await axeCheck(other.page);
    for (const routeId of ['serviceCalls', 'addServiceCalls', 'checksIndex', 'financialReport']) {
      expect(await menu.getByRole('link', { name: text('he', 'routes', routeId), exact: true }).count(), routeId).toBe(0);
    }
    await other.page.keyboard.press('Escape');

    await shell.goto('/checksindex');
    await shell.waitVisible(other.page.getByRole('heading', { level: 2, name: text('he', 'shell', 'notAllowed.title') }));
    await shell.waitVisible(other.page.getByRole('link', { name: text('he', 'shell', 'notAllowed.home') }));
    await axeCheck(other.page);

    await shell.goto('/');
    await shell.waitForRoute('dailyPlan');
    expect(shell.pathname()).toBe('/daily-plan');
  });

  it('lands a tenant on their apartment, first in a menu with no field work', async () => {
    const { server } = chaos.app;
    await other?.close();
    other = await launchBrowser();
    await new LoginPage(other.page, server.baseUrl).signInOn(server, { companyCode: '1001', userName: 'moshe', password: 'demo1234' });
    const shell = new ShellLayoutPage(other.page, server.baseUrl);
    await shell.approveTerms();
    await shell.waitForRoute('myApartment');
    expect(shell.pathname()).toBe('/');

    await shell.openMenu();
    const menu = shell.menu();
    await shell.waitVisible(menu.getByRole('link', { name: text('he', 'routes', 'pay') }));
    await expect(menu.getByRole('link').first().textContent()).resolves.toBe(text('he', 'routes', 'myApartment'));
    expect(await shell.menuGroupHeadings()).toEqual(['office', 'money', 'community', 'personal'].map((g) => text('he', 'shell', `menu.groups.${g}`)));
    expect(await menu.getByRole('link', { name: text('he', 'routes', 'dashboard'), exact: true }).count()).toBe(0);
    await axeCheck(other.page);
  });
});
