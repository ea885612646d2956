// PostgreSQL only (collected when TEST_DB=postgres, vitest.config.ts): a database server that refuses
// connections is what a load balancer must notice; an SQLite file cannot go away under its process.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import { newTestDatabase } from './engine.ts';
import { call } from './harness.ts';
import { startServerProcess } from './processes.ts';

describe('the health check of a process whose PostgreSQL refuses connections', () => {
  it('answers 503 while the database refuses, and 200 again once it accepts', async () => {
    const own = await newTestDatabase({ seeded: true });
    const server = await startServerProcess(own.database, own.filesDir);
    const name = new URL(own.database).pathname.slice(1);
    const maintenance = openDatabase(own.database.replace(/\/[^/]+$/, '/postgres'));
    const admin = (statement: string) => maintenance.run({ compile: () => sql.raw(statement).compile(maintenance.q) });
    try {
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
      const down = await call(server, 'GET', '/api/health');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ ok: false, database: 'unreachable' });
      await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect((await call(server, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await server.stop();
      await maintenance.close();
      await own.dispose();
    }
  }, 60_000);
});
