// A tenant registers from the link the management company sent (issue 14): a phone the company did
// not register is told whom to contact; the registered one gets the sign-in's code and lands on My
// apartment. Hebrew UI; axe-clean.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { TenantPage } from './pages/TenantPage';

describe('registration as a tenant', () => {
  let app: TestApp;
  let state: ServerState;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('refuses an unregistered phone, then registers the owner with a one-time code and opens My apartment', async () => {
    const link = state.row<{ code: string; apartmentId: string }>('SELECT code, apartmentId FROM tenant_links');
    const owner = state.row<{ phone: string }>("SELECT phone FROM contacts WHERE apartmentId = ? AND role = 'owner'", link?.apartmentId);
    const apartment = state.row<{ number: string }>('SELECT number FROM apartments WHERE id = ?', link?.apartmentId);
    const login = new LoginPage(app.page, app.baseUrl);
    const tenant = new TenantPage(app.page, app.baseUrl);
    await login.goto(`/register/1001/${link?.code ?? ''}`);
    const phone = app.page.getByLabel(text('he', 'auth', 'register.phone'));
    await login.waitVisible(phone);
    await axeCheck(app.page);
    await phone.fill('0509999999');
    await login.button(login.t('sendCode')).click();
    await login.waitVisible(app.page.getByText(text('he', 'errors', 'contactManagementCompany')));

    await phone.fill(owner?.phone ?? '');
    const mark = app.server.otpMark();
    await login.button(login.t('sendCode')).click();
    await login.waitVisible(login.codeInput());
    await login.submitCode(await app.server.waitForOtp(owner?.phone ?? '', { since: mark }));
    // A new tenant approves the terms of use before the app opens.
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.waitVisible(
      app.page.getByRole('heading', {
        name: new RegExp(tenant.t('home.apartment', { number: apartment?.number ?? '', address: '', city: '' }).split(',')[0] ?? ''),
      }),
    );
    await axeCheck(app.page);
  });
});
