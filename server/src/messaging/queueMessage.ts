// Queuing a message (issue 16): the message row and one delivery row per recipient × channel, written in
// the caller's transaction; the send job (deliveryJob.ts) delivers them. Used by the messages route and
// by the building-event reminders, so both reach people the same way.
import type { Message } from '../../../src/lib/domain/buildingLife.ts';
import type { Contact } from '../../../src/lib/domain/entities.ts';
import type { MessageChannel } from '../../../src/lib/domain/messageRules.ts';
import { audienceRoles, messageChannels } from '../../../src/lib/domain/messageRules.ts';
import type { MessageTopic } from '../../../src/lib/domain/notificationPrefs.ts';
import { allowsDelivery } from '../../../src/lib/domain/notificationPrefs.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import type { DeliveryRow } from '../data/messages.ts';
import { deliveries, messages, pushSubscriptions } from '../data/messages.ts';
import { isPushServiceEndpoint } from './pushTargets.ts';
import { notificationPrefs } from '../data/notificationPrefs.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { accountRecipientKey } from '../data/recipientKeys.ts';
import type { LanguageId } from '../translate/phrases.ts';
import { languageCodes, languageIdOf } from '../translate/phrases.ts';

/**
 * A person the message goes to: who (`key`, the delivery rows' recipient: a contact id, or an account's key
 * for staff, recipientKeys.ts), their address on each channel, whether they let this topic reach them
 * there, and their language.
 */
export type Recipient = {
  key: string;
  name: string;
  address: Record<MessageChannel, string | null>;
  allows: Record<MessageChannel, boolean>;
  languageId: LanguageId;
};

/** A recipient's own text of a message, in their language. */
export type RecipientText = { subject: string; body: string; languageId: LanguageId };

/** The building's owners and/or renters with their address on each channel (null: none) and their preferences. */
export async function recipientsOf(db: Db, buildingId: number, audience: { owners: boolean; renters: boolean; topic: MessageTopic }): Promise<Recipient[]> {
  const roles = audienceRoles(audience);
  const people = roles.length === 0 ? [] : await contacts.list(db, { buildingId, role: roles }, { orderBy: 'fullName' });
  return recipientsAmong(db, people, audience.topic);
}

/** These people as recipients of a message about `topic`: their address on each channel, preferences and language. */
export async function recipientsAmong(db: Db, people: readonly Contact[], topic: MessageTopic): Promise<Recipient[]> {
  const ids = people.map((c) => c.id);
  const subs = await pushSubscriptions.ofContacts(db, ids);
  const prefs = await notificationPrefs.ofContacts(db, ids);
  const languages = await users.languagesOfContacts(db, ids);
  return people.map((contact) => ({
    // A contact without an account of the app reads the building's default language, Hebrew.
    languageId: languageIdOf(languages.get(contact.id)) ?? 1,
    key: contact.id,
    name: contact.fullName,
    // The newest subscription of the contact's account that points at a push service (messaging/pushTargets.ts).
    address: {
      email: contact.email || null,
      sms: contact.phone || null,
      push: subs.find((s) => s.contactId === contact.id && isPushServiceEndpoint(s.endpoint))?.endpoint ?? null,
    },
    allows: Object.fromEntries(messageChannels.map((ch) => [ch, allowsDelivery(prefs.get(contact.id), ch, topic)])) as Record<MessageChannel, boolean>,
  }));
}

/**
 * Writes the message and its delivery rows (no address: failed 'noAddress'; opted out: skipped, at once);
 * returns the rows. `textFor` gives each recipient their own text (a reminder in their language); without
 * it every recipient gets the message's text.
 */
export async function queueMessage(
  tx: Db,
  message: Message,
  companyId: number,
  now: string,
  textFor?: (person: Recipient) => RecipientText,
  personal?: { people: readonly Contact[]; url: string },
): Promise<DeliveryRow[]> {
  await messages.insert(tx, message, companyId);
  // A personal message (a debt reminder) goes to the people named, and its push opens its own link.
  const audience = personal ? await recipientsAmong(tx, personal.people, message.topic) : await recipientsOf(tx, message.buildingId, message);
  return queueDeliveries(tx, message, companyId, now, audience, textFor, personal?.url ?? null);
}

/**
 * These accounts (staff and the committee, who have no contact of the building) as recipients of a message
 * about `topic`: their own e-mail, their newest push subscription, their preferences and language.
 */
export async function accountRecipients(
  db: Db,
  accounts: readonly Pick<UserRow, 'id' | 'fullName' | 'userName' | 'email' | 'languageId'>[],
  topic: MessageTopic,
): Promise<Recipient[]> {
  const out: Recipient[] = [];
  for (const account of accounts) {
    const prefs = await notificationPrefs.ofUser(db, account.id);
    const push = (await pushSubscriptions.ofUser(db, account.id)).find((s) => isPushServiceEndpoint(s.endpoint))?.endpoint ?? null;
    out.push({
      key: accountRecipientKey(account.id),
      name: account.fullName || account.userName,
      languageId: languageIdOf(account.languageId) ?? 1,
      address: { email: account.email || null, sms: null, push },
      allows: Object.fromEntries(messageChannels.map((ch) => [ch, allowsDelivery([prefs], ch, topic)])) as Record<MessageChannel, boolean>,
    });
  }
  return out;
}

/** One delivery row per recipient × channel of a message already written (see queueMessage). */
export async function queueDeliveries(
  tx: Db,
  message: Message,
  companyId: number,
  now: string,
  people: readonly Recipient[],
  textFor?: (person: Recipient) => RecipientText,
  url: string | null = null,
): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  for (const person of people) {
    const own = textFor?.(person);
    for (const channel of message.channels) {
      const address = person.address[channel];
      const optedOut = address !== null && !person.allows[channel];
      const row: DeliveryRow = {
        id: `${message.id}:${person.key}:${channel}`,
        companyId,
        messageId: message.id,
        contactId: person.key,
        channel,
        address,
        state: address === null ? 'failed' : optedOut ? 'skipped' : 'queued',
        reason: address === null ? 'noAddress' : optedOut ? 'optedOut' : null,
        attempts: 0,
        nextAttemptAt: now,
        sentAt: null,
        updatedAt: now,
        subject: own?.subject ?? null,
        body: own?.body ?? null,
        language: own ? languageCodes[own.languageId] : null,
        url,
      };
      await deliveries.insert(tx, row);
      rows.push(row);
    }
  }
  return rows;
}
