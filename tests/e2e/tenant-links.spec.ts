// Registration links in the office (issue 14): the manager makes a link for an apartment's owner with
// an expiry, copies it, sees it listed as not used, and revokes it; the revoked link registers nobody.
// Hebrew UI (RTL); axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { TenantLinksPage } from './pages/TenantLinksPage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };

describe('registration links in the office', () => {
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

  it('makes, copies, lists and revokes a link for an apartment’s owner', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const page = new TenantLinksPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      miri,
      (since) => app.server.waitForOtp('miri', { since }),
      () => app.server.otpMark(),
    );
    await page.waitForRoute('dashboard');
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    const apartment = state.row<{ id: string; number: string }>(
      "SELECT a.id, a.number FROM apartments a JOIN contacts c ON c.apartmentId = a.id AND c.role = 'owner' WHERE a.buildingId = 101 ORDER BY a.id LIMIT 1",
    );
    const number = apartment?.number ?? '';
    const owner = state.row<{ phone: string }>("SELECT phone FROM contacts WHERE apartmentId = ? AND role = 'owner'", apartment?.id)?.phone ?? '';

    await page.goto('/tenant-links/101');
    await page.waitVisible(page.button(page.t('create')));
    await axeCheck(app.page);
    await page.choose('apartment', page.t('apartmentOption', { number }));
    await page.choose('role', page.t('roles.owner'));
    await page.textbox(page.t('expiresOn')).fill('31/12/2099');
    await page.button(page.t('create')).click();
    await page.waitVisible(app.page.getByRole('status').filter({ hasText: page.t('made', { number }) }));

    const made = state.row<{ code: string; role: string; expiresOn: string }>(
      'SELECT code, role, expiresOn FROM tenant_links WHERE apartmentId = ? AND revokedAt IS NULL ORDER BY createdAt DESC LIMIT 1',
      apartment?.id,
    );
    expect(made).toMatchObject({ role: 'owner', expiresOn: '2099-12-31' });
    const row = page
      .links()
      .filter({ hasText: page.t('roles.owner') })
      .filter({ hasText: page.t('states.unused') });
    await page.waitVisible(row.first());
    await row
      .first()
      .getByRole('button', { name: page.t('copy') })
      .click();
    await page.waitVisible(
      row
        .first()
        .getByRole('status')
        .filter({ hasText: page.t('copied') }),
    );
    const copied = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${app.baseUrl}/register/1001/${made?.code ?? ''}`);
    await axeCheck(app.page);

    await row
      .first()
      .getByRole('button', { name: page.t('revoke'), exact: true })
      .click();
    await app.page
      .getByRole('alertdialog')
      .getByRole('button', { name: page.t('revoke'), exact: true })
      .click();
    await page.waitVisible(app.page.getByRole('status').filter({ hasText: page.t('revoked', { number }) }));
    await page
      .links()
      .filter({ hasText: page.t('roles.owner') })
      .filter({ hasText: page.t('states.unused') })
      .first()
      .waitFor({ state: 'detached' });
    expect(state.row<{ revokedAt: string | null }>('SELECT revokedAt FROM tenant_links WHERE code = ?', made?.code)?.revokedAt).toBeTruthy();

    // The tenant who opens the revoked link is told it does not work.
    await page.goto(`/register/1001/${made?.code ?? ''}`);
    const phone = app.page.getByLabel(text('he', 'auth', 'register.phone'));
    await page.waitVisible(phone);
    await phone.fill(owner);
    await page.button(text('he', 'auth', 'sendCode')).click();
    await page.waitVisible(app.page.getByText(text('he', 'errors', 'invalidRegistrationLink')));
  });
});
