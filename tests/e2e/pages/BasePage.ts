// Page-model base: screens are found by role and accessible name, as a user of assistive tech would.
import type { Locator, Page } from 'playwright-core';

type Name = string | RegExp;

export class BasePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async goto(path = '/'): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).href, { waitUntil: 'domcontentloaded' });
  }

  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'domcontentloaded' });
  }

  main(): Locator {
    return this.page.getByRole('main');
  }

  heading(name?: Name, level?: number): Locator {
    return this.page.getByRole('heading', { ...(name === undefined ? {} : { name }), ...(level === undefined ? {} : { level }) });
  }

  button(name: Name): Locator {
    return this.page.getByRole('button', { name });
  }

  link(name: Name): Locator {
    return this.page.getByRole('link', { name });
  }

  textbox(name: Name): Locator {
    return this.page.getByRole('textbox', { name });
  }

  async waitVisible(locator: Locator, timeoutMs = 15_000): Promise<Locator> {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
    return locator;
  }

  /** `lang` and `dir` of <html>, set from the language table. */
  async documentDirection(): Promise<{ lang: string; dir: string }> {
    return this.page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  }
}
