// Messages and announcements (spec 1, 3, 5, 8): subject and body are required, an optional image;
// owners, renters or both must be chosen, and at least one way to send (e-mail, SMS, push).
import type { Actor } from '../rights/rights.ts';
import { can } from '../rights/rights.ts';
import type { RuleResult } from '../validation/rules.ts';
import { firstFailure, required } from '../validation/rules.ts';

export const messageChannels = ['email', 'sms', 'push'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export type MessageInput = { subject: string; body: string; owners: boolean; renters: boolean; channels: readonly MessageChannel[] };

export function validateMessage(input: MessageInput): RuleResult {
  return firstFailure(
    required('subject', input.subject),
    required('body', input.body),
    input.owners || input.renters ? null : { field: 'audience', messageKey: 'selectOwnersOrRenters' },
    input.channels.length > 0 ? null : { field: 'channels', messageKey: 'mustSelectSendOption' },
  );
}

/** The contact roles a message goes to. */
export function audienceRoles(input: Pick<MessageInput, 'owners' | 'renters'>): ('owner' | 'renter')[] {
  return [...(input.owners ? (['owner'] as const) : []), ...(input.renters ? (['renter'] as const) : [])];
}

/**
 * Which of a building's messages a reader gets (board, push, e-mail, a message's image): those who send
 * messages (management staff, the committee) read them all; an owner what went to owners, a renter what
 * went to renters; everyone else of the building (workers, the front desk, suppliers, the maintenance
 * manager) only what went to everyone — to owners and renters both.
 */
export type MessageReadScope = 'all' | 'owners' | 'renters' | 'everyone';

export function messageReadScopeOf(actor: Actor): MessageReadScope {
  if (can(actor, 'messages.send')) return 'all';
  if (actor.role === 'owner') return 'owners';
  if (actor.role === 'renter') return 'renters';
  return 'everyone';
}

export function isMessageFor(scope: MessageReadScope, message: Pick<MessageInput, 'owners' | 'renters'>): boolean {
  if (scope === 'all') return true;
  if (scope === 'owners') return message.owners;
  if (scope === 'renters') return message.renters;
  return message.owners && message.renters;
}

/** Backoff before attempt n+1 (1-based n): 1 min, 5 min, 25 min; after the last attempt it fails. */
export const deliveryAttempts = 4;
export function retryDelayMs(attempt: number): number {
  return 60_000 * 5 ** (attempt - 1);
}
