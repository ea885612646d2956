// Apartments and tenants of the current building (/apartments).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class ApartmentsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'buildings', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/apartments');
    await this.waitForRoute('apartments');
  }

  /** Each apartment is an article named "Apartment <n>". */
  apartment(number: string | number): Locator {
    return this.page.getByRole('article', { name: this.t('apartments.title', { number }) });
  }

  apartments(): Locator {
    return this.main().getByRole('article');
  }

  filterBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('apartments.filter') });
  }

  noBuildingPrompt(): Locator {
    return this.page.getByRole('heading', { name: this.t('noBuilding.title') });
  }
}
