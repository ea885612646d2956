// The server's layers (docs/architecture.md, "Server layers") are enforced by lint (eslint.config.js,
// serverLayerBlocks): these lint small sources placed in server/src and expect the rule's error exactly
// where a query or an import goes against the table. The last test reads every import of server/src
// (type imports included: a type cycle still ties the modules' meaning together) and finds no cycle.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverSrc = `${root}server/src`;
let eslint: ESLint;

/** The messages of `ruleId` for `source` placed at `filePath` (relative to the root). */
async function messagesOf(ruleId: string, filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const queries = (filePath: string, source: string) => messagesOf('no-restricted-syntax', filePath, source);
const imports = (filePath: string, source: string) => messagesOf('no-restricted-imports', filePath, source);

const query = [
  "import type { Db } from '../db/database.ts';",
  "export const names = (db: Db) => db.all(db.q.selectFrom('users').select('userName'));",
  "export const clear = (tx: Db) => tx.run(tx.q.deleteFrom('sessions'));",
  '',
].join('\n');

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the server layers, enforced by lint', () => {
  it('fails a query built outside server/src/data, db and seed', async () => {
    const inRoute = await queries('server/src/routes/fixture.ts', query);
    expect(inRoute.length).toBeGreaterThanOrEqual(2);
    expect(inRoute).toEqual(inRoute.map(() => expect.stringContaining('Queries live in server/src/data')));
    expect(await queries('server/src/jobs/fixture.ts', query)).not.toEqual([]);
    expect(await queries('server/src/messaging/fixture.ts', query)).not.toEqual([]);
    expect(await queries('server/src/payments/deeper/fixture.ts', query.replace('../db/', '../../db/'))).not.toEqual([]);
    expect(await queries('server/src/fixture.ts', query.replace('../db/', './db/'))).not.toEqual([]);
  });

  it('lets the data modules, the database wrapper, the seed and tests query', async () => {
    expect(await queries('server/src/data/fixture.ts', query)).toEqual([]);
    expect(await queries('server/src/db/fixture.ts', query.replace('../db/', './'))).toEqual([]);
    expect(await queries('server/src/seed/fixture.ts', query)).toEqual([]);
    expect(await queries('server/src/jobs/fixture.test.ts', query)).toEqual([]);
  });

  it('fails kysely outside the query folders, and the sql tag with it', async () => {
    const sqlTag = "import { sql } from 'kysely';\nexport const one = sql`select 1`;\n";
    expect(await imports('server/src/routes/fixture.ts', sqlTag)).toEqual([expect.stringContaining('Queries live in server/src/data')]);
    expect(await imports('server/src/routes/fixture.ts', "import type { Kysely } from 'kysely';\nexport type K = Kysely<never>;\n")).toHaveLength(1);
    expect(await imports('server/src/auth/fixture.ts', sqlTag)).toHaveLength(1);
    expect(await queries('server/src/auth/fixture.ts', sqlTag)).toHaveLength(1);
    expect(await imports('server/src/data/fixture.ts', sqlTag)).toEqual([]);
  });

  it('fails a route that imports db, but for the types it passes on', async () => {
    const message = expect.stringContaining('A route imports no db');
    expect(await imports('server/src/routes/fixture.ts', "import { statement } from '../db/database.ts';\nexport const s = statement;\n")).toEqual([message]);
    expect(await imports('server/src/routes/fixture.ts', "import { list } from '../db/records.ts';\nexport const l = list;\n")).toEqual([message]);
    expect(await imports('server/src/routes/fixture.ts', "import type { Db } from '../db/database.ts';\nexport type D = Db;\n")).toEqual([]);
    expect(await imports('server/src/routes/fixture.ts', "import { users } from '../data/users.ts';\nexport const u = users;\n")).toEqual([]);
    expect(await imports('server/src/http/fixture.ts', "import type { Db } from '../db/database.ts';\nexport type D = Db;\n")).toEqual([]);
  });

  it('keeps the data modules on the database: no http, route, auth or messaging', async () => {
    const message = expect.stringContaining('server/src/data imports only');
    expect(await imports('server/src/data/fixture.ts', "import { authOf } from '../http/hooks.ts';\nexport const a = authOf;\n")).toEqual([message]);
    expect(
      await imports('server/src/data/fixture.ts', "import { queueMessage } from '../messaging/queueMessage.ts';\nexport const q = queueMessage;\n"),
    ).toEqual([message]);
    expect(
      await imports(
        'server/src/data/fixture.ts',
        "import { users } from './users.ts';\nimport { statement } from '../db/database.ts';\nexport const x = [users, statement];\n",
      ),
    ).toEqual([]);
  });

  it('still keeps server/ to its own code and src/lib', async () => {
    expect(await imports('server/src/routes/fixture.ts', "import { api } from '../../../src/api/client';\nexport const a = api;\n")).toHaveLength(1);
    expect(await imports('server/src/fixture.ts', "import { api } from '../../src/api/client';\nexport const a = api;\n")).toHaveLength(1);
    expect(await imports('server/src/routes/fixture.ts', "import { can } from '../../../src/lib/rights/rights.ts';\nexport const c = can;\n")).toEqual([]);
  });
});

describe('the server imports without a cycle', () => {
  /** Every module of server/src (tests apart) and the modules of server/src it imports. */
  function importGraph(): Map<string, string[]> {
    const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => resolve(serverSrc, file));
    const known = new Set(files);
    return new Map(
      files.map((file) => {
        const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
        const targets = importedFiles.map((i) => i.fileName).filter((spec) => spec.startsWith('.'));
        return [file, targets.map((spec) => resolve(dirname(file), spec)).filter((target) => known.has(target))];
      }),
    );
  }

  /** The first cycle found by a depth-first walk, as module paths, or null. */
  function firstCycle(graph: Map<string, string[]>): string[] | null {
    const done = new Set<string>();
    const path: string[] = [];
    const onPath = new Set<string>();
    const walk = (file: string): string[] | null => {
      if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
      if (done.has(file)) return null;
      path.push(file);
      onPath.add(file);
      for (const next of graph.get(file) ?? []) {
        const cycle = walk(next);
        if (cycle) return cycle;
      }
      path.pop();
      onPath.delete(file);
      done.add(file);
      return null;
    };
    for (const file of graph.keys()) {
      const cycle = walk(file);
      if (cycle) return cycle;
    }
    return null;
  }

  it('finds a cycle when there is one (the walk itself)', () => {
    expect(
      firstCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      firstCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });

  it('has no import cycle in server/src, type imports included', () => {
    const cycle = firstCycle(importGraph());
    expect(cycle?.map((file) => relative(serverSrc, file)) ?? null).toBeNull();
  });
});

describe('one upload pipeline (docs/architecture.md, "Server layers")', () => {
  /** Modules of server/src outside the seed and the migrations (they write their own files), tests apart. */
  function serverSources(): string[] {
    return readdirSync(serverSrc, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('seed/') && !file.startsWith('db/'),
    );
  }

  it('checks, stores and links an uploaded file in server/src/files/uploads.ts only', () => {
    // A call, not the definition: the re-encoding, the whole-PDF check, the store's write, the file row.
    const steps = /(?<!function )\b(reencodeImage|isWholePdf|keepFile)\(|\.files\.put\(|\bstore\.put\(/;
    const callers = serverSources().filter((file) => steps.test(readFileSync(`${serverSrc}/${file}`, 'utf8')));
    expect(callers).toEqual(['files/uploads.ts']);
  });
});
