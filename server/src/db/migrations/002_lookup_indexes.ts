// Indexed lookups for the hot write paths: duplicate key/mail numbers and the next call number.
import type { Kysely } from 'kysely';
import { normalizeItemNumber } from '../../../../src/lib/domain/itemRules.ts';

type ItemTables = {
  key_items: { id: string; tagNumber: string; normalizedNumber: string | null };
  mail_items: { id: string; trackingNumber: string; normalizedNumber: string | null };
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('key_items').addColumn('normalizedNumber', 'text').execute();
  await s.alterTable('mail_items').addColumn('normalizedNumber', 'text').execute();
  const items = db as unknown as Kysely<ItemTables>;
  for (const k of await items.selectFrom('key_items').select(['id', 'tagNumber']).execute()) {
    await items
      .updateTable('key_items')
      .set({ normalizedNumber: normalizeItemNumber(k.tagNumber) })
      .where('id', '=', k.id)
      .execute();
  }
  for (const m of await items.selectFrom('mail_items').select(['id', 'trackingNumber']).execute()) {
    await items
      .updateTable('mail_items')
      .set({ normalizedNumber: normalizeItemNumber(m.trackingNumber) })
      .where('id', '=', m.id)
      .execute();
  }
  await s.createIndex('key_items_number').on('key_items').columns(['buildingId', 'normalizedNumber', 'status']).execute();
  await s.createIndex('mail_items_number').on('mail_items').columns(['buildingId', 'normalizedNumber', 'status']).execute();
  await s.createIndex('service_calls_company_number').on('service_calls').columns(['companyId', 'callNumber']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('service_calls_company_number').execute();
  await db.schema.dropIndex('mail_items_number').execute();
  await db.schema.dropIndex('key_items_number').execute();
  await db.schema.alterTable('mail_items').dropColumn('normalizedNumber').execute();
  await db.schema.alterTable('key_items').dropColumn('normalizedNumber').execute();
}
