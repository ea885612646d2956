// Threads (issue 31 item 2; docs/api.md "Threads"): a tenant writes to the committee or the management
// company of their building (through the outbox: once per id and Idempotency-Key; the photos follow the
// message, files/uploadRules.ts), the addressee answers; the tenant hears of each answer and the addressee
// side of each new thread and tenant's message (messaging/threadNotice.ts, sent after the commit). Read marks are per thread and user, on the server,
// so every device of a person shows the same unread counts. Who reaches what: http/threadAccess.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  THREAD_MESSAGES_PER_DAY,
  THREAD_SUBJECT_MAX,
  THREAD_TEXT_MAX,
  THREADS_PER_DAY,
  nextReadMark,
  threadAddressees,
  unreadCount,
  validateNewThread,
  validateThreadText,
} from '../../../src/lib/domain/threads.ts';
import type { ThreadMessageAnswer, ThreadSummary } from '../../../src/lib/threadAnswers.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { files } from '../data/files.ts';
import { threadMessages, threadReads, threads } from '../data/threads.ts';
import type { StoredThread, StoredThreadMessage } from '../data/threads.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { isoTime, recordId } from '../http/schemas.ts';
import { tenantHomeOf } from '../http/tenantCallAccess.ts';
import { loadThread, threadReaderOf, threadsOf } from '../http/threadAccess.ts';
import { parse } from '../http/validate.ts';
import { queueAddresseeNotice, queueThreadNotice } from '../messaging/threadNotice.ts';
import { defineCommand } from '../http/command.ts';
import { idParams, noParams, paramsOf } from '../http/params.ts';

const openBody = z.object({
  id: recordId,
  addressee: z.enum(threadAddressees),
  subject: z.string().max(THREAD_SUBJECT_MAX * 2),
  messageId: recordId,
  text: z.string().max(THREAD_TEXT_MAX * 2),
});
const messageBody = z.object({ id: recordId, text: z.string().max(THREAD_TEXT_MAX * 2) });
const readBody = z.object({ upTo: isoTime });

const DAY_MS = 24 * 60 * 60_000;

type Seen = { messageCount: number; unread: number };

function summaryOf(thread: StoredThread, userId: number, seen: Seen): ThreadSummary {
  return {
    id: thread.id,
    buildingId: thread.buildingId,
    addressee: thread.addressee,
    subject: thread.subject,
    authorName: thread.authorName,
    createdAt: thread.createdAt,
    lastMessageAt: thread.lastMessageAt,
    ...seen,
    mine: thread.authorUserId === userId,
  };
}

function messageOf(m: StoredThreadMessage, userId: number): ThreadMessageAnswer {
  return { id: m.id, threadId: m.threadId, text: m.text, authorName: m.authorName, side: m.side, mine: m.authorUserId === userId, createdAt: m.createdAt };
}

/** Each thread's message count and this user's unread messages in it. */
async function seenOf(db: Db, userId: number, list: readonly StoredThread[]): Promise<Map<string, Seen>> {
  const ids = list.map((t) => t.id);
  const all = await threadMessages.ofThreads(db, ids);
  const marks = await threadReads.of(db, userId, ids);
  return new Map(
    ids.map((id) => {
      const own = all.filter((m) => m.threadId === id);
      return [id, { messageCount: own.length, unread: unreadCount(own, userId, marks.get(id) ?? null) }];
    }),
  );
}

async function summariesOf(db: Db, userId: number, list: readonly StoredThread[]): Promise<ThreadSummary[]> {
  const seen = await seenOf(db, userId, list);
  return list.map((t) => summaryOf(t, userId, seen.get(t.id) ?? { messageCount: 0, unread: 0 }));
}

/** Refuses a message past the thread's daily limit (both sides count: each answer notifies the tenant). */
async function checkMessageLimit(tx: Db, threadId: string, now: string): Promise<void> {
  if ((await threadMessages.since(tx, threadId, new Date(Date.parse(now) - DAY_MS).toISOString())) >= THREAD_MESSAGES_PER_DAY)
    throw new ApiError(429, 'TOO_MANY_REQUESTS', 'threadMessagesPerDay');
}

export function threadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** A tenant's own threads, or the addressee's inbox; each with the caller's unread count. */
  app.get('/api/binyan/threads', { config: { right: 'threads.read' } }, async (req) => {
    const reader = threadReaderOf(req);
    return { records: await summariesOf(db, reader.userId, await threadsOf(db, req, reader)), serverTime: ctx.nowIso() };
  });

  /** The menu's badge: how many threads have unread messages, and how many messages. */
  app.get('/api/binyan/threads/unread', { config: { right: 'threads.read' } }, async (req) => {
    const reader = threadReaderOf(req);
    const seen = [...(await seenOf(db, reader.userId, await threadsOf(db, req, reader))).values()];
    return { threads: seen.filter((s) => s.unread > 0).length, messages: seen.reduce((sum, s) => sum + s.unread, 0) };
  });

  app.get('/api/binyan/threads/:id', { config: { right: 'threads.read' } }, async (req) => {
    const { thread, reader } = await loadThread(db, req, paramsOf(idParams, req).id);
    const list = await threadMessages.ofThread(db, thread.id);
    const photos = await files.ofThreadMessages(
      db,
      thread.companyId,
      list.map((m) => m.id),
    );
    const [record] = await summariesOf(db, reader.userId, [thread]);
    return {
      record,
      messages: list.map((m) => messageOf(m, reader.userId)),
      files: photos.map((f) => ({ id: f.id, parentId: f.parentId, mimeType: f.mimeType })),
    };
  });

  /**
   * The caller has read the thread up to `upTo` (the newest message they were shown): the mark only moves
   * forward, so a late request from another device never makes read messages unread again.
   */
  app.post('/api/binyan/threads/:id/read', { config: { right: 'threads.read' } }, async (req, reply) => {
    const { id } = paramsOf(idParams, req);
    const body = parse(readBody, req.body ?? {});
    return runMutation(
      ctx,
      req,
      reply,
      async (tx) => {
        const { thread, reader } = await loadThread(tx, req, id);
        const current = (await threadReads.of(tx, reader.userId, [thread.id])).get(thread.id) ?? null;
        await threadReads.mark(tx, {
          threadId: thread.id,
          userId: reader.userId,
          companyId: thread.companyId,
          readAt: nextReadMark(current, body.upTo, ctx.nowIso()),
        });
        const [record] = await summariesOf(tx, reader.userId, [thread]);
        return { record };
      },
      { keyRequired: false },
    );
  });
}

export const threadsCommands = [
  /** A tenant opens a thread with its first message; the same id again is the same thread (409 with it). */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/threads',
    right: 'threads.open',
    params: noParams,
    body: openBody,
    bodyOptional: true,
    check: ({ body }) => {
      enforce(validateNewThread(body));
    },
    change: async (tx, { ctx, req, body }) => {
      const home = await tenantHomeOf(tx, req);
      const { user, companyId } = authOf(req);
      const existing = await threads.find(tx, body.id);
      if (existing) {
        if (existing.companyId === companyId && existing.authorUserId === user.id) throw fail.exists((await summariesOf(tx, user.id, [existing]))[0]);
        throw fail.idTaken();
      }
      if (await threadMessages.find(tx, body.messageId)) throw fail.idTaken();
      const now = ctx.nowIso();
      if ((await threads.openedSince(tx, user.id, new Date(Date.parse(now) - DAY_MS).toISOString())) >= THREADS_PER_DAY)
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'threadsPerDay');
      const authorName = user.fullName || user.userName;
      const thread: StoredThread = {
        id: body.id,
        companyId,
        buildingId: home.buildingId,
        apartmentId: home.apartmentId,
        authorUserId: user.id,
        authorContactId: home.contactId,
        authorName,
        addressee: body.addressee,
        subject: body.subject.trim(),
        createdAt: now,
        lastMessageAt: now,
      };
      await threads.insert(tx, thread);
      const first: StoredThreadMessage = {
        id: body.messageId,
        threadId: thread.id,
        companyId,
        authorUserId: user.id,
        authorName,
        side: 'tenant',
        text: body.text.trim(),
        createdAt: now,
      };
      await threadMessages.insert(tx, first);
      // What one writes is read: the author's own mark starts at their first message.
      await threadReads.mark(tx, { threadId: thread.id, userId: user.id, companyId, readAt: now });
      const noticeQueued = await queueAddresseeNotice(tx, thread, first, true, now);
      return { status: 201, record: summaryOf(thread, user.id, { messageCount: 1, unread: 0 }), after: noticeQueued };
    },
    effects: async ({ ctx }, noticeQueued) => {
      if (noticeQueued) ctx.messaging.kick();
    },
  }),

  /** A message in a thread one reaches: the tenant's, which notifies the addressees, or an answer, which notifies the tenant (after the commit). */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/threads/:id/messages',
    right: 'threads.reply',
    params: idParams,
    body: messageBody,
    bodyOptional: true,
    check: ({ body }) => {
      enforce(validateThreadText(body.text));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      let noticeQueued = false;
      const { thread, reader } = await loadThread(tx, req, id);
      const { user, companyId } = authOf(req);
      const existing = await threadMessages.find(tx, body.id);
      if (existing) {
        if (existing.companyId === companyId && existing.threadId === thread.id && existing.authorUserId === user.id)
          throw fail.exists(messageOf(existing, user.id));
        throw fail.idTaken();
      }
      const now = ctx.nowIso();
      await checkMessageLimit(tx, thread.id, now);
      const message: StoredThreadMessage = {
        id: body.id,
        threadId: thread.id,
        companyId,
        authorUserId: user.id,
        authorName: user.fullName || user.userName,
        side: reader.kind === 'tenant' ? 'tenant' : 'answer',
        text: body.text.trim(),
        createdAt: now,
      };
      await threadMessages.insert(tx, message);
      await threads.touch(tx, thread.id, now);
      await threadReads.mark(tx, { threadId: thread.id, userId: user.id, companyId, readAt: now });
      noticeQueued =
        message.side === 'answer' ? await queueThreadNotice(tx, thread, message, now) : await queueAddresseeNotice(tx, thread, message, false, now);
      return { status: 201, record: messageOf(message, user.id), after: noticeQueued };
    },
    effects: async ({ ctx }, noticeQueued) => {
      if (noticeQueued) ctx.messaging.kick();
    },
  }),
];
