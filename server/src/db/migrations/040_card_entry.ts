// Card entry on the provider's own page (issue 29 item 8): the reference provider keeps each entry
// session it opened for a merchant — which app origin may frame it and hear its answer, the language it
// is shown in, and once the card was entered (after a 3-D Secure challenge when the card asks for one)
// the token it made. Our server redeems a session once for its token; no route of ours reads this table.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('provider_card_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('appOrigin', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    // open → challenge (3-D Secure asked) → entered | failed; entered → redeemed (once).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('failure', 'text')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('expiresAt', types.instant, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_card_entries').execute();
}
