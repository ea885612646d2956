// Messages in the browser (issue 16): the committee sends a message to renters by e-mail; a local SMTP
// server receives one mail per renter with an address, and the sent list shows the delivery. A push
// message delivered to the service worker (Chromium's DevTools protocol) is shown as a notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../server/test/smtpSink';
import type { SmtpSink } from '../../server/test/smtpSink';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { MessagesPage } from './pages/MessagesPage';

describe('messages in the browser', () => {
  let sink: SmtpSink;
  let app: TestApp;
  let state: ServerState;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'binyan@test.example' } });
    state = openServerState(app.server);
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      { companyCode: '1001', userName: 'rina', password: 'demo1234' },
      (since) => app.server.waitForOtp('rina', { since }),
      () => app.server.otpMark(),
    );
    await login.waitVisible(app.page.getByRole('button', { name: text('he', 'shell', 'menu.open') }));
  });

  afterAll(async () => {
    state?.close();
    await app?.stop();
    await sink?.close();
  });

  it('sends the committee’s message to the renters by e-mail: one mail per renter with an address', async () => {
    const page = new MessagesPage(app.page, app.baseUrl);
    await page.open();
    // The rules of spec 5: nothing chosen → "select owners, renters or both".
    await page.send();
    await page.waitVisible(app.page.getByText(text('he', 'errors', 'requiredField')));
    await page.compose({ subject: 'הפסקת מים ביום ראשון', body: 'ביום ראשון בין 9:00 ל-12:00 תהיה הפסקת מים בבניין.', channels: ['email'] });
    await page.send();
    await page.waitVisible(app.page.getByText(text('he', 'errors', 'selectOwnersOrRenters')));
    await app.page.getByRole('checkbox', { name: page.t('renters') }).check();
    await page.send();
    await page.waitVisible(app.page.getByText(page.t('sent')));

    const withMail = state.count("SELECT COUNT(*) FROM contacts WHERE buildingId = 101 AND role = 'renter' AND email IS NOT NULL AND email <> ''");
    expect(withMail).toBeGreaterThan(0);
    await state.until('the mails in the SMTP sink', () => (sink.mails.length >= withMail ? true : undefined));
    expect(sink.mails).toHaveLength(withMail);
    // The SMTP server has the mail a moment before the delivery job marks its row sent: wait for that, then count.
    const sentRows = () => state.count("SELECT COUNT(*) FROM message_deliveries WHERE channel = 'email' AND state = 'sent'");
    await state.until('the e-mail deliveries marked sent', () => (sentRows() >= withMail ? true : undefined));
    expect(sentRows()).toBe(withMail);
    await page.reload();
    await page.waitVisible(page.sentItem('הפסקת מים ביום ראשון'));
    await axeCheck(app.page);
  });

  it('shows a push message as a notification from the service worker', async () => {
    await app.context.grantPermissions(['notifications'], { origin: app.baseUrl });
    await app.page.goto(`${app.baseUrl}/announcements`);
    await waitForServiceWorkerControl(app.page);
    await new MessagesPage(app.page, app.baseUrl).waitVisible(app.page.getByText('הפסקת מים ביום ראשון'));
    const cdp = await app.context.newCDPSession(app.page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.startsWith(app.baseUrl) && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const push = {
      origin: app.baseUrl,
      registrationId,
      data: JSON.stringify({ title: 'אסיפת דיירים', body: 'ביום שלישי בשעה 20:00 בלובי', url: '/announcements', lang: 'he' }),
    };
    const shown = () =>
      app.page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}|${n.body}|${n.dir}`));
    // A push that reaches a worker still starting is dropped by Chromium: deliver until one is shown
    // (the notification's tag replaces an earlier copy, so the list holds it once).
    await expect
      .poll(async () => ((await shown()).length > 0 ? shown() : (await cdp.send('ServiceWorker.deliverPushMessage', push), shown())), { timeout: 15_000 })
      .toEqual(['אסיפת דיירים|ביום שלישי בשעה 20:00 בלובי|rtl']);
  });
});
