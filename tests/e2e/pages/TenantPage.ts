// The tenant's screens (issue 14): my apartment, paying by card, the receipt, my cards. A new card is
// typed on the payment provider's page, framed on its own origin (issue 29 item 8), in the app's language.
import type { Frame, FrameLocator, Locator } from 'playwright-core';
import { pageLangOf, pageTexts } from '../../../server/src/payments/referenceCardPageTexts';
import type { PageTexts } from '../../../server/src/payments/referenceCardPageTexts';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class TenantPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'tenant', key, values);
  }

  /** The age a debt of a group of My apartment shows (past due, due this month, coming). */
  debtAgeIn(group: string, age: 'pastDue' | 'current' | 'coming'): Locator {
    return this.page.getByRole('region', { name: this.t(`debtGroups.${group}`) }).getByText(text(this.lang, 'common', `debtAges.${age}`), { exact: true });
  }

  homeHeading(): Locator {
    return this.heading(this.t('home.title'), 1);
  }

  fetchedAt(): Locator {
    return this.page.getByTestId('fetched-at');
  }

  offlineNotice(): Locator {
    return this.page.getByText(this.t('home.offline'));
  }

  /** The rows of the payments list on my apartment. */
  payments(): Locator {
    return this.page.getByRole('list', { name: this.t('home.history') }).getByRole('listitem');
  }

  receiptLink(number: number): Locator {
    return this.page.getByRole('link', { name: this.t('home.receipt', { number }) });
  }

  payLink(): Locator {
    return this.page.getByRole('link', { name: this.t('home.pay') });
  }

  /** A debt's checkbox on the pay screen, by its description's start (kind: description). */
  debt(kind: string): Locator {
    return this.page.getByRole('checkbox', { name: new RegExp(`^${this.t(`debtKinds.${kind}`)}`) });
  }

  newCardOption(): Locator {
    return this.page.getByRole('radio', { name: this.t('pay.newCard') });
  }

  savedCardOption(last4: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(last4) });
  }

  /** The provider's words on its page, in the app's language. */
  providerText(key: keyof PageTexts): string {
    return pageTexts[pageLangOf(this.lang)][key];
  }

  /** The provider's card-entry page, framed. */
  cardFrame(): FrameLocator {
    return this.page.frameLocator(`iframe[title="${this.t('pay.cardFrameTitle')}"]`);
  }

  /** The frame itself (for axe), once it is on the provider's page. */
  async cardFrameHandle(): Promise<Frame> {
    const frame = await this.page.locator(`iframe[title="${this.t('pay.cardFrameTitle')}"]`).elementHandle();
    const content = await frame?.contentFrame();
    if (!content) throw new Error('no card-entry frame');
    return content;
  }

  /** Types the card on the provider's page and confirms it there (a 3-D Secure card then shows its challenge). */
  async typeCard(number: string, expiry: string, cvv: string): Promise<void> {
    const frame = this.cardFrame();
    await frame.getByLabel(this.providerText('number')).fill(number);
    await frame.getByLabel(this.providerText('expiry')).fill(expiry);
    await frame.getByLabel(this.providerText('cvv')).fill(cvv);
    await frame.getByRole('button', { name: this.providerText('submit') }).click();
  }

  /** Types a card that needs no challenge and waits until the app has heard it was entered. */
  async fillCard(number: string, expiry: string, cvv: string): Promise<void> {
    await this.typeCard(number, expiry, cvv);
    await this.waitVisible(this.cardEntered());
  }

  challengeHeading(): Locator {
    return this.cardFrame().getByRole('heading', { name: this.providerText('challengeTitle') });
  }

  /** Answers the bank's 3-D Secure challenge with a code, or cancels it (null). */
  async answerChallenge(code: string | null): Promise<void> {
    const frame = this.cardFrame();
    if (code === null) return frame.getByRole('button', { name: this.providerText('challengeCancel') }).click();
    await frame.getByLabel(this.providerText('challengeCode')).fill(code);
    await frame.getByRole('button', { name: this.providerText('challengeConfirm') }).click();
  }

  /** The app's word that the provider's page has the card. */
  cardEntered(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('pay.cardEntered') });
  }

  enterAgainButton(): Locator {
    return this.button(this.t('pay.enterAgain'));
  }

  keep(yes: boolean): Locator {
    return this.page.getByRole('radio', { name: this.t(yes ? 'pay.keepYes' : 'pay.keepNo') });
  }

  continueButton(): Locator {
    return this.button(this.t('pay.toReview'));
  }

  review(): Locator {
    return this.page.getByRole('definition').locator('xpath=..');
  }

  /** A fact of the review (fee, VAT, total) by its label. */
  fact(label: string): Locator {
    return this.page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  payButton(): Locator {
    return this.button(new RegExp(`^${this.t('pay.confirm', { total: '' }).trim()}`));
  }

  paidHeading(): Locator {
    return this.heading(this.t('pay.paid'), 1);
  }

  receiptHeading(number: number): Locator {
    return this.heading(this.t('receipt.heading', { number }), 1);
  }
}
