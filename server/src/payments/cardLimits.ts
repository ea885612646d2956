// Card testing (issue 27): a stolen session or a script must not try card after card through us. Saving
// a card is counted before the card goes to the provider, whatever it answers; a declined payment counts
// once the provider declined it, and while the user or the apartment has no declines left no attempt
// reaches the provider. Counts live in the database (limits/usageLimits.ts): every process shares them.
import type { Db } from '../db/database.ts';
import type { UsageContext } from '../limits/usageLimits.ts';
import { returnUse, spendQuotas } from '../limits/usageLimits.ts';
import type { ProviderFailure } from './provider.ts';

const userKey = (userId: number) => `user:${userId}`;
const apartmentKey = (apartmentId: string) => `apartment:${apartmentId}`;

/** One card sent to the provider to be tokenized, by the user, for each of their apartments (429 when spent). */
export async function countTokenization(db: Db, usage: UsageContext, userId: number, apartmentIds: readonly string[]): Promise<void> {
  await spendQuotas(db, usage, [
    ['cardTokenizationsPerUser', userKey(userId)],
    ...apartmentIds.map((a) => ['cardTokenizationsPerApartment', apartmentKey(a)] as const),
  ]);
}

/** What the provider's refusal says of the card: declined, no funds, or a card it does not know (not its own outage). */
export const isDecline = (failure: ProviderFailure): boolean => failure !== 'unavailable';

/** Around one charge attempt: `before` may refuse (429), `after` is told whether the provider declined. */
export type AttemptGuard = { before(): Promise<void>; after(declined: boolean): Promise<void> };

/**
 * The declines of the user and of the apartment. An attempt takes a decline before it is sent (so
 * attempts made at once cannot all pass the last one left) and gives it back when the provider did not
 * decline; an attempt whose answer never came keeps it.
 */
export function declineGuard(db: Db, usage: UsageContext, userId: number, apartmentId: string): AttemptGuard {
  const uses = [
    ['cardDeclinesPerUser', userKey(userId)],
    ['cardDeclinesPerApartment', apartmentKey(apartmentId)],
  ] as const;
  return {
    before: () => spendQuotas(db, usage, uses),
    async after(declined) {
      if (declined) return;
      for (const [name, key] of uses) await returnUse(db, usage, name, key);
    },
  };
}

/**
 * Takes the decline of a new payment before its intent is recorded (no declines left: 429, and nothing is
 * recorded or sent); its first attempt uses it, and `release` gives it back when no attempt did.
 */
export async function takeAhead(guard: AttemptGuard): Promise<AttemptGuard & { release(): Promise<void> }> {
  await guard.before();
  let used = false;
  return {
    async before() {
      if (used) await guard.before();
      used = true;
    },
    after: (declined) => guard.after(declined),
    async release() {
      if (!used) await guard.after(false);
    },
  };
}
