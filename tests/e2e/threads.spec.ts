// Issue 31 item 2, lean: a tenant writes to the office with a photo while offline, the thread and its photo
// reach the server once when the connection returns, the office answers, the menu shows the unread thread,
// the tenant reads the answer and the badge clears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage } from './pages/LoginPage';
import { ThreadsPage } from './pages/ThreadsPage';
import { drawnJpeg } from './pages/photoFile';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const SUBJECT = 'שלט החניה לא עובד';
const TEXT = 'השלט של שער החניה הפסיק לפתוח מאתמול, צירפתי תמונה';
const ANSWER = 'שלט חדש מחכה לך במשרד';

describe('a tenant writes to the office offline and reads the answer', () => {
  let app: TestApp;
  let office: ServerState;
  let threads: ThreadsPage;
  let threadId = '';

  beforeAll(async () => {
    app = await startApp();
    office = openServerState(app.server, { compId: 1001, userName: 'miri', password: 'demo1234' });
    threads = new ThreadsPage(app.page, app.baseUrl);
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      moshe,
      (since) => app.server.waitForOtp('moshe', { since }),
      () => app.server.otpMark(),
    );
    await threads.approveTerms();
    await threads.openList();
    await waitForServiceWorkerControl(app.page);
  });
  afterAll(async () => {
    office?.close();
    await app?.stop();
  });

  it('writes offline with a photo; the thread arrives once on reconnecting', async () => {
    const photo = await drawnJpeg(app.page, 'remote.jpg', { width: 64, height: 48, background: '#48c' });
    await threads.openNew();
    expect(await axeCheck(app.page)).toEqual([]);
    await goOffline(app.context);
    threadId = await threads.write({ addressee: 'office', subject: SUBJECT, text: TEXT, photos: [photo] });
    await threads.waitVisible(app.page.getByText(threads.t('savedOnDevice')));
    await threads.waitVisible(threads.messages().filter({ hasText: TEXT }));
    expect(office.count('SELECT COUNT(*) FROM threads WHERE id = ?', threadId)).toBe(0);

    await goOnline(app.context);
    await office.until('the thread, its message and its photo on the server', () =>
      office.count('SELECT COUNT(*) FROM threads WHERE id = ?', threadId) === 1 &&
      office.count(
        "SELECT COUNT(*) FROM file_links WHERE parentType = 'threadMessages' AND parentId IN (SELECT id FROM thread_messages WHERE threadId = ?)",
        threadId,
      ) === 1
        ? true
        : undefined,
    );
    expect(office.count('SELECT COUNT(*) FROM thread_messages WHERE threadId = ?', threadId)).toBe(1);
  });

  it('the office answers; the menu shows it unread; reading it clears the badge', async () => {
    await office.send('POST', `/api/binyan/threads/${threadId}/messages`, { id: crypto.randomUUID(), text: ANSWER });
    await threads.openList();
    await threads.openMenu();
    await threads.waitVisible(threads.menuLink().filter({ hasText: threads.unreadBadge(1) }));
    await threads.menuLink().click();
    await threads.waitVisible(app.page.getByRole('link', { name: new RegExp(SUBJECT) }).filter({ hasText: threads.t('unread', { count: 1 }) }));
    await app.page.getByRole('link', { name: new RegExp(SUBJECT) }).click();
    await threads.waitVisible(threads.messages().filter({ hasText: ANSWER }));
    await threads.waitForCount(threads.photos(), 1);
    expect(await axeCheck(app.page)).toEqual([]);
    // The read mark is on the server (every device of the tenant agrees), and the menu's badge is gone.
    await office.until('the read mark on the server', () =>
      office.count(
        'SELECT COUNT(*) FROM thread_reads WHERE threadId = ? AND userId = (SELECT id FROM users WHERE userName = ? AND companyId = 1001) AND readAt >= (SELECT MAX(createdAt) FROM thread_messages WHERE threadId = ?)',
        threadId,
        'moshe',
        threadId,
      ) === 1
        ? true
        : undefined,
    );
    await threads.openMenu();
    await threads.waitVisible(threads.menuLink());
    await threads.waitForCount(threads.menuLink().filter({ hasText: threads.unreadBadge(1) }), 0);
  });
});
