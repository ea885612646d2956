// Reminders of scheduled building events (issue 16): a day before an event, its building's owners and
// renters get a reminder by push and e-mail through the message send job, each in their own language
// (reminderText.ts). The event is claimed
// (remindedAt set where it was empty) in the transaction that queues the reminder, so each event is
// reminded once, and each recipient × channel is one delivery row — sent once, whichever process runs it.
import { israelWallClock } from '../../../src/lib/dates.ts';
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import type { MessageChannel } from '../../../src/lib/domain/messageRules.ts';
import type { Database } from '../db/database.ts';
import { claimEventReminder, eventsToRemind } from '../data/buildingLife.ts';
import { translations } from '../data/translations.ts';
import { queueMessage } from '../messaging/queueMessage.ts';
import { makeTranslator } from '../translate/translator.ts';
import { reminderText, reminderWhen } from './reminderText.ts';
import type { AppContext } from '../context.ts';
import { scheduleLeasedJob } from './leasedJob.ts';

export const EVENT_REMINDERS_JOB = 'eventReminders';
/** How long before an event its reminder goes out. */
export const REMINDER_LEAD_MS = 24 * 60 * 60_000;
const INTERVAL_MS = 10 * 60_000;
const CHANNELS: MessageChannel[] = ['push', 'email'];

/** The reminder's message id: one per event (the messages table refuses a second). */
export const reminderIdOf = (eventId: string) => `reminder:${eventId}`;

type ReminderContext = { db: Database; now: () => Date };

/** Queues the reminders of the events starting within the lead time; returns how many it queued. */
export async function queueEventReminders(ctx: ReminderContext): Promise<number> {
  const now = ctx.now();
  const from = israelWallClock(now);
  const until = israelWallClock(new Date(now.getTime() + REMINDER_LEAD_MS));
  const due = await eventsToRemind(ctx.db, from, until);
  if (due.length === 0) return 0;
  const translate = makeTranslator(await translations.all(ctx.db));
  let queued = 0;
  for (const event of due) {
    const claimed = await ctx.db.tx(async (tx) => {
      const at = ctx.now().toISOString();
      if (!(await claimEventReminder(tx, event.id, at))) return false;
      // The board shows the event as it was written; each recipient's delivery carries their own text.
      const when = reminderWhen(event);
      const message: Message = {
        id: reminderIdOf(event.id),
        buildingId: Number(event.buildingId),
        subject: `${event.title} · ${when}`,
        body: event.notes ? `${when}\n${event.notes}` : when,
        imageId: null,
        owners: true,
        renters: true,
        channels: CHANNELS,
        pinned: false,
        // A building event (cleaning day, pest control) is a general announcement to the residents.
        topic: 'announcements',
        sentBy: event.createdBy,
        createdAt: at,
      };
      await queueMessage(tx, message, Number(event.companyId), at, (person) => reminderText(event, person.languageId, translate));
      return true;
    });
    if (claimed) queued += 1;
  }
  return queued;
}

/** Runs now and every ten minutes, one process per interval; kicks the send job when something was queued. */
export function scheduleEventReminders(ctx: AppContext, onError: (error: unknown) => void, intervalMs = INTERVAL_MS): () => Promise<void> {
  return scheduleLeasedJob(
    ctx,
    EVENT_REMINDERS_JOB,
    async () => {
      if ((await queueEventReminders(ctx)) > 0) ctx.messaging.kick();
    },
    onError,
    intervalMs,
  );
}
