// Page-model base: screens are found by role and accessible name, as a user of assistive tech would.
// A value read from the screen is read only once the screen has reached the state it is checked in:
// the `expect…`/`waitFor…` helpers poll until it holds (a busy CI machine renders late), then pass.
import type { Locator, Page } from 'playwright-core';
import { pollUntil } from './poll';

type Name = string | RegExp;

/** How long a screen gets to reach a state (a busy 2-core CI machine renders and writes late). */
export const STATE_TIMEOUT_MS = 30_000;

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

  async waitVisible(locator: Locator, timeoutMs = STATE_TIMEOUT_MS): Promise<Locator> {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
    return locator;
  }

  /** Waits until exactly `count` elements match (a list fully rendered, a row gone), then passes. */
  async waitForCount(locator: Locator, count: number, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.count(), count, { timeout: timeoutMs, message: `${count} × ${locator.toString()}` });
  }

  /** Waits until the element's whole text is `expected` (or matches it), then passes. */
  async expectText(locator: Locator, expected: string | RegExp, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await this.waitVisible(locator, timeoutMs);
    await pollUntil<string | null>(() => locator.textContent({ timeout: timeoutMs }), expected, {
      timeout: timeoutMs,
      message: `the text of ${locator.toString()}`,
    });
  }

  /** Waits until the element's attribute `name` is `expected`. */
  async expectAttribute(locator: Locator, name: string, expected: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.getAttribute(name, { timeout: timeoutMs }), expected, { timeout: timeoutMs, message: `${name} of ${locator.toString()}` });
  }

  /** Waits until a form field holds `expected`. */
  async expectValue(locator: Locator, expected: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.inputValue({ timeout: timeoutMs }), expected, { timeout: timeoutMs, message: `the value of ${locator.toString()}` });
  }

  /** Waits until the element has the keyboard focus. */
  async expectFocused(locator: Locator, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.evaluate((el) => el === document.activeElement, undefined, { timeout: timeoutMs }), true, {
      timeout: timeoutMs,
      message: `focus on ${locator.toString()}`,
    });
  }

  /** Waits until a checkbox or radio is (or is not) checked. */
  async expectChecked(locator: Locator, checked: boolean, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.isChecked({ timeout: timeoutMs }), checked, { timeout: timeoutMs, message: `checked state of ${locator.toString()}` });
  }

  /** Waits until a control is (or is not) disabled. */
  async expectDisabled(locator: Locator, disabled: boolean, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => locator.isDisabled({ timeout: timeoutMs }), disabled, { timeout: timeoutMs, message: `disabled state of ${locator.toString()}` });
  }

  /** `lang` and `dir` of <html>, set from the language table. */
  async documentDirection(): Promise<{ lang: string; dir: string }> {
    return this.page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
  }

  /** Waits until <html> has this `lang` and `dir` (set when the language changes, not with the first paint). */
  async expectDocumentDirection(expected: { lang: string; dir: string }, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => this.documentDirection(), expected, { timeout: timeoutMs, message: 'lang and dir of <html>' });
  }

  /** Waits until the document title is `expected` (the app sets it in an effect after the route renders). */
  async expectTitle(expected: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => this.page.title(), expected, { timeout: timeoutMs, message: 'the document title' });
  }

  /** Waits until the page's URL has this path (a redirect or `history.replace` lands after the render). */
  async expectPath(expected: string, timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    await pollUntil(() => new URL(this.page.url()).pathname, expected, { timeout: timeoutMs, message: 'the page path' });
  }
}
