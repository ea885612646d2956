// Re-validation of an edited payload before "edit and retry": the same rules the forms and the
// server use (src/lib), chosen by the entry's table. Features add their table here.
import type { OutboxEntry } from '../../db/outboxRows';
import { validateReading } from '../../lib/domain/meterRules';
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
    validateContact({ buildingId: num(p.buildingId), firstName: text(p.firstName) ?? '', lastName: text(p.lastName) ?? '', phone: text(p.phone), email: text(p.email) }),
  meterReadings: (p) =>
    'current' in p ? validateReading({ previous: num(p.previous) ?? 0, current: num(p.current) ?? Number.NaN, photoId: text(p.photoId) }) : null,
};

export function validatePayload(entry: OutboxEntry, payload: Row): RuleResult {
  return byTable[entry.table]?.(payload, entry) ?? null;
}
