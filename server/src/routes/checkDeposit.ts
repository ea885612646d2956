// Deposit confirmation (spec 4): the user is called (through the dialer, auth/codeChannels.ts) and types
// the last 6 digits of the calling number. Only a submitted payment is deposited. Calls are capped per
// group and hour and per user (limits/usageLimits.ts depositCodeSendsPerUser); a start repeated within
// 30 s of a call whose code still works calls nobody (issue 27 §2). Wrong codes count even
// though the request fails, so these calls do not run inside a rolled-back transaction. A confirmed
// group stays confirmed: a repeat answers the first confirm's answer and changes nothing. The payments
// still waiting for their confirmation are listed, so one skipped ("Not now") can be confirmed later.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { checkGroupText } from '../../../src/lib/domain/ledgerText.ts';
import { depositCodeFromCaller, sumAgorot as agorotOfNis, validateDepositCode } from '../../../src/lib/domain/checkRules.ts';
import type { AppContext } from '../context.ts';
import type { StoredCheckGroup } from '../db/specs.ts';
import { checkGroups, checks } from '../data/checks.ts';
import { deposits } from '../data/deposits.ts';
import { loadOwned } from '../http/access.ts';
import type { Filter } from '../db/records.ts';
import { visibleBuildingIds } from '../http/rights.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { applyOnce, idempotencyKeyOf, sendApplied } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { randomDigits, safeEqualHex, sha256Hex } from '../util/crypto.ts';
import { addMs, israelLocalDate } from '../util/dates.ts';
import { postPayment } from '../money/postPayment.ts';
import { contacts } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { checkLife } from '../data/checkLife.ts';
import { agorotOf } from '../../../src/lib/agorot.ts';
import type { Db } from '../db/database.ts';
import { spendQuota } from '../limits/usageLimits.ts';

const DEPOSIT_TTL_MS = 10 * 60_000;
const MAX_WRONG = 5;
/** A start within this time of the last call, its code still good, answers as started and calls nobody. */
export const RECALL_AFTER_MS = 30_000;
/** Deposit calls one group may start per window (each one rings the user's phone). */
export const MAX_STARTS_PER_WINDOW = 5;
const START_WINDOW_MS = 60 * 60_000;

const startBody = z.object({ ChecksHeaderGuid: recordId });
const confirmBody = z.object({ ChecksHeaderGuid: recordId, code: z.union([z.string(), z.number()]) });

const hashOf = (guid: string, code: string) => sha256Hex(`deposit:${guid}:${code}`);

type Answer = Record<string, unknown>;

/** A deposited check group is money in: one payment settling the group's debts with the checks' total. */
async function postChecksPayment(tx: Db, companyId: number, guid: string, by: string, now: Date): Promise<void> {
  const payment = await postGroupPayment(tx, companyId, guid, by, now);
  if (payment) await receiveChecks(tx, companyId, payment, by, now.toISOString());
}

/** The group's payment row, when it has money and an apartment to post to. */
async function postGroupPayment(tx: Db, companyId: number, guid: string, by: string, now: Date): Promise<StoredLedgerEntry | undefined> {
  const group = (await checkGroups.find(tx, guid))?.entity;
  if (!group) return undefined;
  const amountAgorot = agorotOfNis((await checks.ofGroup(tx, guid)).map((c) => c.Amount));
  const first = group.DebtIds[0] ? await ledger.find(tx, group.DebtIds[0], companyId) : undefined;
  const contact = (await contacts.find(tx, group.ContactGuid))?.entity;
  const apartmentId = first?.apartmentId ?? contact?.apartmentId ?? null;
  if (amountAgorot <= 0 || !apartmentId) return undefined;
  return postPayment(tx, {
    id: randomUUID(),
    companyId,
    buildingId: group.BuildingId,
    apartmentId,
    contactId: group.ContactGuid,
    amountAgorot,
    chargeIds: group.DebtIds,
    date: israelLocalDate(now),
    text: checkGroupText(String(group.BatchId ?? group.ID ?? '')),
    description: `Checks ${group.BatchId ?? group.ID ?? ''}`.trim(),
    sourceKind: 'checkGroup',
    sourceId: guid,
    createdBy: by,
    nowIso: now.toISOString(),
  });
}

/** Each check of the confirmed payment starts its own life as received (routes/checkLife.ts moves it on). */
async function receiveChecks(tx: Db, companyId: number, payment: StoredLedgerEntry, by: string, at: string): Promise<void> {
  if (!payment.sourceId) return;
  const rows = (await checks.ofGroup(tx, payment.sourceId)).map((c) => ({
    CheckGuid: c.CheckGuid,
    buildingId: payment.buildingId,
    apartmentId: payment.apartmentId,
    ChecksHeaderGuid: c.ChecksHeaderGuid,
    paymentId: payment.id,
    amountAgorot: agorotOf(c.Amount),
    depositDate: c.DepositDate,
    checkNumber: c.CheckNumber,
    bankNumber: c.BankNumber,
    receivedAt: at,
    receivedBy: by,
    updatedAt: at,
  }));
  await checkLife.receive(tx, companyId, rows);
}

export function checkDepositRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The group, when it is the caller's and already submitted (only a sent payment is deposited). */
  const submittedGroup = async (req: FastifyRequest, guid: string): Promise<StoredCheckGroup> => {
    const group = await loadOwned(db, req, checkGroups, guid);
    if (!group.SubmittedAt) throw new ApiError(422, 'DEPOSIT_NOT_SUBMITTED', 'depositNeedsSubmittedPayment', { field: 'ChecksHeaderGuid' });
    return group;
  };

  /** Every answer echoes this request's key (the outbox and the direct call both read it). */
  const answer = (req: FastifyRequest, reply: FastifyReply, body: Answer) => {
    const key = idempotencyKeyOf(req);
    if (key) reply.header('Idempotency-Key', key);
    return { ...body, idempotencyKey: key || null };
  };

  // Sent payments of the user's buildings whose deposit nobody confirmed yet, newest first, with their
  // checks and the payer's name (the phone may not hold the payer's building).
  app.get('/api/binyan/check/awaitingDeposit', { config: { right: 'checks.deposit' } }, async (req) => {
    const { companyId } = authOf(req);
    const scope = await visibleBuildingIds(db, req);
    const filter: Filter = { companyId, Status: 'submitted', ...(scope === null ? {} : { BuildingId: [...scope] }) };
    const groups = await checkGroups.list(db, filter, { orderBy: 'SubmittedAt', desc: true });
    const confirmed = await deposits.confirmedAmong(
      db,
      groups.map((g) => g.ChecksHeaderGuid),
    );
    const records = [];
    for (const group of groups) {
      if (confirmed.has(group.ChecksHeaderGuid)) continue;
      const payer = (await contacts.find(db, group.ContactGuid))?.entity;
      records.push({ ...group, PayerName: payer?.fullName ?? null, checks: await checks.ofGroup(db, group.ChecksHeaderGuid) });
    }
    return { records };
  });

  app.post('/api/binyan/check/deposit/start', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(startBody, req.body);
    const group = await submittedGroup(req, body.ChecksHeaderGuid);
    const guid = group.ChecksHeaderGuid;
    const { user, companyId } = authOf(req);
    const callerNumber = `07${randomDigits(8)}`;
    const code = depositCodeFromCaller(callerNumber);
    const started = { record: null, extra: { callStarted: true, ChecksHeaderGuid: guid } };
    // Set by the transaction that committed (on PostgreSQL `apply` may run again after a lost race).
    let callOut = false;
    // The Idempotency-Key is claimed with the new code: a repeat of the same key is answered from the
    // store and calls nobody. The caps are counted in the same transaction: calls started on two server
    // processes at once count twice.
    const answer = await applyOnce(
      ctx,
      req,
      async (tx) => {
        callOut = false;
        const pending = await deposits.find(tx, guid);
        if (pending?.confirmedAt) return { record: null, extra: { callStarted: false, confirmed: true, ChecksHeaderGuid: guid } };
        const now = ctx.now();
        // A code just called and still good: the same answer, no second call (a double tap, a retry).
        const calledAt = pending ? Date.parse(pending.expiresAt) - DEPOSIT_TTL_MS : 0;
        if (pending && pending.attempts < MAX_WRONG && now.getTime() - calledAt < RECALL_AFTER_MS) return started;
        const windowOpen = pending?.startWindowAt ? now.getTime() - Date.parse(pending.startWindowAt) < START_WINDOW_MS : false;
        const startWindowAt = windowOpen && pending?.startWindowAt ? pending.startWindowAt : now.toISOString();
        const calls = windowOpen ? (pending?.startCount ?? 0) : 0;
        if (calls >= MAX_STARTS_PER_WINDOW) throw fail.tooMany(Math.max(1, Math.ceil((Date.parse(startWindowAt) + START_WINDOW_MS - now.getTime()) / 1000)));
        await spendQuota(tx, ctx, 'depositCodeSendsPerUser', `${companyId}:${user.id}`);
        await deposits.start(tx, guid, companyId, now.toISOString(), {
          codeHash: hashOf(guid, code),
          attempts: 0,
          expiresAt: addMs(now, DEPOSIT_TTL_MS).toISOString(),
          confirmedAt: null,
          userName: user.userName,
          startCount: calls + 1,
          startWindowAt,
        });
        callOut = true;
        return started;
      },
      { keyRequired: false },
    );
    // After the commit, never inside it; the answer does not wait for the call (auth/codeChannels.ts).
    // A concurrent repeat of the key ran `apply` too, then rolled back: it calls nobody.
    if (callOut && answer.applied) ctx.codes.dispatch({ kind: 'deposit', userName: user.userName, phone: user.phone, code, callerNumber });
    return sendApplied(reply, answer);
  });

  app.post('/api/binyan/check/deposit/confirm', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(confirmBody, req.body);
    const guid = (await submittedGroup(req, body.ChecksHeaderGuid)).ChecksHeaderGuid;
    const pending = await deposits.find(db, guid);
    if (!pending) throw new ApiError(422, 'DEPOSIT_NOT_STARTED', 'errorInDepositConfirmation');
    if (pending.answer) return answer(req, reply, JSON.parse(pending.answer) as Answer);

    // Attempt limits: per group, then per account and address (auth/signInLimits.ts), before the code is checked.
    if (pending.attempts >= MAX_WRONG) throw fail.tooMany();
    const { companyId, user } = authOf(req);
    const attempt = await ctx.signIn.begin(req, 'deposit', { companyId, userName: user.userName });

    const code = String(body.code).trim();
    const now = ctx.now();
    const wrong = validateDepositCode(code) !== null || !safeEqualHex(hashOf(guid, code), pending.codeHash);
    if (wrong || pending.expiresAt <= now.toISOString()) {
      await deposits.countWrong(db, guid);
      await attempt.failed();
      throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'code' });
    }
    await attempt.succeeded();
    const first: Answer = { record: null, confirmed: true, ChecksHeaderGuid: guid, confirmedAt: now.toISOString() };
    const stored = await db.tx(async (tx) => {
      // Only the confirm that sets confirmedAt marks the checks: a concurrent or repeated one finds it set.
      if (await deposits.confirmFirst(tx, guid, now.toISOString(), JSON.stringify(first))) {
        await checks.markDeposited(tx, guid, now.toISOString());
        await postChecksPayment(tx, companyId, guid, user.userName, now);
      }
      return (await deposits.find(tx, guid))?.answer ?? JSON.stringify(first);
    });
    return answer(req, reply, JSON.parse(stored) as Answer);
  });
}
