// Reminders to debtors (issue 29 item 4). For every building whose rule is on, each apartment with past-due
// charges (not covered by a check waiting for deposit) is reminded at the step of the rule its oldest
// past-due charge has reached (lib/domain/debtReminderRules.ts) — never an apartment in legal proceedings.
// A reminder is a `debt_reminders` row with the id `debtReminder:<apartment>:<period>:<step>` written in the
// transaction that queues its deliveries: a second process's insert fails on the primary key and (PostgreSQL
// retries the transaction) finds it there, so each step of a debt period goes out once. The deliveries are
// message delivery rows sent after the commit by the send job (SMTP, SMS, push), each person's preferences
// for "payments" applied there; the count of reminders per building and day is a usage limit in the database.
import { sumAgorot } from '../../../src/lib/agorot.ts';
import { israelToday } from '../../../src/lib/domain/debtAge.ts';
import type { ReminderRule } from '../../../src/lib/domain/debtReminderRules.ts';
import { reminderStepOn } from '../../../src/lib/domain/debtReminderRules.ts';
import type { Contact } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apartments, contacts } from '../data/buildings.ts';
import { debtReminderId, debtReminders, reminderSettings } from '../data/debtReminders.ts';
import { apartmentHolds } from '../data/payments.ts';
import { ApiError } from '../http/errors.ts';
import { spendQuota } from '../limits/usageLimits.ts';
import type { LedgerDebt } from '../money/ledgerDebts.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import { queueMessage } from '../messaging/queueMessage.ts';
import { debtReminderText } from './debtReminderText.ts';
import { scheduleLeasedJob } from './leasedJob.ts';

export const DEBT_REMINDERS_JOB = 'debtReminders';
const INTERVAL_MS = 60 * 60_000;

export type DebtReminderCounts = { queued: number; held: number; limited: number };
type JobContext = Pick<AppContext, 'db' | 'now' | 'nowIso' | 'usageLimits'>;

/** Where a reminder's link opens: the tenant's payment with exactly these charges chosen. */
export function paymentLinkOf(apartmentId: string, chargeIds: readonly string[]): string {
  return `/pay/${encodeURIComponent(apartmentId)}?charges=${chargeIds.map(encodeURIComponent).join(',')}`;
}

/** The origin links in e-mail and SMS start with (APP_ORIGIN, e.g. https://binyan.example); push links stay relative. */
export const appOrigin = () => (process.env.APP_ORIGIN ?? '').replace(/\/+$/, '');

/** Who is reminded: the people the charges are billed to, else the apartment's owners and renters. */
async function debtorsOf(db: Db, apartmentId: string, debts: readonly LedgerDebt[]): Promise<Contact[]> {
  const people = await contacts.list(db, { apartmentId }, { orderBy: 'id' });
  const billed = new Set(debts.map((d) => d.contactId));
  const named = people.filter((c) => billed.has(c.id));
  return named.length > 0 ? named : people.filter((c) => c.role === 'owner' || c.role === 'renter');
}

type Due = { apartmentId: string; number: string; period: string; step: number; debts: LedgerDebt[] };

/** Queues one apartment's reminder unless that step of its period was or the apartment is in legal proceedings. */
async function queueReminder(ctx: JobContext, companyId: number, buildingId: number, rule: ReminderRule, due: Due): Promise<'queued' | 'held' | 'sent before'> {
  const id = debtReminderId(due.apartmentId, due.period, due.step);
  const chargeIds = due.debts.map((d) => d.id);
  const amountAgorot = sumAgorot(due.debts.map((d) => d.openAgorot));
  return ctx.db.tx(async (tx) => {
    if ((await apartmentHolds.reasonOf(tx, due.apartmentId)) !== null) return 'held';
    if (await debtReminders.find(tx, id)) return 'sent before';
    const at = ctx.nowIso();
    await debtReminders.insert(tx, {
      id,
      companyId,
      buildingId,
      apartmentId: due.apartmentId,
      period: due.period,
      step: due.step,
      chargeIds,
      amountAgorot,
      createdAt: at,
    });
    await spendQuota(tx, ctx, 'debtRemindersPerBuilding', String(buildingId));
    const path = paymentLinkOf(due.apartmentId, chargeIds);
    const facts = { apartmentNumber: due.number, amountAgorot, since: due.period, link: `${appOrigin()}${path}` };
    const own = debtReminderText(facts, 1);
    await queueMessage(
      tx,
      {
        id,
        buildingId,
        subject: own.subject,
        body: own.body,
        imageId: null,
        owners: false,
        renters: false,
        channels: rule.channels,
        pinned: false,
        topic: 'payments',
        sentBy: 'debtReminders',
        createdAt: at,
      },
      companyId,
      at,
      (person) => debtReminderText(facts, person.languageId),
      { people: await debtorsOf(tx, due.apartmentId, due.debts), url: path },
    );
    return 'queued';
  });
}

/** The apartments of a building with a reminder step reached today, each with its past-due charges. */
async function dueOf(ctx: JobContext, companyId: number, buildingId: number, rule: ReminderRule, today: string): Promise<Due[]> {
  const pastDue = (await buildingDebts(ctx.db, companyId, buildingId, today)).filter((d) => !d.paid && !d.pendingChecks && d.age === 'pastDue');
  const numbers = new Map((await apartments.list(ctx.db, { buildingId }, { orderBy: 'id' })).map((a) => [a.id, a.number]));
  const byApartment = new Map<string, LedgerDebt[]>();
  for (const d of pastDue) byApartment.set(d.apartmentId, [...(byApartment.get(d.apartmentId) ?? []), d]);
  const due: Due[] = [];
  for (const [apartmentId, debts] of byApartment) {
    // Debts are sorted by due date: the oldest open one starts the period its reminders count from.
    const period = debts[0]?.dueDate ?? today;
    const step = reminderStepOn(rule, period, today);
    if (step !== null) due.push({ apartmentId, number: numbers.get(apartmentId) ?? '', period, step, debts });
  }
  return due;
}

/** Reminds every building's debtors whose step has come (Israel's today); safe from several processes at once. */
export async function runDebtReminders(ctx: JobContext): Promise<DebtReminderCounts> {
  const today = israelToday(ctx.now());
  const counts: DebtReminderCounts = { queued: 0, held: 0, limited: 0 };
  for (const { companyId, buildingId } of await reminderSettings.enabledBuildings(ctx.db)) {
    const rule = await reminderSettings.of(ctx.db, companyId, buildingId);
    for (const due of await dueOf(ctx, companyId, buildingId, rule, today)) {
      try {
        const outcome = await queueReminder(ctx, companyId, buildingId, rule, due);
        if (outcome === 'queued') counts.queued += 1;
        if (outcome === 'held') counts.held += 1;
      } catch (error) {
        // The building's reminders for today are spent: the rest wait for tomorrow's runs (nothing was written).
        if (!(error instanceof ApiError) || error.status !== 429) throw error;
        counts.limited += 1;
      }
    }
  }
  return counts;
}

/** Runs now and every hour, one process per interval; kicks the send job when something was queued. */
export function scheduleDebtReminders(ctx: AppContext, onError: (error: unknown) => void, intervalMs = INTERVAL_MS): () => Promise<void> {
  return scheduleLeasedJob(
    ctx,
    DEBT_REMINDERS_JOB,
    async () => {
      if ((await runDebtReminders(ctx)).queued > 0) ctx.messaging.kick();
    },
    onError,
    intervalMs,
  );
}
