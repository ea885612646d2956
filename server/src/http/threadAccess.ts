// Which threads a user reaches (issue 31 item 2; src/lib/domain/threads.ts): a tenant their own; the
// committee the threads addressed to the committee of its buildings; the management company's staff those
// addressed to the office in the buildings they see. Any other thread — another apartment's, building's or
// company's — is not told apart from one that does not exist (404).
import type { FastifyRequest } from 'fastify';
import type { ThreadAddressee } from '../../../src/lib/domain/threads.ts';
import { addresseeAnswered } from '../../../src/lib/domain/threads.ts';
import type { Db } from '../db/database.ts';
import { threads } from '../data/threads.ts';
import type { StoredThread } from '../data/threads.ts';
import { fail } from './errors.ts';
import { authOf } from './hooks.ts';
import { actorOf, visibleBuildingIds } from './rights.ts';

/** How the caller reads threads: as the tenant who wrote them, or as their addressee. */
export type ThreadReader = { kind: 'tenant'; userId: number } | { kind: 'addressee'; userId: number; addressee: ThreadAddressee };

export function threadReaderOf(req: FastifyRequest): ThreadReader {
  const { user } = authOf(req);
  const role = actorOf(user).role;
  if (role === 'owner' || role === 'renter') return { kind: 'tenant', userId: user.id };
  const addressee = addresseeAnswered(role);
  if (addressee === null) throw fail.forbidden();
  return { kind: 'addressee', userId: user.id, addressee };
}

/** Whether the reader reaches the thread (their company checked by the caller). */
async function reaches(db: Db, req: FastifyRequest, reader: ThreadReader, thread: StoredThread): Promise<boolean> {
  if (reader.kind === 'tenant') return thread.authorUserId === reader.userId;
  if (thread.addressee !== reader.addressee) return false;
  const visible = await visibleBuildingIds(db, req);
  return visible === null || visible.has(thread.buildingId);
}

export async function loadThread(db: Db, req: FastifyRequest, id: string): Promise<{ thread: StoredThread; reader: ThreadReader }> {
  const reader = threadReaderOf(req);
  const thread = await threads.find(db, id);
  if (!thread || thread.companyId !== authOf(req).companyId || !(await reaches(db, req, reader, thread))) throw fail.notFound();
  return { thread, reader };
}

/** The threads the reader reaches, newest activity first. */
export async function threadsOf(db: Db, req: FastifyRequest, reader: ThreadReader): Promise<StoredThread[]> {
  const { companyId } = authOf(req);
  if (reader.kind === 'tenant') return threads.ofAuthor(db, companyId, reader.userId);
  const visible = await visibleBuildingIds(db, req);
  return threads.inbox(db, companyId, reader.addressee, visible === null ? null : [...visible]);
}
