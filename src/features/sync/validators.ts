// Re-validation of an edited payload before "edit and retry": the same rules the forms and the
// server use (src/lib), chosen by the entry's table. Features add their table here.
import type { OutboxEntry } from '../../db/outboxRows';
import { db } from '../../db/db';
import { nextReadingOf, validateReading, validateReadingCorrection } from '../../lib/domain/meterRules';
import { validateContact, validateServiceCall } from '../../lib/validation/rules';
import type { RuleResult } from '../../lib/validation/rules';

type Row = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const byTable: Partial<Record<string, (payload: Row, entry: OutboxEntry) => RuleResult>> = {
  serviceCalls: (p, entry) =>
    entry.op === 'create' || 'description' in p
      ? validateServiceCall({
          buildingId: entry.op === 'create' ? num(p.buildingId) : 1,
          domain: entry.op === 'create' ? text(p.domain) : 'general',
          description: text(p.description),
        })
      : null,
  contacts: (p) =>
    validateContact({
      buildingId: num(p.buildingId),
      firstName: text(p.firstName) ?? '',
      lastName: text(p.lastName) ?? '',
      phone: text(p.phone),
      email: text(p.email),
    }),
};

/** A reading is checked against the chain the device holds: its previous value (not sent), and the next reading. */
async function validateReadingPayload(p: Row, entry: OutboxEntry): Promise<RuleResult> {
  if (!('current' in p)) return null;
  const current = num(p.current) ?? Number.NaN;
  const row = await db.meterReadings.get(String(entry.recordId));
  if (!row) return null;
  if (entry.op === 'create') return validateReading({ previous: row.previous, current, photoId: text(p.photoId) });
  const next = nextReadingOf(row, await db.meterReadings.where('meterId').equals(row.meterId).toArray());
  return validateReadingCorrection({ reading: row, current, photoId: row.photoId, next });
}

export async function validatePayload(entry: OutboxEntry, payload: Row): Promise<RuleResult> {
  if (entry.table === 'meterReadings') return validateReadingPayload(payload, entry);
  return byTable[entry.table]?.(payload, entry) ?? null;
}
