// What the thread routes answer (issue 31 item 2; docs/api.md "Threads"), as the client relies on it
// (see api/answers.ts); the server builds the same shapes (server/src/routes/threads.ts).
import { z } from 'zod/mini';
import { threadAddressees, threadSides } from './domain/threads';

const text = z.string();

export const threadSummary = z.looseObject({
  id: text,
  buildingId: z.number(),
  addressee: z.enum(threadAddressees),
  subject: text,
  authorName: text,
  createdAt: text,
  lastMessageAt: text,
  messageCount: z.number(),
  /** The other side's messages this user has not read (on any of their devices). */
  unread: z.number(),
  /** Opened by this user. */
  mine: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummary>;

export const threadList = z.looseObject({ records: z.array(threadSummary) });

export const threadMessage = z.looseObject({ id: text, threadId: text, text, authorName: text, side: z.enum(threadSides), mine: z.boolean(), createdAt: text });
export type ThreadMessageAnswer = z.infer<typeof threadMessage>;

export const threadDetail = z.looseObject({
  record: threadSummary,
  messages: z.array(threadMessage),
  files: z.array(z.looseObject({ id: text, parentId: text, mimeType: text })),
});
export type ThreadDetail = z.infer<typeof threadDetail>;

/** The menu's badge: threads with something unread, and the unread messages in them. */
export const threadUnread = z.looseObject({ threads: z.number(), messages: z.number() });
export type ThreadUnread = z.infer<typeof threadUnread>;
