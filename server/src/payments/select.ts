// Which clearing provider the server charges through (env PAYMENT_PROVIDER): the reference one unless
// configured otherwise. A real provider is one more case here, implementing payments/provider.ts.
import type { Database } from '../db/database.ts';
import type { PaymentProvider } from './provider.ts';
import { referenceProvider } from './referenceProvider.ts';

/** The delay of the reference provider's answers (env PAYMENT_PROVIDER_DELAY_MS, milliseconds; 0 when unset). */
export function providerDelayOf(value: string | undefined): number {
  const ms = Number(value ?? 0);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) throw new Error(`PAYMENT_PROVIDER_DELAY_MS=${value}: a whole number of milliseconds, 0 to 60000`);
  return ms;
}

export type PaymentPageOptions = { port?: number; host?: string; publicOrigin?: string };

/**
 * Where the reference provider serves its card-entry page: env PAYMENT_PAGE_PORT (0 or unset: a free
 * port), PAYMENT_PAGE_HOST (else HOST, else 127.0.0.1) and PAYMENT_PAGE_ORIGIN (the origin browsers
 * reach it at, behind a proxy; else http://host:port).
 */
export function paymentPageFrom(env: Record<string, string | undefined>): PaymentPageOptions {
  const port = Number(env.PAYMENT_PAGE_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PAYMENT_PAGE_PORT=${env.PAYMENT_PAGE_PORT}: a port number, or 0 for a free one`);
  const host = env.PAYMENT_PAGE_HOST ?? env.HOST;
  const origin = env.PAYMENT_PAGE_ORIGIN?.trim();
  if (origin && new URL(origin).origin !== origin) throw new Error(`PAYMENT_PAGE_ORIGIN=${origin}: an origin, like https://pay.example.com`);
  return { port, ...(host ? { host } : {}), ...(origin ? { publicOrigin: origin } : {}) };
}

export function paymentProviderFor(
  name: string | undefined,
  db: Database,
  now: () => Date,
  options: { delayMs?: number; page?: PaymentPageOptions } = {},
): PaymentProvider {
  switch (name ?? 'reference') {
    case 'reference':
      return referenceProvider(db, now, options);
    default:
      throw new Error(`PAYMENT_PROVIDER=${name}: no such payment provider (known: reference)`);
  }
}
