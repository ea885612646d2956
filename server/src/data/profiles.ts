// Profile change and data deletion requests, and terms-of-use approvals (migration 013).
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';

export type ProfileRequest = {
  id: string;
  userId: number;
  userName: string;
  kind: string;
  changes: Record<string, string>;
  note: string;
  state: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
};

type Row = Omit<ProfileRequest, 'changes'> & { changes: unknown; companyId: number };

const requestOf = (r: Row): ProfileRequest => ({
  id: r.id,
  userId: Number(r.userId),
  userName: r.userName,
  kind: r.kind,
  changes: fromJson(r.changes) as Record<string, string>,
  note: r.note,
  state: r.state,
  createdAt: r.createdAt,
  decidedAt: r.decidedAt,
  decidedBy: r.decidedBy,
});

export const profileRequests = {
  find: async (db: Db, id: string): Promise<(ProfileRequest & { companyId: number }) | undefined> => {
    const row = await db.first(db.q.selectFrom('profile_requests').selectAll().where('id', '=', id));
    return row ? { ...requestOf(row), companyId: row.companyId } : undefined;
  },
  insert: (db: Db, r: ProfileRequest, companyId: number) => db.run(db.q.insertInto('profile_requests').values({ ...r, changes: JSON.stringify(r.changes), companyId })),
  ofUser: async (db: Db, userId: number): Promise<ProfileRequest[]> =>
    (await db.all(db.q.selectFrom('profile_requests').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc'))).map(requestOf),
  /** The company's requests of one kind, pending first, then the newest. */
  ofCompany: async (db: Db, companyId: number, kind: string): Promise<ProfileRequest[]> =>
    (await db.all(db.q.selectFrom('profile_requests').selectAll().where('companyId', '=', companyId).where('kind', '=', kind).orderBy('createdAt', 'desc').limit(200)))
      .map(requestOf)
      .sort((a, b) => Number(b.state === 'pending') - Number(a.state === 'pending')),
  decide: (db: Db, id: string, state: string, decidedBy: string, decidedAt: string) =>
    db.run(db.q.updateTable('profile_requests').set({ state, decidedBy, decidedAt }).where('id', '=', id)),
};

export const termsApprovals = {
  has: async (db: Db, userId: number, version: string): Promise<boolean> =>
    (await db.first(db.q.selectFrom('terms_approvals').select('version').where('userId', '=', userId).where('version', '=', version))) !== undefined,
  insert: (db: Db, row: { userId: number; version: string; companyId: number; approvedAt: string }) => db.run(db.q.insertInto('terms_approvals').values(row)),
};
