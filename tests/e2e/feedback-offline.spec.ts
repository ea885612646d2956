// Application feedback written with no signal is kept on the phone and reaches the server exactly once
// when the connection returns. Hebrew UI; names come from the app's own locale file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { goOffline, goOnline } from './fixtures/browser';
import { signInForSync } from './fixtures/chaos';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';

type FeedbackTexts = Record<'ratingValue' | 'message' | 'send' | 'savedOnDevice' | 'lastSent', string>;
const he = JSON.parse(readFileSync(path.join('src', 'i18n', 'locales', 'he', 'feedback.json'), 'utf8')) as FeedbackTexts;
const MESSAGE = 'המעלית בבניין עובדת מצוין מאז התיקון, תודה';

describe('application feedback offline', () => {
  let app: TestApp;
  let state: ServerState;
  const stored = () => state.count('SELECT COUNT(*) FROM app_feedback WHERE message = ?', MESSAGE);

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    await signInForSync(app.page, app.server, { path: '/application-feedback', routeId: 'applicationFeedback' });
  });

  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('keeps feedback written offline on the device and stores it once after reconnecting', async () => {
    const { page } = app;
    await goOffline(app.context);
    await page.getByRole('radio', { name: he.ratingValue.replace('{{value}}', '4').replace('{{max}}', '5') }).check();
    await page.getByRole('textbox', { name: he.message }).fill(MESSAGE);
    await page.getByRole('button', { name: he.send }).click();
    await page.getByRole('region', { name: he.lastSent }).getByText(he.savedOnDevice).waitFor();
    expect(stored()).toBe(0);

    await goOnline(app.context);
    await state.until('the feedback on the server', () => (stored() === 1 ? true : undefined));
    await page.getByRole('region', { name: he.lastSent }).getByText(he.savedOnDevice).waitFor({ state: 'detached' });
    expect(stored()).toBe(1);
    expect(state.row<{ rating: number }>('SELECT rating FROM app_feedback WHERE message = ?', MESSAGE)?.rating).toBe(4);
  });
});
