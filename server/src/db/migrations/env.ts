// What a migration gets besides the database: the engine's column types (db/columns.ts) and the file
// store (migration 008 moves file bytes there). Each migration is written once for both engines.
import type { Kysely } from 'kysely';
import type { FileStore } from '../../files/fileStore.ts';
import type { ColumnTypes } from '../columns.ts';

export type MigrationEnv = { types: ColumnTypes; files: FileStore };

export type EnvMigration = {
  up(db: Kysely<unknown>, env: MigrationEnv): Promise<void>;
  down?(db: Kysely<unknown>, env: MigrationEnv): Promise<void>;
};
