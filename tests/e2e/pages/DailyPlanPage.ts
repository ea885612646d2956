// The daily plan (/daily-plan): today's buildings, each an article with its checklist, visit form,
// sync badge, and its open calls / keys / mail items.
import type { Locator } from 'playwright-core';
import { pollUntil } from './poll';
import { STATE_TIMEOUT_MS } from './BasePage';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class DailyPlanPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'dailyPlan', key, values);
  }

  sync(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'sync', key, values);
  }

  /** "N buildings are on this phone" after a take, in the plural form of the page's language. */
  takenCount(count: number): Locator {
    const form = new Intl.PluralRules(this.lang).select(count);
    let key = `takeDay.taken_${form}`;
    try {
      this.sync(key, { count });
    } catch {
      key = 'takeDay.taken_other';
    }
    return this.page.getByText(this.sync(key, { count }), { exact: true });
  }

  async open(): Promise<void> {
    await this.goto('/daily-plan');
    await this.waitForRoute('dailyPlan');
  }

  takeDayButton(): Locator {
    return this.button(this.sync('takeDay.button'));
  }

  /** "All my buildings" or "Only today's plan": the choice before the take. */
  scopeChoice(scope: 'all' | 'plan'): Locator {
    return this.page.getByRole('radio', { name: this.sync(`takeDay.scope.${scope}`), exact: true });
  }

  /** The size of the chosen take, shown before it starts. */
  estimate(): Locator {
    return this.page.getByTestId('take-day-estimate');
  }

  /** One tap (after choosing the scope, if given), then wait for "everything for today is on the device". */
  async takeDayOffline(timeoutMs = 60_000, scope?: 'all' | 'plan'): Promise<void> {
    if (scope) await this.scopeChoice(scope).check();
    await this.takeDayButton().click();
    await this.waitVisible(this.page.getByText(this.sync('takeDay.done')), timeoutMs);
  }

  cards(): Locator {
    return this.main().getByRole('article');
  }

  card(buildingName: string): Locator {
    return this.page.getByRole('article', { name: buildingName, exact: true });
  }

  /** The names shown so far (scripts/screenshots); a test checks a known plan with `expectBuildings`. */
  async buildingNames(): Promise<string[]> {
    await this.waitVisible(this.cards());
    return this.cards().getByRole('heading', { level: 3 }).allTextContents();
  }

  /**
   * Waits until the plan lists exactly these buildings, in this order. Each card loads its building on
   * its own (a spinner, then the article; "Building 12" until the building is stored), so the first
   * card shown is not necessarily the first of the plan.
   */
  async expectBuildings(names: readonly string[], timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => this.cards().getByRole('heading', { level: 3 }).allTextContents(), names, { timeout: timeoutMs, message: 'the plan buildings' });
  }

  checkboxes(buildingName: string): Locator {
    return this.card(buildingName).getByRole('checkbox');
  }

  description(buildingName: string): Locator {
    return this.card(buildingName).getByLabel(this.t('visit.description'));
  }

  markMadeButton(buildingName: string): Locator {
    return this.card(buildingName).getByRole('button', { name: this.t('visit.markMade') });
  }

  madeToday(buildingName: string): Locator {
    return this.card(buildingName).getByText(this.t('visit.madeToday'));
  }

  savedDialog(): Locator {
    return this.page.getByText(this.t('visit.saved'));
  }

  /** The visit's sync badge: saved on device / sent / applied / needs attention. */
  syncBadge(buildingName: string, state: 'local' | 'sent' | 'synced' | 'attention'): Locator {
    return this.card(buildingName).getByRole('status', { name: this.sync(`state.${state}`) });
  }

  fieldError(buildingName: string, message: string): Locator {
    return this.card(buildingName).getByRole('alert').filter({ hasText: message });
  }
}
