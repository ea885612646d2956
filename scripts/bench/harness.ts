// The browser harness (bench/harness, served at /bench/) in a fresh Chromium profile where the app's
// own service worker never registered; `call` runs one of `window.bench`'s functions.
import type { BenchApi } from '../../bench/harness/api';
import { launchBrowser } from '../../tests/e2e/fixtures/browser';
import type { AppBrowser } from '../../tests/e2e/fixtures/browser';

type Fn = (arg?: unknown) => Promise<unknown>;

export type Harness = AppBrowser & {
  call<K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>): Promise<Awaited<ReturnType<BenchApi[K]>>>;
};

export async function openHarness(baseUrl: string): Promise<Harness> {
  const browser = await launchBrowser({ locale: 'he-IL' });
  try {
    await browser.page.goto(`${baseUrl}/bench/index.html`);
    await browser.page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    ...browser,
    call: async <K extends keyof BenchApi>(name: K, ...args: Parameters<BenchApi[K]>) => {
      const value: unknown = await browser.page.evaluate(
        ([fn, arg]) => ((window as unknown as { bench: Record<string, Fn> }).bench[fn] as Fn)(arg),
        [name, args[0]] as const,
      );
      return value as Awaited<ReturnType<BenchApi[K]>>;
    },
  };
}
