// Card entry never touches our server (issue 29 item 8): on My cards the tenant types a card on the
// clearing company's own page, framed from its own origin in the app's language; a card whose bank
// refuses its 3-D Secure challenge is not saved (the app says why and offers to enter the card again);
// a card whose challenge is answered with the right code is saved. No request to our origin ever
// carries the card number or its security code. Hebrew UI; the app and the provider's page axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards';
import { TEST_CHALLENGE_CODE } from '../../server/src/payments/referenceProvider';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { LoginPage, text } from './pages/LoginPage';
import { TenantPage } from './pages/TenantPage';

const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };

describe('a card typed on the provider’s page', () => {
  let app: TestApp;
  let state: ServerState;
  let tenant: TenantPage;
  const sentToUs: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    tenant = new TenantPage(app.page, app.baseUrl);
    app.page.on('request', (request) => {
      if (new URL(request.url()).origin === new URL(app.baseUrl).origin) sentToUs.push(`${request.url()} ${request.postData() ?? ''}`);
    });
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('meets the bank’s 3-D Secure challenge: refused, then verified, and only the token reaches us', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.signInOn(app.server, moshe);
    await tenant.approveTerms();
    await tenant.waitVisible(tenant.homeHeading());
    await tenant.navigateTo('cards');

    // The provider's page, on its own origin, in Hebrew.
    await tenant.waitVisible(tenant.cardFrame().getByRole('heading', { name: tenant.providerText('title') }));
    const frame = await tenant.cardFrameHandle();
    expect(new URL(frame.url()).origin).not.toBe(new URL(app.baseUrl).origin);
    expect(await frame.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: 'he', dir: 'rtl' });
    await axeCheck(app.page);
    await axeCheck(frame);

    // The bank refuses: the challenge is shown, and the app says the card was not verified.
    await tenant.typeCard(testCards.challengeRefused, '12/30', '123');
    await tenant.waitVisible(tenant.challengeHeading());
    await axeCheck(await tenant.cardFrameHandle());
    await tenant.answerChallenge(TEST_CHALLENGE_CODE);
    await tenant.waitVisible(app.page.getByRole('alert').filter({ hasText: text('he', 'errors', 'cardAuthenticationFailed') }));

    // Again, with a card the bank verifies.
    await tenant.enterAgainButton().click();
    await tenant.typeCard(testCards.challenge, '12/30', '123');
    await tenant.waitVisible(tenant.challengeHeading());
    await tenant.answerChallenge(TEST_CHALLENGE_CODE);
    await tenant.waitVisible(tenant.cardEntered());
    await tenant.button(tenant.t('cards.addButton')).click();
    await tenant.waitVisible(app.page.getByRole('listitem').filter({ hasText: '0034' }));
    expect(state.count("SELECT COUNT(*) AS n FROM saved_cards WHERE last4 = '0034'")).toBe(1);
    expect(state.count("SELECT COUNT(*) AS n FROM saved_cards WHERE last4 = '0042'")).toBe(0);

    for (const number of [testCards.challenge, testCards.challengeRefused]) expect(sentToUs.filter((r) => r.includes(number))).toEqual([]);
    expect(sentToUs.filter((r) => /"cvv"|cvv=/.test(r))).toEqual([]);
  });
});
