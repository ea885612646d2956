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

export function paymentProviderFor(name: string | undefined, db: Database, now: () => Date, options: { delayMs?: number } = {}): PaymentProvider {
  switch (name ?? 'reference') {
    case 'reference':
      return referenceProvider(db, now, options);
    default:
      throw new Error(`PAYMENT_PROVIDER=${name}: no such payment provider (known: reference)`);
  }
}
