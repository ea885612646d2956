// What the feedback screen shows: the feedback sent from this device, with each one's sync state.
import { db } from '../../db/db';
import { FEEDBACK_PREFIX } from './feedbackRepo';
import type { FeedbackRow } from './feedbackRepo';

export async function getFeedback(id: string): Promise<FeedbackRow | null> {
  return ((await db.meta.get(`${FEEDBACK_PREFIX}${id}`)) as FeedbackRow | undefined) ?? null;
}
