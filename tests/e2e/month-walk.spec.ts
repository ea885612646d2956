// A month of the committee's money loop (issue 29, "Done when"), on a fixed day of 2041 (the server's
// clock and the page's): the committee fee of building 101 bills itself (the fee job's own run), the
// reminder job reminds Moshe of what is past due and the server sends it by push (handed to the service
// worker through Chromium's DevTools protocol, as a push service would), Moshe pays from the reminder's
// link with a card typed on the provider's page, the office sees the receipt, and a check Moshe gave
// earlier bounces: what it settled is a debt again on his home. Hebrew UI; the pay screen axe-clean.
import { execFile } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testCards } from '../../src/lib/cards';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { CheckLifePage } from './pages/CheckLifePage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { TenantPage } from './pages/TenantPage';

const DAY = '2041-03-10';
const CLOCK = `${DAY}T12:00:00Z`;
const BUILDING = 101;
const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
const run = promisify(execFile);
const pushLine = /^push to (\S+): (\{.*\})$/gm;
const note = z.object({ title: z.string(), body: z.string(), url: z.string(), lang: z.string() });
type Debt = { id: string; amount: number; paid: boolean; pendingChecks: boolean };
type Account = { apartments: { apartmentId: string; debts: Debt[] }[] };

/** One run of a job in a process of its own on the server's database (the tests' run-now entry), on DAY. */
async function runJob(script: 'feeBillingProcess' | 'debtRemindersProcess', database: string): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', `server/test/${script}.ts`, database, DAY]);
  return z.record(z.string(), z.number()).parse(JSON.parse(stdout));
}

/** A text with ANY where a value is matched by any value (a date or an amount as the screen formats them). */
const ANY = '\u0000';
const withAnyValues = (words: string) =>
  new RegExp(
    words
      .split(ANY)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );

/** A subscription's keys as a browser makes them. */
function browserKeys(): { p256dh: string; auth: string } {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('a month of the money loop', () => {
  let app: TestApp;
  let office: ServerState;
  let manager: ServerState;
  let tenantApi: ServerState;

  beforeAll(async () => {
    app = await startApp({ entry: 'tests/e2e/fixtures/clockedServer.ts', env: { E2E_CLOCK: CLOCK } });
    await app.context.clock.install({ time: new Date(CLOCK) });
    office = openServerState(app.server);
    manager = openServerState(app.server, { compId: 1001, userName: 'miri', password: 'demo1234' });
    tenantApi = openServerState(app.server, { compId: 1001, userName: 'moshe', password: 'demo1234' });
  });
  afterAll(async () => {
    office?.close();
    manager?.close();
    tenantApi?.close();
    await app?.stop();
  });

  it('bills the fee, reminds by push, is paid from the reminder, shows the receipt, and reopens a bounced check’s debt', async () => {
    const tenant = new TenantPage(app.page, app.baseUrl);
    const login = new LoginPage(app.page, app.baseUrl);
    const signOut = async () => {
      const profile = new ProfilePage(app.page, app.baseUrl);
      await profile.navigateTo('userProfile');
      await profile.logout();
      await login.waitForForm();
    };

    // The committee's rules: a flat monthly fee from March, due on the 1st; reminders by push a week after.
    await manager.send('POST', `/api/binyan/buildings/${BUILDING}/fee-schedules`, {
      effectiveFrom: '2041-03',
      basis: 'flat',
      rateAgorot: 32_050,
      frequency: 'monthly',
      billingDay: 1,
      payer: 'owner',
      apartments: [],
    });
    await manager.send('PUT', `/api/binyan/buildings/${BUILDING}/reminder-settings`, {
      enabled: true,
      firstAfterDays: 7,
      everyDays: 14,
      maxCount: 3,
      channels: ['push'],
    });

    // Earlier this month Moshe paid one old charge by check, which the office deposited on the 5th.
    const [home] = (await tenantApi.get<Account>('/api/binyan/my/account')).apartments;
    const byCheck = home?.debts.find((d) => !d.paid && !d.pendingChecks);
    if (!home || !byCheck) throw new Error('the seed gives Moshe no open charge');
    const contactId = office.row<{ contactId: string }>("SELECT contactId FROM users WHERE userName = 'moshe' AND companyId = 1001")?.contactId;
    const group = { ChecksHeaderGuid: crypto.randomUUID(), CheckGuid: crypto.randomUUID() };
    const created = await office.send<{ group: { version: number } }>('POST', '/api/binyan/check', {
      ...group,
      Amount: byCheck.amount,
      DepositDate: '2041-03-05',
      BankNumber: '12',
      BranchNumber: '345',
      AccountNumber: '678901',
      CheckNumber: '4711',
      ContactGuid: contactId,
      DebtIds: [byCheck.id],
    });
    await office.send('PUT', '/api/binyan/check/submitChecksHeader', {
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      baseVersion: created.group.version,
      SendAnyway: true,
    });
    const mark = app.server.depositMark();
    await office.send('POST', '/api/binyan/check/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid });
    await office.send('POST', '/api/binyan/check/deposit/confirm', {
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      code: await app.server.waitForDepositCode('avi', { since: mark }),
    });

    // Moshe's phone takes pushes.
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await tenantApi.send('POST', '/api/binyan/push-subscriptions', { endpoint, keys: browserKeys(), language: 'he' });

    // The fee bills itself; the reminder job reminds Moshe of what is past due, the fee among it.
    expect((await runJob('feeBillingProcess', app.server.database)).posted).toBeGreaterThan(0);
    const fee = `fee:${home.apartmentId}:2041-03`;
    expect(office.count('SELECT COUNT(*) AS n FROM ledger_entries WHERE id = ?', fee)).toBe(1);
    expect((await runJob('debtRemindersProcess', app.server.database)).queued).toBeGreaterThan(0);
    const sent = await office.until('the reminder pushed to Moshe', () => [...app.server.output().matchAll(pushLine)].find((m) => m[1] === endpoint)?.[2]);
    const reminder = note.parse(JSON.parse(sent));
    expect(reminder.url).toContain(encodeURIComponent(fee));
    expect(reminder.url).not.toContain(encodeURIComponent(byCheck.id));

    // On his phone: the push is a notification in Hebrew, right to left.
    await login.signInOn(app.server, moshe);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await app.context.grantPermissions(['notifications'], { origin: app.baseUrl });
    await waitForServiceWorkerControl(app.page);
    const cdp = await app.context.newCDPSession(app.page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.startsWith(app.baseUrl) && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const shown = () =>
      app.page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          dir: n.dir,
          url: String((n.data as { url?: unknown } | null)?.url),
        })),
      );
    // A push that reaches a worker still starting is dropped by Chromium: deliver until one is shown.
    await expect
      .poll(
        async () =>
          (await shown()).length > 0
            ? shown()
            : (await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.baseUrl, registrationId, data: sent }), shown()),
        { timeout: 15_000 },
      )
      .toEqual([{ title: reminder.title, dir: 'rtl', url: reminder.url }]);
    await cdp.detach();

    // The reminder's link opens the payment with its charges chosen; a card typed on the provider's page pays them.
    await tenant.goto(reminder.url);
    const chosen = app.page.getByRole('checkbox', { checked: true });
    await tenant.waitVisible(chosen.first());
    expect(await chosen.count()).toBe(new URL(reminder.url, app.baseUrl).searchParams.get('charges')?.split(',').length);
    await tenant.newCardOption().check();
    await tenant.fillCard(testCards.success, '12/45', '123');
    await tenant.keep(false).check();
    await axeCheck(app.page);
    await tenant.continueButton().click();
    await tenant.payButton().click();
    await tenant.waitVisible(tenant.paidHeading());
    const receipt = office.row<{ n: number }>(
      "SELECT receiptNumber AS n FROM payments WHERE status = 'succeeded' AND apartmentId = ? AND method = 'card'",
      home.apartmentId,
    )?.n;
    expect(receipt).toBeGreaterThan(0);
    await signOut();

    // The office sees the receipt among the building's payments, and marks the check bounced.
    await login.signInOn(app.server, miri);
    await tenant.goto(`/payments/${BUILDING}`);
    await tenant.waitVisible(app.page.getByText(text('he', 'collections', 'receipt', { number: receipt ?? 0 })));
    await tenant.goto(`/check-life/${BUILDING}`);
    const checks = new CheckLifePage(app.page, app.baseUrl);
    await checks.waitForRoute('checkLife');
    const mine = checks.checks().filter({ hasText: '4711' });
    await mine.getByRole('button', { name: checks.t('actions.deposit'), exact: true }).click();
    await checks.waitVisible(checks.none());
    await checks.view().selectOption('all');
    await mine.getByRole('button', { name: checks.t('actions.bounce'), exact: true }).click();
    await checks.confirmBounce().click();
    await checks.expectText(mine, new RegExp(checks.t('statuses.bounced')));
    await signOut();

    // What the check settled is Moshe's debt again, and his home says why.
    await login.signInOn(app.server, moshe);
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.waitVisible(app.page.getByText(withAnyValues(tenant.t('home.checkBounced', { number: '4711', amount: ANY, date: ANY }))));
    await tenant.waitVisible(app.page.getByText(tenant.t('reopenedByCheck', { number: '4711' })).first());
    await tenant.waitVisible(tenant.payLink());
    const [after] = (await tenantApi.get<Account>('/api/binyan/my/account')).apartments;
    const open = after?.debts.filter((d) => !d.paid).map((d) => d.id) ?? [];
    expect(open).toContain(byCheck.id);
    expect(open).not.toContain(fee);
  });
});
