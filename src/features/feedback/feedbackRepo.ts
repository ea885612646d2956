// App feedback: sent through the outbox like every change, so it is kept on the device while offline
// and reaches the server exactly once. It has no table of its own: it is a local record in `meta`
// (the maintenance plan-send pattern), which also gives it its own sync state.
import { newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import { RuleError, validateFeedback } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';

export const FEEDBACK_PREFIX = 'feedback.send:';

export type FeedbackDraft = { rating: number | null; message: string; mayContact: boolean };
export type Feedback = { id: string; rating: number; message: string; mayContact: boolean; createdAt: string };
export type FeedbackRow = { key: string; value: Feedback; syncState: SyncState };

/** Validates with the server's rule, then stores the feedback and its outbox entry together. */
export async function sendFeedback(draft: FeedbackDraft): Promise<string> {
  const failure = validateFeedback(draft);
  if (failure || draft.rating === null) throw new RuleError(failure ?? { field: 'rating', messageKey: 'requiredField' });
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${FEEDBACK_PREFIX}${id}`;
  const value: Feedback = { id, rating: draft.rating, message: draft.message.trim(), mayContact: draft.mayContact, createdAt: new Date().toISOString() };
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: 'feedback',
    payload: { id, rating: value.rating, message: value.message, mayContact: value.mayContact },
    userKey: actor.userKey,
  });
  return id;
}
