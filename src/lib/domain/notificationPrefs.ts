// Notification preferences of a user (spec 1 "preferences"): which ways a message may reach them
// (e-mail, SMS, push) and about what (general announcements, payments, service calls and maintenance,
// what waits for them at the front desk, messages in their conversations with the committee or the office).
// A message is delivered on a channel only when both the channel and its topic are on; everything is on
// until the user turns it off. The send job and the recipients preview apply `allowsDelivery`.
import type { MessageChannel } from './messageRules.ts';
import { messageChannels } from './messageRules.ts';

export const messageTopics = ['announcements', 'payments', 'serviceCalls', 'desk', 'threads'] as const;
export type MessageTopic = (typeof messageTopics)[number];
/** What staff and the committee write about; the front desk's and conversations' notices are the system's own (messaging/deskNotice.ts, threadNotice.ts). */
export const composedTopics = ['announcements', 'payments', 'serviceCalls'] as const satisfies readonly MessageTopic[];

export type NotificationPrefs = { channels: Record<MessageChannel, boolean>; topics: Record<MessageTopic, boolean> };

export const defaultNotificationPrefs: NotificationPrefs = {
  channels: { email: true, sms: true, push: true },
  topics: { announcements: true, payments: true, serviceCalls: true, desk: true, threads: true },
};

export function isMessageTopic(value: unknown): value is MessageTopic {
  return typeof value === 'string' && (messageTopics as readonly string[]).includes(value);
}

/** Any stored or sent value as full preferences: what is missing or not a boolean stays on. */
export function notificationPrefsOf(value: unknown): NotificationPrefs {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as { channels?: Record<string, unknown>; topics?: Record<string, unknown> };
  const flag = (v: unknown) => v !== false;
  return {
    channels: Object.fromEntries(messageChannels.map((c) => [c, flag(raw.channels?.[c])])) as NotificationPrefs['channels'],
    topics: Object.fromEntries(messageTopics.map((k) => [k, flag(raw.topics?.[k])])) as NotificationPrefs['topics'],
  };
}

/** Whether a message about `topic` may be sent on `channel` to a person with these accounts' preferences (none: yes). */
export function allowsDelivery(prefs: readonly NotificationPrefs[] | undefined, channel: MessageChannel, topic: MessageTopic): boolean {
  return (prefs ?? []).every((p) => p.channels[channel] && p.topics[topic]);
}
