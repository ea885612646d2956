// What the feedback screen shows: the feedback sent from this device, with each one's sync state.
import { db } from '../../db/db';
import { FEEDBACK_PREFIX } from './feedbackRepo';
import type { FeedbackRow } from './feedbackRepo';

/** The feedback sent from this device, newest first. */
export async function feedbackSent(): Promise<FeedbackRow[]> {
  const rows = (await db.meta.where('key').startsWith(FEEDBACK_PREFIX).toArray()) as FeedbackRow[];
  return rows.sort((a, b) => (a.value.createdAt < b.value.createdAt ? 1 : -1));
}

export async function getFeedback(id: string): Promise<FeedbackRow | null> {
  return ((await db.meta.get(`${FEEDBACK_PREFIX}${id}`)) as FeedbackRow | undefined) ?? null;
}
