// Threads (issue 31 item 2, "talk to the committee"): a tenant writes to the house committee or to the
// management company of their building; the addressee answers; the tenant reads the answers. The rules the
// tenant app and the server share: who a thread is for, the lengths, the daily limits and unread counts.
import type { Role } from '../rights/rights.ts';
import type { RuleResult } from '../validation/rules.ts';

export const threadAddressees = ['committee', 'office'] as const;
export type ThreadAddressee = (typeof threadAddressees)[number];

/** Who wrote a message: the tenant who opened the thread, or the committee or office answering. */
export const threadSides = ['tenant', 'answer'] as const;
export type ThreadSide = (typeof threadSides)[number];

/** Threads one tenant may open in a day, counted by the server in its database. */
export const THREADS_PER_DAY = 5;
/** Messages one thread takes in a day, both sides together: each answer notifies the tenant. */
export const THREAD_MESSAGES_PER_DAY = 30;
/** Notices one tenant's new threads and messages send their addressees in a day, counted by the server; past it, messages still arrive, in silence. */
export const THREAD_NOTICES_PER_TENANT_DAY = 20;
export const THREAD_SUBJECT_MAX = 120;
export const THREAD_TEXT_MAX = 4000;

export function isThreadAddressee(value: unknown): value is ThreadAddressee {
  return typeof value === 'string' && (threadAddressees as readonly string[]).includes(value);
}

/** The threads a role answers: the committee those addressed to it, the management company's staff the office's. */
export function addresseeAnswered(role: Role): ThreadAddressee | null {
  if (role === 'committee') return 'committee';
  if (role === 'manager' || role === 'admin') return 'office';
  return null;
}

export function validateThreadText(text: string | null | undefined): RuleResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { field: 'text', messageKey: 'requiredField' };
  if (trimmed.length > THREAD_TEXT_MAX) return { field: 'text', messageKey: 'threadTextTooLong' };
  return null;
}

export type NewThreadInput = { addressee: string | null | undefined; subject: string | null | undefined; text: string | null | undefined };

export function validateNewThread(input: NewThreadInput): RuleResult {
  if (!isThreadAddressee(input.addressee)) return { field: 'addressee', messageKey: 'requiredField' };
  const subject = (input.subject ?? '').trim();
  if (subject === '') return { field: 'subject', messageKey: 'requiredField' };
  if (subject.length > THREAD_SUBJECT_MAX) return { field: 'subject', messageKey: 'threadSubjectTooLong' };
  return validateThreadText(input.text);
}

/**
 * Unread messages of a thread for one reader: the other side's messages written after the reader's
 * mark (none yet: all of them). One's own messages are never unread.
 */
export function unreadCount(messages: readonly { createdAt: string; authorUserId: number }[], readerId: number, readAt: string | null): number {
  const mark = readAt === null ? null : Date.parse(readAt);
  return messages.filter((m) => m.authorUserId !== readerId && (mark === null || Date.parse(m.createdAt) > mark)).length;
}

/** The new read mark: never moved back (two devices), never past the newest message the reader saw. */
export function nextReadMark(current: string | null, seenUpTo: string, now: string): string {
  const wanted = Math.min(Date.parse(seenUpTo), Date.parse(now));
  const held = current === null ? -Infinity : Date.parse(current);
  return new Date(Math.max(wanted, held)).toISOString();
}
