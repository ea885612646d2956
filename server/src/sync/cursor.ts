// The incremental pull's cursor: where the device's copy stands in the change log, and what that copy
// covers. Opaque to the device (base64url JSON). It grants nothing: every record the pull sends is read
// and authorised anew (changeFeed.ts), so a forged cursor can at most make its holder re-read or miss
// their own changes; one of another user, one from the future or one the log no longer reaches is
// answered with a reset, and the device takes its buildings whole again.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Position } from '../data/syncChanges.ts';

/** At most this many buildings in one pull (a worker's round is tens). */
export const MAX_PULL_BUILDINGS = 500;

const cursorSchema = z.object({
  v: z.literal(1),
  /** The user and company it was given to. */
  u: z.number().int(),
  c: z.number().int(),
  /** The change-log position the covered buildings are current at. */
  t: z.number().int().nonnegative(),
  s: z.number().int().nonnegative(),
  /** The buildings whose records the device holds as of that position. */
  b: z.array(z.number().int()).max(MAX_PULL_BUILDINGS),
  /** The day whose visits and plan the device holds. */
  d: z.string().max(10),
  /** The plan it holds for that day (a hash). */
  p: z.string().max(64),
  /** What the user sees (buildings and tables, a hash): when it changes, everything is taken again. */
  a: z.string().max(64),
});

export type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor, or null when the text is not one this server wrote (a forged or damaged cursor). */
export function decodeCursor(text: string): Cursor | null {
  if (text.length > 8_192 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const cursorPosition = (c: Cursor): Position => ({ t: c.t, s: c.s });

/** A short digest of a value (the plan held, what the user sees). */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}
