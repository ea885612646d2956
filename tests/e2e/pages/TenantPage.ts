// The tenant's screens (issue 14): my apartment, paying by card, the receipt, my cards.
import type { Locator } from 'playwright-core';
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

  async fillCard(number: string, expiry: string, cvv: string): Promise<void> {
    await this.textbox(this.t('pay.number')).fill(number);
    await this.textbox(this.t('pay.expiry')).fill(expiry);
    await this.textbox(this.t('pay.cvv')).fill(cvv);
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
