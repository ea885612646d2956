// Issue 31 item 1, lean: a tenant reports a fault of the building's lobby with a photo while offline, the
// report and its photo reach the server once when the connection returns, the office answers with an
// update shown to the reporter (and an internal one that is not), and the tenant sees the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage } from './pages/LoginPage';
import { TenantCallsPage } from './pages/TenantCallsPage';
import { drawnJpeg } from './pages/photoFile';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const DESCRIPTION = 'המנורה בלובי הכניסה לא נדלקת כבר יומיים';
const ANSWER = 'החשמלאי יגיע ביום ראשון בבוקר';
const INTERNAL = 'להזמין נורה חדשה מהספק';

describe('a tenant reports a fault offline and sees it answered', () => {
  let app: TestApp;
  let state: ServerState;
  let calls: TenantCallsPage;
  let callId = '';

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    calls = new TenantCallsPage(app.page, app.baseUrl);
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      moshe,
      (since) => app.server.waitForOtp('moshe', { since }),
      () => app.server.otpMark(),
    );
    await calls.approveTerms();
    await calls.openList();
    await waitForServiceWorkerControl(app.page);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('reports offline with a photo; the report arrives once on reconnecting', async () => {
    const photo = await drawnJpeg(app.page, 'lobby.jpg', { width: 64, height: 48, background: '#c84' });
    await calls.openNew();
    expect(await axeCheck(app.page)).toEqual([]);
    await goOffline(app.context);
    callId = await calls.report({ area: 'common', domain: 'electricity', description: DESCRIPTION, photos: [photo] });
    await calls.waitVisible(app.page.getByText(calls.t('savedOnDevice')));
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', callId)).toBe(0);

    await goOnline(app.context);
    await state.until('the report and its photo on the server', () =>
      state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', callId) === 1 &&
      state.count("SELECT COUNT(*) FROM file_links WHERE parentType = 'serviceCalls' AND parentId = ?", callId) === 1
        ? true
        : undefined,
    );
    const stored = state.row<{ reporterName: string; commonArea: unknown; apartmentId: string | null }>(
      'SELECT reporterName, commonArea, apartmentId FROM service_calls WHERE id = ?',
      callId,
    );
    expect(stored?.reporterName).toBe('משה פרץ');
    expect(Boolean(stored?.commonArea)).toBe(true);
    expect(stored?.apartmentId).toBeNull();
  });

  it("sees the office's answer shown to the reporter, not its internal note", async () => {
    await state.send('POST', `/api/binyan/service-calls/${callId}/updates`, { id: crypto.randomUUID(), text: INTERNAL });
    await state.send('POST', `/api/binyan/service-calls/${callId}/updates`, { id: crypto.randomUUID(), text: ANSWER, visibleToReporter: true });
    const { record } = await state.get<{ record: { version: number } }>(`/api/binyan/service-calls/${callId}`);
    await state.send('PATCH', `/api/binyan/service-calls/${callId}`, { baseVersion: record.version, changes: { status: 'inTreatment' } });

    await calls.reload();
    await calls.waitVisible(calls.updates().filter({ hasText: ANSWER }));
    await calls.waitVisible(app.page.getByText(`${calls.t('statusLabel')}: ${calls.calls('status.inTreatment')}`));
    expect(await calls.updates().filter({ hasText: INTERNAL }).count()).toBe(0);
    await calls.waitForCount(calls.photos(), 1);
    expect(await axeCheck(app.page)).toEqual([]);
  });
});
