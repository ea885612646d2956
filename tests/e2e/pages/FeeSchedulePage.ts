// A building's committee fee schedule (/fee-schedule/:bid), as management staff and the committee see it.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class FeeSchedulePage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'billing', `fees.${key}`, values);
  }

  /** The monthly rate of a basis: flat, area or rooms. */
  rate(basis: 'flat' | 'area' | 'rooms'): Locator {
    return this.textbox(this.t(`rate.${basis}`));
  }

  basis(basis: 'flat' | 'area' | 'rooms' | 'perApartment'): Locator {
    return this.page.getByRole('radio', { name: this.t(`bases.${basis}`) });
  }

  frequency(f: 'monthly' | 'bimonthly'): Locator {
    return this.page.getByRole('radio', { name: this.t(`frequencies.${f}`) });
  }

  billingDay(): Locator {
    return this.textbox(this.t('billingDay'));
  }

  save(): Locator {
    return this.button(this.t('save'));
  }

  saved(): Locator {
    return this.page.getByRole('status');
  }

  /** The kept changes, one list item each. */
  history(): Locator {
    return this.page.getByRole('region', { name: this.t('history') }).getByRole('listitem');
  }

  none(): Locator {
    return this.page.getByText(this.t('none'));
  }
}
