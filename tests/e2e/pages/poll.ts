// Reads a value of the page until it is what the awaited state needs, then passes; after `timeout` it
// fails naming what it last read. The page models use it rather than vitest's expect.poll, so they also
// drive the browser outside a test run (`npm run screenshots`).
import { isDeepStrictEqual } from 'node:util';

const INTERVAL_MS = 50;

function matches<T>(value: T, expected: T | RegExp): boolean {
  if (expected instanceof RegExp) return typeof value === 'string' && expected.test(value);
  return isDeepStrictEqual(value, expected);
}

export async function pollUntil<T>(read: () => T | Promise<T>, expected: T | RegExp, options: { timeout: number; message: string }): Promise<void> {
  const deadline = Date.now() + options.timeout;
  for (;;) {
    let seen: string;
    try {
      const value = await read();
      if (matches(value, expected)) return;
      seen = JSON.stringify(value);
    } catch (error) {
      seen = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline)
      throw new Error(`${options.message}: expected ${expected instanceof RegExp ? String(expected) : JSON.stringify(expected)}, last read ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}
