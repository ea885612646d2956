// Which engine the server tests run on: SQLite by default, PostgreSQL with TEST_DB=postgres (what
// `npm run test:server -- --db=postgres` sets). On PostgreSQL one cluster serves the whole run
// (globalSetup.ts); each test server gets its own database, copied from a migrated, seeded template.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { Client } from 'pg';
import type { Engine } from '../src/db/database.ts';
import { PG_USER } from './postgres.ts';

/** What globalSetup.ts provides on a PostgreSQL run. */
export type TestPostgres = { port: number; template: string; templateFiles: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: TestPostgres | null;
  }
}

export const TEST_DB_ENV = 'TEST_DB';

export function testEngine(): Engine {
  return process.env[TEST_DB_ENV] === 'postgres' ? 'postgres' : 'sqlite';
}

export type TestDatabase = {
  /** An SQLite file path or a postgres:// URL: what createServer and openDatabase take. */
  database: string;
  /** The file store's directory that belongs with it. */
  filesDir: string;
  dispose(): Promise<void>;
};

function postgresOfRun(): TestPostgres {
  const pg = inject('postgres');
  if (!pg) throw new Error('TEST_DB=postgres, but no cluster was started: run through the vitest config (server/test/globalSetup.ts)');
  return pg;
}

async function admin(port: number, sql: string): Promise<void> {
  const client = new Client({ connectionString: `postgres://${PG_USER}@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the engine under test. `seeded`: the demo data is there already (PostgreSQL: a
 * copy of the template; SQLite: the server seeds its new file on start); else it is empty (no tables).
 */
export async function newTestDatabase(options: { seeded: boolean }): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'binyan-test-'));
  const filesDir = path.join(dir, 'files');
  if (testEngine() === 'sqlite') {
    return { database: path.join(dir, 'test.sqlite'), filesDir, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const pg = postgresOfRun();
  const name = `t_${randomBytes(8).toString('hex')}`;
  await admin(pg.port, `CREATE DATABASE ${name}${options.seeded ? ` TEMPLATE ${pg.template}` : ''}`);
  if (options.seeded) cpSync(pg.templateFiles, filesDir, { recursive: true });
  return {
    database: `postgres://${PG_USER}@127.0.0.1:${pg.port}/${name}`,
    filesDir,
    async dispose() {
      await admin(pg.port, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
