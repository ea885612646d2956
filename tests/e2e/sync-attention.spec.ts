// A change the server refuses: it must not block or vanish, it shows in the Sync screen with the
// server's reason translated, and the user fixes it (edit and retry → applied once) or discards it
// (the server's version comes back). The app-bar count and the per-record states are checked in
// Hebrew (the default) and in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeCheck } from './fixtures/browser';
import type { TestApp } from './fixtures/app';
import { faults } from './fixtures/chaos';
import { startChaosApp } from './fixtures/chaosApp';
import type { ChaosApp } from './fixtures/chaosApp';
import type { Network } from './fixtures/chaos';
import type { ServerState } from './fixtures/serverState';
import type { AddServiceCallPage } from './pages/AddServiceCallPage';
import { text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import type { ServiceCallPage } from './pages/ServiceCallPage';
import { plural } from './pages/SyncScreenPage';
import type { SyncScreenPage } from './pages/SyncScreenPage';

type CallRow = { version: number; status: string; description: string };

describe('sync chaos: a refused change, in Hebrew and English', () => {
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let add: AddServiceCallPage;
  let call: ServiceCallPage;
  let sync: SyncScreenPage;
  let profile: ProfilePage;
  let id = '';
  const fixed = 'המזגן בלובי מטפטף על הרצפה ליד המעלית';

  const callRow = () => state.row<CallRow>('SELECT version, status, description FROM service_calls WHERE id = ?', id);
  const setLang = (lang: string) => [add, call, sync, profile].forEach((p) => (p.lang = lang));

  let chaos: ChaosApp | undefined;

  beforeAll(async () => {
    chaos = await startChaosApp();
    ({ app, state, net, add, call, sync } = chaos);
    profile = new ProfilePage(app.page, app.baseUrl);
  });

  afterAll(async () => {
    await chaos?.stop();
  });

  it('shows a validation refusal in Hebrew with its reason, and applies the fix made with edit and retry once', async () => {
    await net.setOffline(true);
    await add.open(102);
    await add.fill({ domain: 'general', description: 'המזגן בלובי מטפטף' });
    id = await add.submit();
    await sync.waitForPending(1);
    await sync.waitForIndicator(`${sync.t('indicator.offline')}, ${plural('he', 'sync', 'indicator.pending', 1)}`);
    await call.expectText(call.badge('local'), 'נשמר במכשיר');

    const from = net.sent.length;
    net.plan(
      faults.apiError(422, {
        code: 'VALIDATION',
        message: 'Description must be at least 10 characters',
        messageKey: 'errors:descriptionTooShort',
        field: 'description',
      }),
    );
    await net.setOffline(false);
    await call.expectText(call.badge('attention'), 'דורש טיפול');
    await sync.waitForIndicator(
      `${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`,
    );
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(0);

    await sync.open();
    const entry = sync.entry('create', 'serviceCalls');
    await sync.waitVisible(entry);
    expect(sync.entryTitle('create', 'serviceCalls')).toBe('קריאת שירות חדשה');
    await sync.waitVisible(sync.heading(plural('he', 'sync', 'screen.attention', 1), 2));
    await sync.waitVisible(entry.getByText(sync.t('entryState.attention'), { exact: true }));
    await sync.expectText(sync.reason(entry), `${text('he', 'errors', 'descriptionTooShort')} (${sync.t('fields.description')})`);
    await sync.waitVisible(
      sync
        .main()
        .getByRole('status')
        .filter({ hasText: sync.queuedSummary(1, 0) }),
    );

    // Only what a person may fix, each with its own input: choices as lists in Hebrew, no id, no timestamp.
    const form = await sync.openEditForm(entry);
    const domain = form.getByRole('combobox', { name: sync.t('fields.domain'), exact: true });
    await sync.waitVisible(domain);
    expect(await domain.locator('option:checked').textContent()).toBe(text('he', 'serviceCalls', 'domain.general'));
    const priority = form.getByRole('combobox', { name: sync.t('fields.priority'), exact: true });
    expect(await priority.locator('option').allTextContents()).toEqual(
      ['low', 'normal', 'high', 'urgent'].map((p) => text('he', 'serviceCalls', `priority.${p}`)),
    );
    const values = await sync.editFormValues(form);
    expect(values).toContain('המזגן בלובי מטפטף');
    expect(values.filter((v) => v.includes(id) || /\d{4}-\d{2}-\d{2}T/.test(v) || /^[0-9a-f-]{36}$/.test(v))).toEqual([]);
    expect(await form.getByText(/openedAt|createdBy|buildingId|serviceCalls/).count()).toBe(0);
    await axeCheck(app.page);

    await sync.editAndRetry(entry, { description: fixed });
    await sync.waitForPending(0, 20_000);
    await sync.waitVisible(sync.main().getByText(sync.t('screen.noAttention')));
    await sync.waitForIndicator(`${sync.t('indicator.online')}, ${sync.t('indicator.allSent')}`);

    const writes = net.sent.slice(from);
    const keys = [...new Set(writes.map((w) => w.key ?? ''))];
    // The refused key was answered for good (and not stored); the fix travelled under a new key, once.
    expect(writes).toHaveLength(2);
    expect(keys).toHaveLength(2);
    expect(state.count('SELECT COUNT(*) FROM idempotency_keys WHERE key = ?', keys[0])).toBe(0);
    expect(state.count('SELECT COUNT(*) FROM idempotency_keys WHERE key = ?', keys[1])).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
    expect(callRow()).toMatchObject({ version: 1, description: fixed });

    await call.open(id);
    await call.waitVisible(call.badge('synced'));
    await call.expectAttribute(call.badge('synced'), 'aria-label', 'התקבל');
    await call.waitVisible(app.page.getByText(fixed, { exact: true }).filter({ visible: true }));
  });

  it('in English: counts and states while offline, then a refused status change discarded restores the server version', async () => {
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('en');
    setLang('en');

    await net.setOffline(true);
    await call.open(id);
    await call.changeStatus('inTreatment');
    await sync.waitForPending(1);
    await sync.waitForIndicator('Offline, 1 change waiting');
    await expect.poll(() => sync.indicatorName(), { timeout: 15_000 }).toBe('Sync status: Offline, 1 change waiting');
    await call.expectText(call.badge('local'), 'Saved on device');
    await call.expectText(call.fact('status'), 'In treatment');

    await sync.open();
    const entry = sync.entry('status', 'serviceCalls');
    expect(sync.entryTitle('status', 'serviceCalls')).toBe('Service call status changed');
    // Offline, nothing is attempted: the entry says it waits for a connection, with no attempt counted.
    await sync.waitVisible(entry.getByText('Waiting for a connection', { exact: true }));
    await sync.waitVisible(sync.heading(plural('en', 'sync', 'screen.waiting', 1), 2));
    expect(await entry.getByText(/attempt/).count()).toBe(0);

    net.plan(
      faults.apiError(422, {
        code: 'INVALID_STATUS_TRANSITION',
        message: 'This status change is not allowed',
        messageKey: 'errors:invalidStatusTransition',
        field: 'status',
      }),
    );
    await net.setOffline(false);
    await sync.waitVisible(entry.getByText('Needs attention', { exact: true }));
    await sync.expectText(sync.reason(entry), 'This status change is not allowed (Status)');
    await sync.waitForIndicator('Online, 1 change waiting, 1 needs attention');

    await sync.discard(entry);
    await sync.waitForPending(0);
    expect(callRow()).toMatchObject({ version: 1, status: 'open' });
    await call.open(id);
    await call.waitVisible(call.badge('synced'));
    await call.expectAttribute(call.badge('synced'), 'aria-label', 'Applied');
    // Discarding brings the server's version back into the stored row; the screen follows it.
    await call.expectText(call.fact('status'), 'Open');
  });
});
