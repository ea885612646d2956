// Reminders to debtors (issue 29 item 4): staff and the building's committee set the rule and read the log,
// nobody else; the job reminds each apartment with past-due charges once per step of the rule and debt
// period — also when two processes run it at once — never an apartment in legal proceedings; the reminder
// carries the amount and the link to pay exactly those charges, goes out after the commit by e-mail (the
// local SMTP server), SMS and push, each person's preferences applied, and stops at the daily limit.
// Fixed dates far from today: the fee bills itself from 2041 and the job runs on a fixed clock.
import { execFile } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { debtReminderId } from '../src/data/debtReminders.ts';
import { feeChargeId, runFeeBilling } from '../src/jobs/feeBilling.ts';
import { runDebtReminders } from '../src/jobs/debtReminders.ts';
import { usageLimitsWith } from '../src/limits/usageLimits.ts';
import type { Messaging } from '../src/messaging/deliveryJob.ts';
import { runDueDeliveries } from '../src/messaging/deliveryJob.ts';
import { loggingSmsProvider } from '../src/messaging/providers.ts';
import { smtpMailProvider } from '../src/messaging/smtpMail.ts';
import { localFileStore } from '../src/files/fileStore.ts';
import type { PushNote } from '../src/messaging/providers.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import type { SmtpSink } from './smtpSink.ts';
import { startSmtpSink } from './smtpSink.ts';

type Rule = { enabled: boolean; firstAfterDays: number; everyDays: number; maxCount: number; channels: string[] };
type LogLine = {
  reminderId: string;
  apartmentId: string;
  step: number;
  amountAgorot: number;
  chargeIds: string[];
  contactId: string;
  contactName: string | null;
  channel: string;
  state: string;
  reason: string | null;
};
type Body = {
  record?: Rule & { updatedBy?: string | null };
  records?: LogLine[];
  apartments?: { apartmentId: string; debts?: { id: string }[] }[];
  error?: { messageKey: string; field?: string };
};

let sink: SmtpSink;
let messaging: Messaging;
let server: TestServer;
let one: Database;
const pushes: PushNote[] = [];
const tokens = new Map<string, string>();

beforeAll(async () => {
  sink = await startSmtpSink();
  messaging = {
    mail: smtpMailProvider(sink.url, 'binyan@test.example'),
    sms: loggingSmsProvider(() => undefined),
    push: { send: async (_target, note) => void pushes.push(note), publicKey: async () => 'test-key' },
  };
  server = await startTestServer({ mailProvider: messaging.mail, pushProvider: messaging.push });
  one = openDatabase(server.database);
  for (const name of ['miri', 'rina', 'moshe', 'tali', 'eli', 'admin']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => {
  await one.close();
  await server.close();
  await sink.close();
});

const as = (user: string | null, method: string, url: string, body?: unknown) =>
  call<Body>(server, method, url, { ...(user ? { token: tokens.get(user) ?? '' } : {}), ...(body !== undefined ? { body } : {}), idempotencyKey: newId() });
const settings = (bid: number) => `/api/binyan/buildings/${bid}/reminder-settings`;
const log = (bid: number) => `/api/binyan/buildings/${bid}/debt-reminders`;
const rule: Rule = { enabled: true, firstAfterDays: 7, everyDays: 14, maxCount: 3, channels: ['email', 'sms', 'push'] };

/** A subscription's keys as a browser makes them (the server checks they are a P-256 point and 16 bytes). */
function browserKeys(): { p256dh: string; auth: string } {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  return { p256dh: ua.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const at = (day: string) => () => new Date(`${day}T10:00:00Z`);
/** The send job as a server process runs it on `day` (after the reminders' commit). */
const sendOn = (day: string) => runDueDeliveries({ db: one, files: localFileStore(server.filesDir), now: at(day), messaging, log: () => undefined });
const remindOn = (day: string, usageLimits = usageLimitsWith()) =>
  runDebtReminders({ db: one, now: at(day), nowIso: () => at(day)().toISOString(), usageLimits });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
/** The job in two processes of their own on the same database, started at once. */
async function remindInTwoProcesses(day: string): Promise<number> {
  const once = () =>
    run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/test/debtRemindersProcess.ts', server.database, day], { cwd: root });
  const outputs = await Promise.all([once(), once()]);
  return outputs.reduce((sum, o) => sum + z.object({ queued: z.number() }).parse(JSON.parse(o.stdout)).queued, 0);
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(what);
}

describe('who may read and change the reminder rule and log', () => {
  it('management staff and the building’s committee; not a tenant, a supplier, another building, another company or nobody', async () => {
    expect((await as('miri', 'GET', settings(101))).body.record).toMatchObject({ enabled: false, firstAfterDays: 7, everyDays: 14, maxCount: 3 });
    expect((await as('rina', 'GET', log(101))).body.records).toEqual([]);
    for (const url of [settings(101), log(101)]) {
      expect((await as('moshe', 'GET', url)).status).toBe(403);
      expect((await as('tali', 'GET', url)).status).toBe(403);
      expect((await as('eli', 'GET', url)).status).toBe(403);
      expect((await as('other', 'GET', url)).status).toBe(403);
      expect((await as(null, 'GET', url)).status).toBe(401);
    }
    expect((await as('rina', 'GET', log(102))).status).toBe(403);
    expect((await as('miri', 'GET', log(201))).status).toBe(403);
    expect((await as('rina', 'PUT', settings(102), rule)).status).toBe(403);
    expect((await as('admin', 'PUT', settings(201), rule)).status).toBe(403);
    expect((await as('moshe', 'PUT', settings(101), rule)).status).toBe(403);
    expect((await as('eli', 'PUT', settings(101), rule)).status).toBe(403);
    expect((await as('other', 'PUT', settings(101), rule)).status).toBe(403);
    expect((await as(null, 'PUT', settings(101), rule)).status).toBe(401);
    expect((await as('miri', 'GET', settings(101))).body.record?.enabled).toBe(false);
  });

  it('refuses what the rule refuses, on the server too', async () => {
    expect((await as('rina', 'PUT', settings(101), { ...rule, everyDays: 0 })).body.error).toMatchObject({
      field: 'everyDays',
      messageKey: 'errors:invalidNumber',
    });
    expect((await as('rina', 'PUT', settings(101), { ...rule, channels: [] })).body.error).toMatchObject({ field: 'channels' });
    expect((await as('rina', 'PUT', settings(101), { ...rule, maxCount: 99 })).status).toBe(422);
  });
});

describe('the reminder job', () => {
  let held = '';
  let mine = '';

  it('reminds each apartment with past-due charges once per step, across two processes, never one in legal proceedings', async () => {
    const saved = await as('rina', 'PUT', settings(101), rule);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.record).toMatchObject(rule);
    // The building's ledger starts empty here: the demo's debts would start older debt periods.
    await one.run(one.q.deleteFrom('ledger_entries').where('buildingId', '=', 101));
    const flat = { effectiveFrom: '2041-01', basis: 'flat', rateAgorot: 32_050, frequency: 'monthly', billingDay: 31, payer: 'owner', apartments: [] };
    expect((await as('rina', 'POST', '/api/binyan/buildings/101/fee-schedules', flat)).status).toBe(201);
    await runFeeBilling({ db: one, now: at('2041-01-02'), nowIso: () => at('2041-01-02')().toISOString() });

    mine = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0]?.apartmentId ?? '';
    // Moshe reads SMS no more: his SMS reminder is skipped, his e-mail and push go out.
    expect(
      (
        await as('moshe', 'POST', '/api/binyan/profile/notifications', {
          channels: { email: true, sms: false, push: true },
          topics: { announcements: true, payments: true, serviceCalls: true },
        })
      ).status,
    ).toBe(200);
    const subscribed = await as('moshe', 'POST', '/api/binyan/push-subscriptions', {
      endpoint: `https://fcm.googleapis.com/fcm/send/${newId()}`,
      keys: browserKeys(),
      language: 'he',
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    const others = (
      await one.all(one.q.selectFrom('ledger_entries').select('apartmentId').where('sourceKind', '=', 'committeeFee').where('apartmentId', '<>', mine))
    ).map((r) => r.apartmentId ?? '');
    held = others[0] ?? '';
    expect((await as('miri', 'PUT', `/api/binyan/apartments/${held}/hold`, { reason: 'תביעה בהוצאה לפועל' })).status).toBe(200);

    // Due 31/01: nothing for it on 06/02; the first step on 07/02, once across two processes.
    await remindOn('2041-02-06');
    const before = (await one.all(one.q.selectFrom('debt_reminders').select('id').where('apartmentId', '=', mine))).length;
    expect(before).toBe(0);
    const queued = await remindInTwoProcesses('2041-02-07');
    expect(queued).toBeGreaterThan(0);
    expect((await remindOn('2041-02-07')).queued).toBe(0);
    expect((await remindOn('2041-02-20')).queued).toBe(0);
    const rows = await one.all(
      one.q.selectFrom('debt_reminders').select(['id', 'apartmentId', 'step', 'amountAgorot', 'chargeIds']).where('buildingId', '=', 101),
    );
    expect(new Set(rows.map((r) => r.apartmentId)).size).toBe(rows.length);
    expect(rows).toHaveLength(queued);
    expect(rows.map((r) => r.apartmentId)).not.toContain(held);
    expect(rows.find((r) => r.apartmentId === mine)).toMatchObject({ id: debtReminderId(mine, '2041-01-31', 0), step: 0, amountAgorot: 32_050 });
  });

  it('sends after the commit by e-mail and push with the amount and the payment link; the SMS is skipped by preference', async () => {
    const id = debtReminderId(mine, '2041-01-31', 0);
    const link = `/pay/${mine}?charges=${encodeURIComponent(feeChargeId(mine, '2041-01'))}`;
    expect(await sendOn('2041-02-07')).toBeGreaterThanOrEqual(2);
    expect(await sendOn('2041-02-07')).toBe(0);
    // Moshe has no e-mail address; his neighbours' reminders arrive at the local SMTP server, in Hebrew.
    const mail = sink.mails.find((m) => m.raw.includes('<debtReminder.'));
    const text = Buffer.from((mail?.raw ?? '').split(/\r?\n\r?\n/)[1] ?? '', 'base64').toString('utf8');
    expect(text).toContain('₪320.50');
    expect(text).toMatch(/\/pay\/[\w-]+\?charges=fee%3A[\w-]+%3A2041-01/);
    const note = await until('the reminder push', () => pushes.find((p) => p.url === link));
    expect(note.title).toContain('320.50');
    const lines = await until('the log with outcomes', async () => {
      const read = (await as('miri', 'GET', log(101))).body.records?.filter((l) => l.reminderId === id) ?? [];
      return read.length === 3 && read.every((l) => l.state !== 'queued' && l.state !== 'sending') ? read : undefined;
    });
    expect(Object.fromEntries(lines.map((l) => [l.channel, `${l.state}${l.reason ? `:${l.reason}` : ''}`]))).toEqual({
      email: 'failed:noAddress',
      push: 'sent',
      sms: 'skipped:optedOut',
    });
    expect(lines[0]).toMatchObject({ amountAgorot: 32_050, chargeIds: [feeChargeId(mine, '2041-01')], step: 0 });
    expect(lines[0]?.contactName).toBeTruthy();
    // The link's charges are the tenant's to pay: his account lists them.
    const debts = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0]?.debts?.map((d) => d.id) ?? [];
    expect(debts).toContain(feeChargeId(mine, '2041-01'));
  });

  it('sends the next step on its day with what is due by then, and stops at the building’s daily limit', async () => {
    expect((await remindOn('2041-02-21', usageLimitsWith({ debtRemindersPerBuilding: { max: 0, windowMs: 86_400_000 } }))).limited).toBeGreaterThan(0);
    expect(
      await one.first(
        one.q
          .selectFrom('debt_reminders')
          .select('id')
          .where('id', '=', debtReminderId(mine, '2041-01-31', 1)),
      ),
    ).toBeUndefined();
    await runFeeBilling({ db: one, now: at('2041-03-02'), nowIso: () => at('2041-03-02')().toISOString() });
    const next = await remindOn('2041-03-07');
    expect(next.queued).toBeGreaterThan(0);
    expect(next.held).toBeGreaterThan(0);
    const row = await one.first(
      one.q
        .selectFrom('debt_reminders')
        .select(['step', 'amountAgorot'])
        .where('id', '=', debtReminderId(mine, '2041-01-31', 2)),
    );
    expect(row).toMatchObject({ step: 2, amountAgorot: 64_100 });
    expect((await remindOn('2041-03-07')).queued).toBe(0);
    expect((await one.all(one.q.selectFrom('debt_reminders').select('id').where('apartmentId', '=', held))).length).toBe(0);
  });
});
