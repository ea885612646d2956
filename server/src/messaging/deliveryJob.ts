// The send job: every recipient × channel is a delivery row; the job claims a due row (queued →
// sending) in its own transaction before it sends, then records sent / failed / queued again with
// backoff. A claimed row is never claimed again, so nothing is sent twice — across processes, retries and
// restarts (a row a stopped process left 'sending' is marked failed 'interrupted', not re-sent).
import { deliveryAttempts, retryDelayMs } from '../../../src/lib/domain/messageRules.ts';
import type { MessageChannel } from '../../../src/lib/domain/messageRules.ts';
import { allowsDelivery } from '../../../src/lib/domain/notificationPrefs.ts';
import type { Database } from '../db/database.ts';
import type { DeliveryRow } from '../data/messages.ts';
import { deliveries, messages, pushSubscriptions } from '../data/messages.ts';
import { files } from '../data/files.ts';
import { notificationPrefs } from '../data/notificationPrefs.ts';
import type { FileStore } from '../files/fileStore.ts';
import { safeFileName } from '../files/fileNames.ts';
import type { MailAttachment, MailProvider, PushProvider, SmsProvider } from './providers.ts';
import { DeliveryError } from './providers.ts';
import { isPushServiceEndpoint } from './pushTargets.ts';

export type Messaging = { mail: MailProvider; sms: SmsProvider; push: PushProvider };

/** How long a row may stay 'sending' before it is taken for interrupted. */
export const SENDING_LEASE_MS = 10 * 60_000;
const BATCH = 20;

type JobContext = { db: Database; files: FileStore; now: () => Date; messaging: Messaging; log: (line: string) => void };

/** A message's image as an e-mail attachment (none when the message has none, or its bytes are gone). */
async function attachmentsOf(ctx: JobContext, imageId: string | null): Promise<MailAttachment[]> {
  if (!imageId) return [];
  const file = await files.byId(ctx.db, imageId);
  const content = file ? await ctx.files.get(file.companyId, file.sha256) : null;
  if (!file || !content) return [];
  return [{ filename: safeFileName(file.srcFileName, file.id, file.mimeType), content, contentType: file.mimeType }];
}

/** Sends one row; 'skipped' when the recipient has turned the channel or the message's topic off since it was queued. */
async function sendOne(ctx: JobContext, row: DeliveryRow): Promise<'sent' | 'skipped'> {
  const message = await messages.find(ctx.db, row.messageId);
  if (!message || row.address === null) throw new DeliveryError('noAddress', true);
  const channel = row.channel as MessageChannel;
  // The recipient's own text when the row has one (a reminder in their language), else the message's.
  const subject = row.subject ?? message.subject;
  const body = row.body ?? message.body;
  if (!allowsDelivery(await notificationPrefs.ofRecipient(ctx.db, row.contactId), channel, message.topic)) return 'skipped';
  if (row.channel === 'email') {
    await ctx.messaging.mail.send({
      to: row.address,
      subject,
      text: body,
      messageId: `<${row.id.replace(/[^\w.-]/g, '.')}@binyan>`,
      attachments: await attachmentsOf(ctx, message.imageId),
    });
  } else if (row.channel === 'sms') {
    await ctx.messaging.sms.send({ to: row.address, text: `${subject}\n${body}` });
  } else {
    // Still the recipient's own subscription (not another account's that took the endpoint over), and a
    // push service's address: a row stored before the check was made is never posted to.
    const target = await pushSubscriptions.ofRecipient(ctx.db, row.address, row.contactId, row.companyId);
    if (!target) throw new DeliveryError('subscriptionGone', true);
    if (!isPushServiceEndpoint(target.endpoint)) throw new DeliveryError('endpointRefused', true);
    await ctx.messaging.push.send(target, {
      title: subject,
      body,
      url: row.url ?? `/announcements?message=${message.id}`,
      lang: row.language ?? target.language,
    });
  }
  return 'sent';
}

/** Sends what is due now; returns how many rows it handled. */
export async function runDueDeliveries(ctx: JobContext): Promise<number> {
  const nowIso = () => ctx.now().toISOString();
  await deliveries.abandon(ctx.db, new Date(ctx.now().getTime() - SENDING_LEASE_MS).toISOString(), nowIso());
  let handled = 0;
  for (;;) {
    const due = await deliveries.due(ctx.db, nowIso(), BATCH);
    if (due.length === 0) return handled;
    for (const row of due) {
      const attempt = row.attempts + 1;
      if (!(await ctx.db.tx((tx) => deliveries.claim(tx, row.id, attempt, nowIso())))) continue;
      handled += 1;
      try {
        const outcome = await sendOne(ctx, row);
        const done = outcome === 'sent' ? { state: 'sent', reason: null, sentAt: nowIso() } : { state: 'skipped', reason: 'optedOut', sentAt: null };
        await ctx.db.tx((tx) => deliveries.finish(tx, row.id, { ...done, nextAttemptAt: nowIso(), updatedAt: nowIso() }));
      } catch (error) {
        const permanent = error instanceof DeliveryError ? error.permanent : false;
        const reason = error instanceof DeliveryError ? error.reason : 'errorSendingEmail';
        const retry = !permanent && attempt < deliveryAttempts;
        if (!(error instanceof DeliveryError)) ctx.log(`delivery ${row.id} failed: ${String(error)}`);
        const next = new Date(ctx.now().getTime() + (retry ? retryDelayMs(attempt) : 0)).toISOString();
        await ctx.db.tx((tx) =>
          deliveries.finish(tx, row.id, { state: retry ? 'queued' : 'failed', reason, nextAttemptAt: next, sentAt: null, updatedAt: nowIso() }),
        );
      }
    }
  }
}

/**
 * Runs the job every `intervalMs` and whenever `kick()` is called (a message was just created); one run
 * at a time in this process. `stop()` waits for the running one. The timer keeps no process alive.
 */
export function scheduleDeliveries(ctx: JobContext, intervalMs: number, onError: (error: unknown) => void): { kick(): void; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDueDeliveries(ctx)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = intervalMs > 0 ? setInterval(run, intervalMs) : null;
  timer?.unref();
  return {
    kick: run,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
