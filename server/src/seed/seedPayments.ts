// Demo data of tenants paying (issue 14), on its own random stream so earlier demo data stays the same:
// every building of company 1001 takes card payments except the last (spec 8 "not set up"), with a
// clearing fee of 1.50 NIS + 1.2 % plus VAT, 5 NIS more for a card issued abroad, 2.5 % for Diners and
// American Express; the demo tenants' apartments owe a past and a current committee fee, a special
// charge and next month's fee.
import type { DebtKind } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { ledger } from '../data/ledger.ts';
import { billingSettings } from '../data/payments.ts';
import { createRng } from './prng.ts';

const DAY = 86_400_000;
const localDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const tenantCharges: { kind: DebtKind; description: string; amountAgorot: number; days: number }[] = [
  { kind: 'pastCommittee', description: 'דמי ועד בית', amountAgorot: 35_000, days: -60 },
  { kind: 'currentCommittee', description: 'דמי ועד בית', amountAgorot: 35_000, days: 0 },
  { kind: 'special', description: 'גבייה מיוחדת לצביעת חדר המדרגות', amountAgorot: 120_000, days: 14 },
  { kind: 'futureCommittee', description: 'דמי ועד בית', amountAgorot: 35_000, days: 30 },
];

export async function seedPayments(tx: Db, companyId: number, buildingIds: readonly number[], tenantUserNames: readonly string[], now: Date): Promise<void> {
  const rng = createRng(20_261_214);
  const at = now.toISOString();
  for (const [i, buildingId] of buildingIds.entries()) {
    await billingSettings.put(
      tx,
      companyId,
      buildingId,
      {
        cardPayments: i < buildingIds.length - 1,
        fixedAgorot: 150,
        percentBasisPoints: 120,
        vat: 'added',
        foreignCardFixedAgorot: 500,
        dinersAmexPercentBasisPoints: 250,
      },
      at,
    );
  }
  for (const userName of tenantUserNames) {
    const user = await tx.first(tx.q.selectFrom('users').select(['contactId']).where('companyId', '=', companyId).where('userName', '=', userName));
    const contact = user?.contactId
      ? await tx.first(tx.q.selectFrom('contacts').select(['id', 'apartmentId', 'buildingId']).where('id', '=', user.contactId))
      : undefined;
    if (!contact?.apartmentId) continue;
    // Two tenants of one apartment share its debts: post them once.
    const already = await ledger.ofApartment(tx, companyId, contact.apartmentId);
    if (already.some((e) => e.sourceKind === 'demoTenantCharge')) continue;
    for (const c of tenantCharges) {
      const id = rng.uuid();
      const due = localDate(now.getTime() + c.days * DAY);
      await ledger.insert(
        tx,
        {
          id,
          buildingId: contact.buildingId,
          kind: 'charge',
          date: due,
          amountAgorot: c.amountAgorot,
          apartmentId: contact.apartmentId,
          contactId: contact.id,
          debtKind: c.kind,
          dueDate: due,
          group: null,
          description: c.description,
          settles: [],
          sourceKind: 'demoTenantCharge',
          sourceId: id,
          createdAt: at,
          createdBy: 'seed',
          version: 1,
          updatedAt: at,
        },
        companyId,
      );
    }
  }
  // A registration link the company sent to an owner of the first building who has no user yet.
  const homes = new Set<string>();
  for (const userName of tenantUserNames) {
    const u = await tx.first(tx.q.selectFrom('users').select('contactId').where('companyId', '=', companyId).where('userName', '=', userName));
    const c = u?.contactId ? await tx.first(tx.q.selectFrom('contacts').select('apartmentId').where('id', '=', u.contactId)) : undefined;
    if (c?.apartmentId) homes.add(c.apartmentId);
  }
  const owners = await tx.all(
    tx.q
      .selectFrom('contacts')
      .select(['apartmentId', 'buildingId'])
      .where('companyId', '=', companyId)
      .where('buildingId', '=', buildingIds[0] ?? 0)
      .where('role', '=', 'owner')
      .where('phone', 'is not', null)
      .orderBy('id'),
  );
  const invited = owners.find((o) => o.apartmentId !== null && !homes.has(o.apartmentId));
  if (invited?.apartmentId)
    await tx.run(
      tx.q.insertInto('tenant_links').values({ code: rng.uuid(), companyId, buildingId: invited.buildingId, apartmentId: invited.apartmentId, createdAt: at }),
    );
}
