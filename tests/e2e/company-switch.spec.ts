// A worker of two management companies (companiesCount 2) chooses the company from her profile: the
// switch signs her out of the one and opens Login filled in for the other; signed in there, she sees
// that company's buildings only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const dana = { companyCode: '1001', userName: 'dana', password: 'demo1234' };
const negev = 'אחזקות הנגב בע"מ';

describe('choosing the company', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('switches a worker of two companies to the other one through a sign-in', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      dana,
      (since) => app.server.waitForOtp('dana', { since }),
      () => app.server.otpMark(),
    );
    // A field worker's home is the day's plan (app/homeRoute.ts).
    await profile.waitForRoute('dailyPlan');
    await profile.navigateTo('userProfile');

    const switchTo = profile.button(text('he', 'field', 'company.switchTo', { name: negev, code: 2002 }));
    await profile.waitVisible(switchTo);
    await profile.waitVisible(app.page.getByText(text('he', 'field', 'company.current', { name: 'ניהול נכסים דמו', code: 1001 })));
    await axeCheck(app.page);
    await switchTo.click();
    const confirm = app.page.getByRole('alertdialog');
    await profile.waitVisible(confirm);
    await confirm.getByRole('button', { name: text('he', 'field', 'company.confirm') }).click();

    await login.waitForForm();
    expect(await app.page.getByLabel(login.t('companyCode')).inputValue()).toBe('2002');
    expect(await app.page.getByLabel(login.t('userName')).inputValue()).toBe('dana');
    await login.signIn(
      { ...dana, companyCode: '2002' },
      (since) => app.server.waitForOtp('dana', { since }),
      () => app.server.otpMark(),
    );
    // Back where she was (the profile), now in the other company; its buildings are hers there.
    await profile.waitForRoute('userProfile');
    await profile.waitVisible(app.page.getByText(text('he', 'field', 'company.current', { name: negev, code: 2002 })));
    const dashboard = new DashboardPage(app.page, app.baseUrl);
    await dashboard.navigateTo('dashboard');
    await dashboard.waitForCount(dashboard.rows(), 1);
    await dashboard.waitVisible(dashboard.row('בית העצמאות'));
  });
});
