// Field-level three-way merge of a change refused with 409 (architecture, "Conflicts"): base = the row
// when the change was made, mine = the fields I sent, theirs = the server's current record.
import type { ConflictField } from '../../db/outboxRows';

export type MergeResult = {
  /** My fields to send again (on top of the server's version). */
  merged: Record<string, unknown>;
  /** Fields changed on both sides to different values: the user decides. */
  conflicts: ConflictField[];
};

/** Structural equality for JSON values (field values are JSON: strings, numbers, arrays, objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => sameValue(ra[k], rb[k]));
}

export function threeWayMerge(base: Record<string, unknown>, mine: Record<string, unknown>, theirs: Record<string, unknown>): MergeResult {
  const merged: Record<string, unknown> = {};
  const conflicts: ConflictField[] = [];
  for (const [field, value] of Object.entries(mine)) {
    const theirValue = theirs[field];
    if (sameValue(theirValue, base[field]) || sameValue(theirValue, value)) {
      // Only I changed it, or both sides agree: mine goes through.
      merged[field] = value;
    } else {
      conflicts.push({ field, base: base[field], mine: value, theirs: theirValue });
    }
  }
  return { merged, conflicts };
}

/** For a refused delete: the fields the server changed since the row was deleted here. */
export function changedSince(base: Record<string, unknown>, theirs: Record<string, unknown>): ConflictField[] {
  const ignored = new Set(['version', 'updatedAt']);
  return Object.keys(theirs)
    .filter((field) => !ignored.has(field) && field in base && !sameValue(base[field], theirs[field]))
    .map((field) => ({ field, base: base[field], mine: base[field], theirs: theirs[field] }));
}
