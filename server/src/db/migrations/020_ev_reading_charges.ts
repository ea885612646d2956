// EV-charging readings become charges of the one ledger (issue 14; server/src/money/evCharges.ts posts
// them from now on). The readings taken before this migration get theirs too: each reading of a
// station that belongs to an apartment, at the price it captured, is a charge to the apartment's owner;
// one already marked paid also gets the payment that settled it (as migration 009 did for paid debts),
// so its `paid`, now read from the ledger, stays as it was. Running it again posts nothing twice.
import type { Kysely } from 'kysely';
import { evChargeAgorot, evChargeText, readingDay } from '../../../../src/lib/domain/evCharges.ts';

type ReadingRow = {
  id: string;
  companyId: number;
  buildingId: number;
  meterId: string;
  previous: number;
  current: number;
  consumption: number;
  readAt: string;
  paid: number | boolean;
  pricePerKwh: number | null;
};
type MeterRow = { id: string; apartmentId: string | null; kind: string };
type ContactRow = { id: string; apartmentId: string | null; role: string; companyId: number };
type Tables = { meter_readings: ReadingRow; meters: MeterRow; contacts: ContactRow; ledger_entries: Record<string, unknown> };

const SOURCE = 'evReading';

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  const stations = await db
    .selectFrom('meters')
    .select(['id', 'apartmentId', 'kind'])
    .where('kind', '=', 'evCharger')
    .where('apartmentId', 'is not', null)
    .execute();
  for (const meter of stations) {
    const apartmentId = meter.apartmentId ?? '';
    const people = await db
      .selectFrom('contacts')
      .select(['id', 'role', 'apartmentId', 'companyId'])
      .where('apartmentId', '=', apartmentId)
      .orderBy('id')
      .execute();
    const payer = (people.find((c) => c.role === 'owner' || c.role === 'committee') ?? people[0])?.id ?? null;
    const readings = await db.selectFrom('meter_readings').selectAll().where('meterId', '=', meter.id).execute();
    for (const r of readings) {
      const price = r.pricePerKwh === null ? null : Number(r.pricePerKwh);
      if (price === null || !(price > 0)) continue;
      const amountAgorot = evChargeAgorot(Number(r.previous), Number(r.current), price);
      if (amountAgorot <= 0) continue;
      const id = `${r.id}:ev`;
      const exists = await db.selectFrom('ledger_entries').select('id').where('id', '=', id).executeTakeFirst();
      if (exists) continue;
      const readAt = new Date(r.readAt).toISOString();
      const day = readingDay(readAt);
      const { description, descriptionKey, descriptionParams } = evChargeText({ readAt, consumption: Number(r.consumption) });
      const base = {
        companyId: r.companyId,
        buildingId: r.buildingId,
        apartmentId,
        contactId: payer,
        groupName: null,
        createdBy: 'migration',
        version: 1,
        createdAt: readAt,
        updatedAt: readAt,
      };
      const text = { description, descriptionKey, descriptionParams: JSON.stringify(descriptionParams) };
      await db
        .insertInto('ledger_entries')
        .values({
          ...base,
          ...text,
          id,
          kind: 'charge',
          date: day,
          amountAgorot,
          debtKind: 'special',
          dueDate: day,
          settles: '[]',
          sourceKind: SOURCE,
          sourceId: r.id,
        })
        .execute();
      if (r.paid === true || r.paid === 1) {
        await db
          .insertInto('ledger_entries')
          .values({
            ...base,
            ...text,
            id: `${id}:paid`,
            kind: 'payment',
            date: day,
            amountAgorot,
            debtKind: null,
            dueDate: null,
            settles: JSON.stringify([{ chargeId: id, amountAgorot }]),
            sourceKind: 'evReadingPaid',
            sourceId: r.id,
          })
          .execute();
      }
    }
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db.deleteFrom('ledger_entries').where('sourceKind', 'in', [SOURCE, 'evReadingPaid']).where('createdBy', '=', 'migration').execute();
}
