// Notification preferences in the browser (issue 17): a renter turns e-mail off on her profile (English,
// left to right); the committee member's recipients preview counts her as opted out (Hebrew, right to
// left), and the message's e-mails reach every other renter with an address but not her.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../server/test/smtpSink';
import type { SmtpSink } from '../../server/test/smtpSink';
import { startAppServer } from './fixtures/appServer';
import type { AppServer } from './fixtures/appServer';
import { axeCheck, launchBrowser } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { MessagesPage } from './pages/MessagesPage';
import { ProfilePage } from './pages/ProfilePage';

let server: AppServer;
let smtp: SmtpSink;
let state: ServerState;

async function signIn(page: Page, userName: string): Promise<void> {
  const login = new LoginPage(page, server.baseUrl);
  await login.signInOn(server, { companyCode: '1001', userName, password: 'demo1234' });
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startAppServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'binyan@test.example' } });
  state = openServerState(server);
});
afterAll(async () => {
  state?.close();
  await server?.stop();
  await smtp?.close();
});

describe('notification preferences', () => {
  it('lets a renter turn e-mail off, and the committee’s message then reaches every renter but her by e-mail', async () => {
    const tenant = await launchBrowser();
    try {
      const { page } = tenant;
      await signIn(page, 'tali');
      const profile = new ProfilePage(page, server.baseUrl);
      await profile.approveTerms();
      await profile.goto('/user-profile');
      await profile.waitForRoute('userProfile');
      await profile.switchLanguage('en');
      const p = (key: string) => text('en', 'profile', key);
      const section = page.getByRole('region', { name: p('notifications.title') });
      const email = section.getByRole('checkbox', { name: p('notifications.channel.email') });
      await profile.expectChecked(email, true);
      await email.uncheck();
      await section.getByRole('button', { name: p('notifications.save') }).click();
      await profile.waitVisible(page.getByText(p('notifications.saved')));
      expect(await axeCheck(page)).toBeDefined();
      await state.until('the preferences on the server', () =>
        state.count("SELECT COUNT(*) FROM notification_preferences n JOIN users u ON u.id = n.userId WHERE u.userName = 'tali'") === 1 ? true : undefined,
      );
      // Kept on the server: shown again after a reload.
      await profile.reload();
      await profile.expectChecked(
        page.getByRole('region', { name: p('notifications.title') }).getByRole('checkbox', { name: p('notifications.channel.email') }),
        false,
      );
    } finally {
      await tenant.close();
    }

    const committee = await launchBrowser();
    try {
      const { page } = committee;
      await signIn(page, 'rina');
      const messages = new MessagesPage(page, server.baseUrl);
      await messages.open();
      await messages.compose({ subject: 'ניקוי מאגרי מים', body: 'ביום שני בבוקר ינוקו מאגרי המים של הבניין.', renters: true, channels: ['email'] });
      await messages.waitVisible(page.getByText(messages.t('optedOut_one', { count: 1 })));
      expect(await axeCheck(page)).toBeDefined();
      await messages.send();
      await messages.waitVisible(page.getByText(messages.t('sent')));

      const taliMail = state.row<{ email: string }>("SELECT c.email FROM contacts c JOIN users u ON u.contactId = c.id WHERE u.userName = 'tali'")?.email ?? '';
      expect(taliMail).not.toBe('');
      const others = state.count(
        "SELECT COUNT(*) FROM contacts WHERE buildingId = 101 AND role = 'renter' AND email IS NOT NULL AND email <> '' AND email <> ?",
        taliMail,
      );
      const settled = () => state.count("SELECT COUNT(*) FROM message_deliveries WHERE channel = 'email' AND state IN ('sent', 'skipped')");
      await state.until('every e-mail delivery sent or skipped', () => (settled() >= others + 1 ? true : undefined));
      expect(smtp.mails.map((m) => m.to[0])).not.toContain(taliMail);
      expect(smtp.mails).toHaveLength(others);
      await messages.reload();
      await messages.waitVisible(messages.sentItem('ניקוי מאגרי מים').getByText(messages.t('optedOut_one', { count: 1 }), { exact: false }));
    } finally {
      await committee.close();
    }
  });
});
