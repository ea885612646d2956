// What the payment provider's card-entry page tells the app (issue 29 item 8), by postMessage to the
// app's origin: the entry's id and whether a card was entered — never the card, never the token. The
// app believes a message only from the frame it opened, on the provider's origin, about the entry it
// opened (cardEntryMessageOf); our server then redeems that entry with the provider for the token.
import { z } from 'zod/mini';

export const CARD_ENTRY_MESSAGE_SOURCE = 'binyan-card-entry';

const entryMessage = z.looseObject({
  source: z.literal(CARD_ENTRY_MESSAGE_SOURCE),
  entryId: z.string(),
  status: z.enum(['entered', 'failed']),
  failure: z.optional(z.string()),
});

export type CardEntryFailure = 'authenticationFailed' | 'entryUnusable';

export type CardEntryMessage = { entryId: string; status: 'entered' } | { entryId: string; status: 'failed'; failure: CardEntryFailure };

/** The entry's outcome from a message event, or null when it is not from that frame, its origin, about that entry. */
export function cardEntryMessageOf(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; frame: unknown; entryId: string },
): CardEntryMessage | null {
  if (event.origin !== expected.origin || event.source === null || event.source !== expected.frame) return null;
  const parsed = entryMessage.safeParse(event.data);
  if (!parsed.success || parsed.data.entryId !== expected.entryId) return null;
  if (parsed.data.status === 'entered') return { entryId: expected.entryId, status: 'entered' };
  return { entryId: expected.entryId, status: 'failed', failure: parsed.data.failure === 'authenticationFailed' ? 'authenticationFailed' : 'entryUnusable' };
}
