// An EV-charging station's reading is a charge of the one ledger (issue 14; rules in
// src/lib/domain/evCharges.ts): posted with the reading in its transaction, corrected with it, taken
// back when the (unpaid) reading is deleted. A reading's `paid` is its charge settled, read from the
// ledger, so a card payment, a standing order, approved checks or a refund count at once.
import { billsReadings, evChargeAgorot, evChargeText, isChargePaid, readingDay } from '../../../src/lib/domain/evCharges.ts';
import type { Meter, MeterReading, ReadingCharge } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { contacts } from '../data/buildings.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { chargesInSentChecks, debtsOf } from './ledgerDebts.ts';

export const EV_READING_SOURCE = 'evReading';

/** One charge per reading, found again by its source. */
export const evChargeIdOf = (readingId: string) => `${readingId}:ev`;

type Posting = { companyId: number; createdBy: string; at: string };

/** The apartment's owner pays (else anyone registered there), as for a quick charge. */
async function payerOf(db: Db, apartmentId: string): Promise<string | null> {
  const people = await contacts.list(db, { apartmentId }, { orderBy: 'id' });
  return (people.find((c) => c.role === 'owner' || c.role === 'committee') ?? people[0])?.id ?? null;
}

function chargeRow(meter: Meter, reading: MeterReading, amountAgorot: number, contactId: string | null, p: Posting, createdAt: string): StoredLedgerEntry {
  const day = readingDay(reading.readAt);
  return {
    id: evChargeIdOf(reading.id),
    buildingId: reading.buildingId,
    kind: 'charge',
    date: day,
    amountAgorot,
    apartmentId: meter.apartmentId,
    contactId,
    debtKind: 'special',
    dueDate: day,
    group: null,
    ...evChargeText(reading),
    settles: [],
    sourceKind: EV_READING_SOURCE,
    sourceId: reading.id,
    createdAt,
    createdBy: p.createdBy,
    version: 1,
    updatedAt: p.at,
  };
}

/**
 * Makes the ledger hold the reading's charge as the reading now is: posts it (a new reading), sets its
 * amount and text (a corrected one), or takes it back (nothing left to bill). Callers refuse frozen
 * readings first, so no money is on a charge this changes.
 */
export async function syncReadingCharge(db: Db, meter: Meter, reading: MeterReading, p: Posting): Promise<void> {
  const existing = await ledger.bySource(db, p.companyId, EV_READING_SOURCE, reading.id, 'charge');
  const amount = billsReadings(meter, reading) && reading.pricePerKwh !== null ? evChargeAgorot(reading.previous, reading.current, reading.pricePerKwh) : 0;
  if (amount <= 0 || meter.apartmentId === null) {
    if (existing) await ledger.remove(db, existing.id, p.companyId);
    return;
  }
  if (existing) {
    const row = chargeRow(meter, reading, amount, existing.contactId, p, existing.createdAt);
    await ledger.update(db, { ...row, id: existing.id, version: existing.version + 1 }, p.companyId);
    return;
  }
  await ledger.insert(db, chargeRow(meter, reading, amount, await payerOf(db, meter.apartmentId), p, p.at), p.companyId);
}

/** A deleted reading leaves no debt: its charge goes with it. */
export async function withdrawReadingCharge(db: Db, companyId: number, readingId: string): Promise<void> {
  const charge = await ledger.bySource(db, companyId, EV_READING_SOURCE, readingId, 'charge');
  if (charge) await ledger.remove(db, charge.id, companyId);
}

/** The charge of each billed reading of a building, by reading id, as the ledger has it now. */
export async function readingCharges(db: Db, companyId: number, buildingId: number): Promise<Map<string, ReadingCharge>> {
  const entries = await ledger.ofBuilding(db, companyId, buildingId);
  const charges = entries.filter((e) => e.kind === 'charge' && e.sourceKind === EV_READING_SOURCE && e.sourceId !== null);
  const out = new Map<string, ReadingCharge>();
  if (charges.length === 0) return out;
  const ids = new Set(charges.map((c) => c.id));
  const related = entries.filter((e) => ids.has(e.id) || e.kind === 'payment' || e.kind === 'refund' || e.kind === 'bounce' || e.kind === 'credit');
  const bySource = new Map(charges.map((c) => [c.id, c.sourceId ?? '']));
  // Only amounts are read here, never the age, so any day will do to age them on.
  for (const d of debtsOf(related, await chargesInSentChecks(db, buildingId, entries), '0000-01-01')) {
    const readingId = bySource.get(d.id);
    if (readingId) out.set(readingId, { chargeId: d.id, amountAgorot: d.chargedAgorot, openAgorot: d.openAgorot, pendingChecks: d.pendingChecks });
  }
  return out;
}

/** The readings as the ledger has them: a billed one carries its charge and is paid when that is settled. */
export function withCharges<R extends MeterReading>(list: readonly R[], charges: ReadonlyMap<string, ReadingCharge>): R[] {
  return list.map((r) => {
    const charge = charges.get(r.id);
    return charge ? { ...r, charge, paid: isChargePaid(charge) } : { ...r, charge: null };
  });
}

/**
 * One reading as the ledger has it (for the rules that freeze paid readings). Most readings (a unit's
 * counter) have no charge: one indexed lookup answers them, without reading the building's ledger.
 */
export async function readingWithCharge<R extends MeterReading>(db: Db, companyId: number, reading: R): Promise<R> {
  if (!(await ledger.bySource(db, companyId, EV_READING_SOURCE, reading.id, 'charge'))) return { ...reading, charge: null };
  const [out] = withCharges([reading], await readingCharges(db, companyId, reading.buildingId));
  return out ?? reading;
}
