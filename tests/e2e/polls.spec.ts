// A poll from opening to result (issue 31): the committee member opens it, the owner votes, changes his
// vote with no signal, and the poll's closing time passes before he is back online (the closing time is
// moved on the server instead of waiting for it): his late vote comes back refused with its reason, and
// the poll shows the result of the vote that counted. The page's clock is fixed; nothing sleeps. axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { israelWallClock } from '../../src/lib/dates';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { PollsPage } from './pages/PollsPage';
import { ProfilePage } from './pages/ProfilePage';

const rina = { companyCode: '1001', userName: 'rina', password: 'demo1234' };
const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const QUESTION = 'איזו הצעה לצביעת הלובי?';
const [PAINT_A, PAINT_B] = ['צבע השרון', 'צבעי הגליל'];
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('a poll from opening to result', () => {
  let app: TestApp;
  let state: ServerState;
  const now = new Date();

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    await app.page.clock.setFixedTime(now);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('is opened by the committee, voted, refused a late vote with its reason, and shows its result', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const polls = new PollsPage(app.page, app.baseUrl);
    await login.signInOn(app.server, rina);
    await polls.goto('/polls/101');
    await polls.waitForRoute('polls');
    await polls.waitVisible(polls.page.getByText(polls.t('none')));
    await polls.newPoll().click();
    await polls.question().fill(QUESTION);
    await polls.option(1).fill(PAINT_A);
    await polls.option(2).fill(PAINT_B);
    const closing = israelWallClock(new Date(now.getTime() + 3 * 24 * 3600_000));
    const closingShown = `${closing.slice(8, 10)}/${closing.slice(5, 7)}/${closing.slice(0, 4)}`;
    await polls.closesAt(closingShown, '20:00');
    await polls.open().click();
    await polls.waitVisible(polls.poll(QUESTION));
    await polls.expectText(polls.poll(QUESTION), new RegExp(`${closingShown} 20:00.*${escaped(polls.t('resultsAfterClose'))}`));
    await axeCheck(app.page);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();

    await login.signInOn(app.server, moshe);
    await polls.approveTerms();
    await waitForServiceWorkerControl(app.page);
    await polls.goto('/polls/101');
    await polls.waitForRoute('polls');
    await polls.choice(QUESTION, PAINT_B).check();
    await polls
      .poll(QUESTION)
      .getByRole('button', { name: polls.t('vote') })
      .click();
    await polls.expectText(polls.poll(QUESTION).getByRole('status').last(), polls.t('votedFor', { option: PAINT_B }));
    expect(state.count('SELECT COUNT(*) FROM poll_votes')).toBe(1);

    await goOffline(app.context);
    await polls.choice(QUESTION, PAINT_A).check();
    await polls
      .poll(QUESTION)
      .getByRole('button', { name: polls.t('changeVote') })
      .click();
    await polls.expectText(polls.poll(QUESTION), new RegExp(escaped(polls.t('voteQueued', { option: PAINT_A }))));
    expect(state.movePollClosing(QUESTION, new Date(Date.now() - 60_000))).toBe(1);
    await goOnline(app.context);

    const refusal = polls.poll(QUESTION).getByRole('alert');
    await polls.expectText(refusal, polls.t('voteRefused', { option: PAINT_A, reason: text('he', 'errors', 'pollClosed') }));
    await polls.expectText(polls.poll(QUESTION), new RegExp(escaped(polls.t('decided', { option: PAINT_B }))));
    expect(state.row<{ optionId: string }>('SELECT optionId FROM poll_votes')?.optionId).toBe('o2');
    await axeCheck(app.page);
  });
});
