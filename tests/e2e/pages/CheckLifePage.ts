// Each check's own life (/check-life/:bid), as management staff and the committee see it.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class CheckLifePage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'billing', `checks.${key}`, values);
  }

  view(): Locator {
    return this.page.getByRole('combobox', { name: this.t('show') });
  }

  /** The checks shown, one list item each. */
  checks(): Locator {
    return this.page.getByRole('list', { name: this.t('listLabel') }).getByRole('listitem');
  }

  none(): Locator {
    return this.page.getByText(this.t('none'));
  }

  /** A move of a check (deposit, clear, bounce) on the checks' list. */
  action(action: 'deposit' | 'clear' | 'bounce'): Locator {
    return this.page.getByRole('list', { name: this.t('listLabel') }).getByRole('button', { name: this.t(`actions.${action}`), exact: true });
  }

  confirmBounce(): Locator {
    return this.page.getByRole('alertdialog').getByRole('button', { name: this.t('actions.bounce') });
  }

  notice(): Locator {
    return this.page.getByRole('status').filter({ hasText: /\S/ });
  }
}
