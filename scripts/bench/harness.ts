// The browser harness (bench/harness, served at /bench/) in a fresh Chromium profile where the app's
// own service worker never registered; `call` runs one of `window.bench`'s functions.
import type { BenchApi } from '../../bench/harness/api';
import { launchBrowser } from '../../tests/e2e/fixtures/browser';
import type { AppBrowser } from '../../tests/e2e/fixtures/browser';
import { profilePage } from './profile';

type Fn = (arg?: unknown) => Promise<unknown>;
type Result<K extends keyof BenchApi> = BenchApi[K] extends (...args: never[]) => Promise<infer R> ? R : never;

export type Harness = AppBrowser & {
  call<K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>): Promise<Result<K>>;
  /** Loads the harness page again: what the page held in memory is gone, IndexedDB stays. */
  reopen(): Promise<void>;
};

const READY = 'body[data-ready="true"]';

export async function openHarness(baseUrl: string, options: { profile?: boolean } = {}): Promise<Harness> {
  const browser = await launchBrowser({ locale: 'he-IL' });
  try {
    await browser.page.goto(`${baseUrl}/bench/index.html`);
    await browser.page.waitForSelector(READY, { timeout: 30_000 });
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    ...browser,
    reopen: async () => {
      await browser.page.reload();
      await browser.page.waitForSelector(READY, { timeout: 30_000 });
    },
    call: async <K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>) => {
      const run = () =>
        browser.page.evaluate(([fn, arg]) => ((window as unknown as { bench: Record<string, Fn> }).bench[fn] as Fn)(arg), [name, args[0]] as const);
      const value: unknown = options.profile ? await profilePage(browser.page, `harness-${name}`, run, /\/bench\/assets\//) : await run();
      return value as Result<K>;
    },
  };
}
