// A tenant comes back by phone (issue 14): registered once from the company's link, signed out, the
// tenant signs in again from the sign-in screen with the phone and a one-time code — no company, user
// name or password — and lands on My apartment. A phone with no account is answered alike (issue 27 §13)
// and gets no code. Hebrew UI; axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { TenantPage } from './pages/TenantPage';

describe('a tenant signs in again by phone', () => {
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

  it('registers from the link, signs out, and signs in again with the phone and a code', async () => {
    const link = state.row<{ code: string; apartmentId: string }>('SELECT code, apartmentId FROM tenant_links');
    const phone = state.row<{ phone: string }>("SELECT phone FROM contacts WHERE apartmentId = ? AND role = 'owner'", link?.apartmentId)?.phone ?? '';
    const login = new LoginPage(app.page, app.baseUrl);
    const tenant = new TenantPage(app.page, app.baseUrl);

    await login.goto(`/register/1001/${link?.code ?? ''}`);
    const linkPhone = app.page.getByLabel(text('he', 'auth', 'register.phone'));
    await login.waitVisible(linkPhone);
    await linkPhone.fill(phone);
    let mark = app.server.otpMark();
    await login.requestCode();
    await login.submitCode(await app.server.waitForOtp(phone, { since: mark }));
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());

    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();

    // A phone no tenant account has is answered as any phone (nothing tells whether it has an account),
    // with a word on registering; no code is sent to it.
    await login.button(login.t('tenant.switchToPhone')).click();
    const phoneField = app.page.getByLabel(login.t('tenant.phone'));
    await login.waitVisible(phoneField);
    await axeCheck(app.page);
    await phoneField.fill('0509999999');
    mark = app.server.otpMark();
    await login.requestCode();
    await login.waitVisible(app.page.getByText(login.t('tenant.codeIfRegistered')));
    await axeCheck(app.page);
    await login.button(login.t('changeDetails')).click();
    await login.waitVisible(phoneField);
    await expect(app.server.waitForOtp('0509999999', { since: mark, timeoutMs: 500 })).rejects.toThrow();

    await phoneField.fill(phone);
    mark = app.server.otpMark();
    await login.requestCode();
    await axeCheck(app.page);
    await login.submitCode(await app.server.waitForOtp(phone, { since: mark }));
    await tenant.waitVisible(tenant.homeHeading());
    await axeCheck(app.page);
  });
});
