// Deposit confirmation (spec 4): the user is called and types the last 6 digits of the calling number.
// Wrong codes count even though the request fails, so these calls do not run inside a rolled-back
// transaction.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { depositCodeFromCaller, validateDepositCode } from '../../../src/lib/domain/checkRules.ts';
import type { AppContext } from '../context.ts';
import { specs } from '../db/specs.ts';
import { ApiError, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { idempotencyKeyOf } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';
import { randomDigits, safeEqualHex, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';
import { loadOwned } from './access.ts';
import { recordId } from './schemas.ts';

const DEPOSIT_TTL_MS = 10 * 60_000;
const MAX_WRONG = 5;

const startBody = z.object({ ChecksHeaderGuid: recordId });
const confirmBody = z.object({ ChecksHeaderGuid: recordId, code: z.union([z.string(), z.number()]) });

const hashOf = (guid: string, code: string) => sha256Hex(`deposit:${guid}:${code}`);

export function checkDepositRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const echo = (key: string) => ({ idempotencyKey: key || null });

  app.post('/api/binyan/check/deposit/start', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(startBody, req.body);
    const group = loadOwned(ctx, req, specs.checkGroups, body.ChecksHeaderGuid);
    const { user, companyId } = authOf(req);
    const callerNumber = `07${randomDigits(8)}`;
    const code = depositCodeFromCaller(callerNumber);
    ctx.secretLog(`calling ${user.userName} from ${callerNumber}`);
    ctx.secretLog(`deposit code for ${user.userName}: ${code}`);
    const now = ctx.now();
    const row = {
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      companyId,
      userName: user.userName,
      codeHash: hashOf(group.ChecksHeaderGuid, code),
      attempts: 0,
      expiresAt: addMs(now, DEPOSIT_TTL_MS).toISOString(),
      confirmedAt: null,
      createdAt: now.toISOString(),
    };
    db.run(
      db.q.insertInto('deposit_confirmations').values(row).onConflict((oc) =>
        oc.column('ChecksHeaderGuid').doUpdateSet({ codeHash: row.codeHash, attempts: 0, expiresAt: row.expiresAt, confirmedAt: null, userName: row.userName }),
      ),
    );
    const key = idempotencyKeyOf(req);
    if (key) reply.header('Idempotency-Key', key);
    return { ...echo(key), record: null, callStarted: true, ChecksHeaderGuid: group.ChecksHeaderGuid };
  });

  app.post('/api/binyan/check/deposit/confirm', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(confirmBody, req.body);
    const group = loadOwned(ctx, req, specs.checkGroups, body.ChecksHeaderGuid);
    const attempt = await ctx.signIn.begin(req, 'deposit', { companyId: authOf(req).companyId, userName: authOf(req).user.userName });
    const pending = db.first(db.q.selectFrom('deposit_confirmations').selectAll().where('ChecksHeaderGuid', '=', group.ChecksHeaderGuid));
    if (!pending) throw new ApiError(422, 'DEPOSIT_NOT_STARTED', 'errorInDepositConfirmation');
    if (pending.attempts >= MAX_WRONG) throw fail.tooMany();
    const code = String(body.code).trim();
    const now = ctx.now();
    const wrong = validateDepositCode(code) !== null || !safeEqualHex(hashOf(group.ChecksHeaderGuid, code), pending.codeHash);
    if (wrong || pending.expiresAt <= now.toISOString()) {
      db.run(db.q.updateTable('deposit_confirmations').set({ attempts: pending.attempts + 1 }).where('ChecksHeaderGuid', '=', group.ChecksHeaderGuid));
      await attempt.failed();
      throw new ApiError(422, 'INVALID_CODE', 'invalidCode', { field: 'code' });
    }
    attempt.succeeded();
    db.tx(() => {
      db.run(db.q.updateTable('deposit_confirmations').set({ confirmedAt: now.toISOString() }).where('ChecksHeaderGuid', '=', group.ChecksHeaderGuid));
      db.run(
        db.q
          .updateTable('checks')
          .set((eb) => ({ SentToDeposit: 1, LastStatusChange: now.toISOString(), version: eb('version', '+', 1) }))
          .where('ChecksHeaderGuid', '=', group.ChecksHeaderGuid),
      );
    });
    const key = idempotencyKeyOf(req);
    if (key) reply.header('Idempotency-Key', key);
    return { ...echo(key), record: null, confirmed: true, ChecksHeaderGuid: group.ChecksHeaderGuid };
  });
}
