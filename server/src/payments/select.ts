// Which clearing provider the server charges through (env PAYMENT_PROVIDER): the reference one unless
// configured otherwise. A real provider is one more case here, implementing payments/provider.ts.
import type { Database } from '../db/database.ts';
import type { PaymentProvider } from './provider.ts';
import { referenceProvider } from './referenceProvider.ts';

export function paymentProviderFor(name: string | undefined, db: Database, now: () => Date): PaymentProvider {
  switch (name ?? 'reference') {
    case 'reference':
      return referenceProvider(db, now);
    default:
      throw new Error(`PAYMENT_PROVIDER=${name}: no such payment provider (known: reference)`);
  }
}
