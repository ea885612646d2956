// A building's billing settings (/billing-settings/:bid) and an apartment's legal proceedings on the
// apartments list, as management staff see them.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class BillingSettingsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'billing', key, values);
  }

  /** A number field of the form: fixedAgorot, percentBasisPoints, foreignCardFixedAgorot, dinersAmexPercentBasisPoints. */
  field(name: string): Locator {
    return this.textbox(this.t(`fields.${name}`));
  }

  cardPayments(): Locator {
    return this.page.getByRole('checkbox', { name: this.t('cardPayments') });
  }

  vat(mode: 'added' | 'included'): Locator {
    return this.page.getByRole('radio', { name: this.t(`vat.${mode}`) });
  }

  save(): Locator {
    return this.button(this.t('save'));
  }

  /** The live example's line for a kind of card (local, foreign, amex). */
  example(kind: 'local' | 'foreign' | 'amex'): Locator {
    return this.page.getByRole('listitem').filter({ hasText: this.t(`example.cards.${kind}`) });
  }

  saved(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('saved') });
  }

  /** The legal-proceedings part of an apartment's card on /apartments (its article is named by its title). */
  hold(apartmentTitle: string): Locator {
    return this.page.getByRole('article', { name: apartmentTitle }).getByRole('group', { name: this.t('hold.legend') });
  }
}
