// Once per test run on PostgreSQL (TEST_DB=postgres): a throw-away cluster, and a template database
// migrated and seeded once, which every test server copies (CREATE DATABASE … TEMPLATE) in a moment.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { localFileStore } from '../src/files/fileStore.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { TEST_DB_ENV } from './engine.ts';
import { startPgCluster } from './postgres.ts';

const TEMPLATE = 'binyan_template';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEST_DB_ENV] !== 'postgres') {
    project.provide('postgres', null);
    return undefined;
  }
  const cluster = await startPgCluster();
  const templateFiles = mkdtempSync(path.join(tmpdir(), 'binyan-template-files-'));
  try {
    const db = openDatabase(await cluster.createDatabase(TEMPLATE));
    try {
      const files = localFileStore(templateFiles);
      await migrateToLatest(db, files);
      await seedIfEmpty(db, files, new Date());
    } finally {
      await db.close();
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide('postgres', { port: cluster.port, template: TEMPLATE, templateFiles });
  return async () => {
    await cluster.stop();
    rmSync(templateFiles, { recursive: true, force: true });
  };
}
