// Polls of a building and their votes (issue 31). A vote is one row per poll and apartment: the primary
// key is what makes one vote per apartment however many devices of its tenants send at once, on either
// engine (a changed vote updates the row). The weight is fixed when the vote is cast (the apartment's
// share then), so the tally at closing reads only the votes.
import type { Kysely } from 'kysely';
import type { MigrationEnv } from './env.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationEnv): Promise<void> {
  await db.schema
    .createTable('polls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('buildingId', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('options', types.json, (c) => c.notNull())
    .addColumn('closesAt', types.instant, (c) => c.notNull())
    .addColumn('voters', 'text', (c) => c.notNull())
    .addColumn('weighting', 'text', (c) => c.notNull())
    .addColumn('resultsShown', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('closedAt', types.instant)
    .addColumn('approvedBidId', 'text')
    .addColumn('createdAt', types.instant, (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('polls_building').on('polls').columns(['companyId', 'buildingId', 'createdAt']).execute();
  await db.schema
    .createTable('poll_votes')
    .addColumn('pollId', 'text', (c) => c.notNull())
    .addColumn('apartmentId', 'text', (c) => c.notNull())
    .addColumn('companyId', 'integer', (c) => c.notNull())
    .addColumn('optionId', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('votedBy', 'integer', (c) => c.notNull())
    .addColumn('votedAt', types.instant, (c) => c.notNull())
    .addPrimaryKeyConstraint('poll_votes_pk', ['pollId', 'apartmentId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('poll_votes').execute();
  await db.schema.dropTable('polls').execute();
}
