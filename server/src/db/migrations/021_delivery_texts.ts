// A delivery may carry its own text (issue 16 follow-up): a building event's reminder is written in each
// recipient's language, so the subject and body go with the delivery row, with the language they are in.
// Rows without (every message written by a person) are sent with their message's own text, as before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['subject', 'body', 'language']) await db.schema.alterTable('message_deliveries').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['language', 'body', 'subject']) await db.schema.alterTable('message_deliveries').dropColumn(column).execute();
}
