// Users' notification preferences (migration 016). A user without a row has everything on.
import type { NotificationPrefs } from '../../../src/lib/domain/notificationPrefs.ts';
import { defaultNotificationPrefs, notificationPrefsOf } from '../../../src/lib/domain/notificationPrefs.ts';
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';
import { accountOfRecipientKey } from './recipientKeys.ts';

export const notificationPrefs = {
  ofUser: async (db: Db, userId: number): Promise<NotificationPrefs> => {
    const row = await db.first(db.q.selectFrom('notification_preferences').select('preferences').where('userId', '=', userId));
    return row ? notificationPrefsOf(fromJson(row.preferences)) : defaultNotificationPrefs;
  },
  save: async (db: Db, userId: number, companyId: number, prefs: NotificationPrefs, now: string): Promise<void> => {
    await db.run(db.q.deleteFrom('notification_preferences').where('userId', '=', userId));
    await db.run(db.q.insertInto('notification_preferences').values({ userId, companyId, preferences: JSON.stringify(prefs), updatedAt: now }));
  },
  /** The preferences of a delivery's recipient (messaging/recipientKeys.ts): an account's own, or its contact's accounts'. */
  ofRecipient: async (db: Db, recipientKey: string): Promise<NotificationPrefs[] | undefined> => {
    const account = accountOfRecipientKey(recipientKey);
    if (account !== null) return [await notificationPrefs.ofUser(db, account)];
    return (await notificationPrefs.ofContacts(db, [recipientKey])).get(recipientKey);
  },
  /**
   * The preferences of the people behind these contacts, by contact id (only those with an account and
   * a stored choice). A contact with two accounts is reached only where both allow it.
   */
  ofContacts: async (db: Db, contactIds: readonly string[]): Promise<Map<string, NotificationPrefs[]>> => {
    const out = new Map<string, NotificationPrefs[]>();
    if (contactIds.length === 0) return out;
    const rows = await db.all(
      db.q
        .selectFrom('notification_preferences')
        .innerJoin('users', 'users.id', 'notification_preferences.userId')
        .select(['users.contactId', 'notification_preferences.preferences'])
        .where('users.contactId', 'in', [...contactIds]),
    );
    for (const row of rows) {
      if (!row.contactId) continue;
      out.set(row.contactId, [...(out.get(row.contactId) ?? []), notificationPrefsOf(fromJson(row.preferences))]);
    }
    return out;
  },
};
