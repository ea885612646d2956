// Messages, their deliveries (one row per recipient × channel) and push subscriptions (issue 16).
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import type { MessageReadScope } from '../../../src/lib/domain/messageRules.ts';
import { isMessageTopic } from '../../../src/lib/domain/notificationPrefs.ts';
import type { Db } from '../db/database.ts';
import { asBoolean, fromJson } from '../db/records.ts';
import { accountOfRecipientKey } from './recipientKeys.ts';
import type { MessageDeliveryTable, MessageTable, PushSubscriptionTable } from '../db/schema.ts';

export type DeliveryRow = MessageDeliveryTable;

function decodeMessage(row: { [K in keyof MessageTable]: unknown }): Message {
  return {
    id: String(row.id),
    buildingId: Number(row.buildingId),
    subject: String(row.subject),
    body: String(row.body),
    imageId: (row.imageId as string | null) ?? null,
    owners: asBoolean(row.owners),
    renters: asBoolean(row.renters),
    channels: fromJson(row.channels) as Message['channels'],
    pinned: asBoolean(row.pinned),
    sentBy: String(row.sentBy),
    createdAt: String(row.createdAt),
    topic: isMessageTopic(row.topic) ? row.topic : 'announcements',
  };
}

export const messages = {
  insert: (db: Db, m: Message, companyId: number) =>
    db.run(db.q.insertInto('messages').values({ ...m, companyId, owners: m.owners, renters: m.renters, pinned: m.pinned, channels: JSON.stringify(m.channels) })),
  /** A call's status notice (messaging/callNotice.ts): addressed to its people only, on no board. */
  insertNotice: (db: Db, m: Message, companyId: number, serviceCallId: string) =>
    db.run(db.q.insertInto('messages').values({ ...m, companyId, serviceCallId, owners: m.owners, renters: m.renters, pinned: m.pinned, channels: JSON.stringify(m.channels) })),
  /** A reply's notice to a thread's tenant (messaging/threadNotice.ts): on no board. */
  insertThreadNotice: (db: Db, m: Message, companyId: number, threadId: string) =>
    db.run(db.q.insertInto('messages').values({ ...m, companyId, threadId, owners: m.owners, renters: m.renters, pinned: m.pinned, channels: JSON.stringify(m.channels) })),
  /** A front desk notice to an apartment (messaging/deskNotice.ts): on no board. */
  insertDeskNotice: (db: Db, m: Message, companyId: number, deskApartmentId: string) =>
    db.run(db.q.insertInto('messages').values({ ...m, companyId, deskApartmentId, channels: JSON.stringify(m.channels) })),
  /** How many desk notices an apartment has been sent since `since`. */
  countOfApartmentDeskSince: async (db: Db, apartmentId: string, since: string): Promise<number> =>
    Number((await db.first(db.q.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('deskApartmentId', '=', apartmentId).where('createdAt', '>', since)))?.n ?? 0),
  /** How many messages with an id starting `idPrefix` the threads this tenant opened hold since `since`. */
  countOfAuthorThreadsSince: async (db: Db, authorUserId: number, idPrefix: string, since: string): Promise<number> =>
    Number(
      (
        await db.first(
          db.q
            .selectFrom('messages')
            .innerJoin('threads', 'threads.id', 'messages.threadId')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('threads.authorUserId', '=', authorUserId)
            .where('messages.id', 'like', `${idPrefix}%`)
            .where('messages.createdAt', '>', since),
        )
      )?.n ?? 0,
    ),
  /** How many notices a call has sent since `since`. */
  countOfCallSince: async (db: Db, serviceCallId: string, since: string): Promise<number> =>
    Number((await db.first(db.q.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('serviceCallId', '=', serviceCallId).where('createdAt', '>', since)))?.n ?? 0),
  find: async (db: Db, id: string): Promise<(Message & { companyId: number }) | undefined> => {
    const row = await db.first(db.q.selectFrom('messages').selectAll().where('id', '=', id));
    return row ? { ...decodeMessage(row), companyId: row.companyId } : undefined;
  },
  /** The building's newest messages a reader of `scope` gets (lib/domain/messageRules.ts), filtered before the limit. */
  ofBuilding: async (db: Db, buildingId: number, scope: MessageReadScope, limit = 50): Promise<Message[]> => {
    let query = db.q.selectFrom('messages').selectAll().where('buildingId', '=', buildingId).where('serviceCallId', 'is', null).where('threadId', 'is', null);
    if (scope === 'owners' || scope === 'everyone') query = query.where('owners', '=', true);
    if (scope === 'renters' || scope === 'everyone') query = query.where('renters', '=', true);
    // A message to neither owners nor renters is one person's own (a debt reminder): never on the board.
    if (scope === 'all') query = query.where((eb) => eb.or([eb('owners', '=', true), eb('renters', '=', true)]));
    return (await db.all(query.orderBy('createdAt', 'desc').limit(limit))).map(decodeMessage);
  },
};

export const deliveries = {
  insert: (db: Db, row: DeliveryRow) => db.run(db.q.insertInto('message_deliveries').values(row)),
  ofMessage: (db: Db, messageId: string) => db.all(db.q.selectFrom('message_deliveries').selectAll().where('messageId', '=', messageId).orderBy('id')),
  /** Rows due to be sent now, oldest first. */
  due: (db: Db, now: string, limit: number) =>
    db.all(db.q.selectFrom('message_deliveries').selectAll().where('state', '=', 'queued').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(limit)),
  /** Takes a queued row for sending; false when another process (or an earlier run) took it. */
  claim: async (db: Db, id: string, attempts: number, now: string): Promise<boolean> =>
    (
      await db.run(
        db.q.updateTable('message_deliveries').set({ state: 'sending', attempts, updatedAt: now }).where('id', '=', id).where('state', '=', 'queued'),
      )
    ).changes === 1,
  finish: (db: Db, id: string, change: Pick<DeliveryRow, 'state' | 'reason' | 'nextAttemptAt' | 'sentAt' | 'updatedAt'>) =>
    db.run(db.q.updateTable('message_deliveries').set(change).where('id', '=', id).where('state', '=', 'sending')),
  /**
   * Rows left 'sending' by a process that stopped mid-send: whether they went out is unknown, and a
   * message must never arrive twice, so they are marked failed ('interrupted') rather than sent again.
   */
  abandon: async (db: Db, before: string, now: string): Promise<number> =>
    (
      await db.run(
        db.q.updateTable('message_deliveries').set({ state: 'failed', reason: 'interrupted', updatedAt: now }).where('state', '=', 'sending').where('updatedAt', '<', before),
      )
    ).changes,
};

export const pushSubscriptions = {
  /** Stores a subscription (a row of the same endpoint is replaced: the route decides whose it may be). */
  save: async (db: Db, row: PushSubscriptionTable) => {
    await db.run(db.q.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint));
    await db.run(db.q.insertInto('push_subscriptions').values(row));
  },
  /** Keeps `latest` and the user's newest others, `keep` in all; removes the rest and says how many. */
  keepNewest: async (db: Db, companyId: number, userId: number, latest: string, keep: number): Promise<number> => {
    const old = await db.all(
      db.q
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('companyId', '=', companyId)
        .where('userId', '=', userId)
        .where('endpoint', '<>', latest)
        .orderBy('createdAt', 'desc')
        .orderBy('endpoint')
        .offset(keep - 1)
        .limit(1000),
    );
    if (old.length === 0) return 0;
    return (await db.run(db.q.deleteFrom('push_subscriptions').where('endpoint', 'in', old.map((r) => r.endpoint)))).changes;
  },
  /** The subscriptions of the contacts' own accounts (of the contacts' company), newest first. */
  ofContacts: async (db: Db, contactIds: readonly string[]) =>
    contactIds.length === 0
      ? []
      : db.all(
          db.q
            .selectFrom('push_subscriptions')
            .innerJoin('users', (join) => join.onRef('users.id', '=', 'push_subscriptions.userId').onRef('users.companyId', '=', 'push_subscriptions.companyId'))
            .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth', 'push_subscriptions.language', 'users.contactId'])
            .where('users.contactId', 'in', [...contactIds])
            .orderBy('push_subscriptions.createdAt', 'desc'),
        ),
  byEndpoint: (db: Db, endpoint: string) => db.first(db.q.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint)),
  /** One account's subscriptions, newest first. */
  ofUser: (db: Db, userId: number) =>
    db.all(
      db.q
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth', 'language'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc'),
    ),
  /**
   * The subscription at `endpoint` only while it is the recipient's own (their account, their company);
   * the recipient is a contact, or an account (messaging/recipientKeys.ts).
   */
  ofRecipient: (db: Db, endpoint: string, recipientKey: string, companyId: number) => {
    const account = accountOfRecipientKey(recipientKey);
    return db.first(
      db.q
        .selectFrom('push_subscriptions')
        .innerJoin('users', (join) => join.onRef('users.id', '=', 'push_subscriptions.userId').onRef('users.companyId', '=', 'push_subscriptions.companyId'))
        .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth', 'push_subscriptions.language'])
        .where('push_subscriptions.endpoint', '=', endpoint)
        .where('push_subscriptions.companyId', '=', companyId)
        .where((eb) => (account === null ? eb('users.contactId', '=', recipientKey) : eb('users.id', '=', account))),
    );
  },
};
