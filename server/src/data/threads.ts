// Threads, their messages and read marks (migration 043); the rules are src/lib/domain/threads.ts.
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { threadAddressees, threadSides } from '../../../src/lib/domain/threads.ts';
import type { ThreadAddressee, ThreadSide } from '../../../src/lib/domain/threads.ts';
import type { Db } from '../db/database.ts';
import type { ThreadMessageTable, ThreadTable } from '../db/schema.ts';

export type StoredThread = Omit<ThreadTable, 'addressee'> & { addressee: ThreadAddressee };
export type StoredThreadMessage = Omit<ThreadMessageTable, 'side'> & { side: ThreadSide };

const iso = (v: string) => new Date(v).toISOString();

const threadOf = (r: Selectable<ThreadTable>): StoredThread => ({
  ...r,
  companyId: Number(r.companyId),
  buildingId: Number(r.buildingId),
  authorUserId: Number(r.authorUserId),
  addressee: z.enum(threadAddressees).parse(r.addressee),
  createdAt: iso(r.createdAt),
  lastMessageAt: iso(r.lastMessageAt),
});

const messageOf = (r: Selectable<ThreadMessageTable>): StoredThreadMessage => ({
  ...r,
  companyId: Number(r.companyId),
  authorUserId: Number(r.authorUserId),
  side: z.enum(threadSides).parse(r.side),
  createdAt: iso(r.createdAt),
});

const count = (row: { n: number | string | bigint } | undefined): number => Number(row?.n ?? 0);

export const threads = {
  find: async (db: Db, id: string): Promise<StoredThread | undefined> => {
    const r = await db.first(db.q.selectFrom('threads').selectAll().where('id', '=', id));
    return r ? threadOf(r) : undefined;
  },

  /** A tenant's own threads, newest activity first. */
  ofAuthor: async (db: Db, companyId: number, userId: number): Promise<StoredThread[]> =>
    (await db.all(db.q.selectFrom('threads').selectAll().where('companyId', '=', companyId).where('authorUserId', '=', userId).orderBy('lastMessageAt', 'desc').limit(200))).map(threadOf),

  /** The threads addressed to `addressee` in these buildings (null: all of the company's), newest activity first. */
  inbox: async (db: Db, companyId: number, addressee: ThreadAddressee, buildingIds: readonly number[] | null): Promise<StoredThread[]> => {
    if (buildingIds !== null && buildingIds.length === 0) return [];
    let query = db.q.selectFrom('threads').selectAll().where('companyId', '=', companyId).where('addressee', '=', addressee);
    if (buildingIds !== null) query = query.where('buildingId', 'in', [...buildingIds]);
    return (await db.all(query.orderBy('lastMessageAt', 'desc').limit(200))).map(threadOf);
  },

  insert: (db: Db, t: StoredThread) => db.run(db.q.insertInto('threads').values(t)),

  touch: (db: Db, id: string, at: string) => db.run(db.q.updateTable('threads').set({ lastMessageAt: at }).where('id', '=', id)),

  /** Threads a tenant opened since `since` (the daily limit). */
  openedSince: async (db: Db, userId: number, since: string): Promise<number> =>
    count(await db.first(db.q.selectFrom('threads').select((eb) => eb.fn.countAll<number>().as('n')).where('authorUserId', '=', userId).where('createdAt', '>', since))),
};

export const threadMessages = {
  find: async (db: Db, id: string): Promise<StoredThreadMessage | undefined> => {
    const r = await db.first(db.q.selectFrom('thread_messages').selectAll().where('id', '=', id));
    return r ? messageOf(r) : undefined;
  },

  ofThread: async (db: Db, threadId: string): Promise<StoredThreadMessage[]> =>
    (await db.all(db.q.selectFrom('thread_messages').selectAll().where('threadId', '=', threadId).orderBy('createdAt').orderBy('id'))).map(messageOf),

  /** The messages of these threads (for unread counts): who wrote them and when. */
  ofThreads: async (db: Db, threadIds: readonly string[]): Promise<Pick<StoredThreadMessage, 'threadId' | 'authorUserId' | 'createdAt'>[]> =>
    threadIds.length === 0
      ? []
      : (await db.all(db.q.selectFrom('thread_messages').select(['threadId', 'authorUserId', 'createdAt']).where('threadId', 'in', [...threadIds]))).map((r) => ({
          threadId: r.threadId,
          authorUserId: Number(r.authorUserId),
          createdAt: iso(r.createdAt),
        })),

  insert: (db: Db, m: StoredThreadMessage) => db.run(db.q.insertInto('thread_messages').values(m)),

  /** Messages a thread took since `since` (the daily limit). */
  since: async (db: Db, threadId: string, since: string): Promise<number> =>
    count(await db.first(db.q.selectFrom('thread_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('threadId', '=', threadId).where('createdAt', '>', since))),
};

export const threadReads = {
  /** This user's read marks of these threads. */
  of: async (db: Db, userId: number, threadIds: readonly string[]): Promise<Map<string, string>> =>
    new Map(
      threadIds.length === 0
        ? []
        : (await db.all(db.q.selectFrom('thread_reads').select(['threadId', 'readAt']).where('userId', '=', userId).where('threadId', 'in', [...threadIds]))).map((r) => [r.threadId, iso(r.readAt)]),
    ),

  /** One row per thread and user: a second device's mark moves the same row. */
  mark: (db: Db, row: { threadId: string; userId: number; companyId: number; readAt: string }) =>
    db.run(db.q.insertInto('thread_reads').values(row).onConflict((oc) => oc.columns(['threadId', 'userId']).doUpdateSet({ readAt: row.readAt }))),
};
