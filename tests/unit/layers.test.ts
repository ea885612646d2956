// The layer table of docs/architecture.md is enforced by lint (eslint.config.js, no-restricted-imports
// per folder): these lint small sources placed in each layer and expect the rule's error exactly where
// an import goes against the table, in tests too.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** The no-restricted-imports messages for `source` placed at `filePath` (relative to the root). */
async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importOf = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the layer table, enforced by lint', () => {
  it('fails a feature that imports another feature, at any depth', async () => {
    expect(await restricted('src/features/meters/Fixture.ts', importOf('../items/itemsRepo'))).toEqual([
      expect.stringContaining('A feature imports no other feature'),
    ]);
    expect(await restricted('src/features/meters/parts/Fixture.tsx', importOf('../../items/itemsRepo'))).toHaveLength(1);
    expect(await restricted('src/features/meters/Fixture.ts', importOf('../items/fieldScreens.module.css'))).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared layers below it', async () => {
    const source = [
      './metersRepo',
      '../../ui/Button',
      '../../session/api',
      '../../directory/buildingsRepo',
      '../../sync/write/writePath',
      '../../db/db',
      '../../lib/dates',
    ]
      .map(importOf)
      .join('');
    expect(await restricted('src/features/meters/Fixture.ts', source.replaceAll('export const y = x;\n', ''))).toEqual([]);
  });

  it('keeps the API client out of components: a screen calls its repository or a hook', async () => {
    const refusal = expect.stringContaining('A component holds no API client');
    expect(await restricted('src/features/meters/Fixture.tsx', importOf('../../session/api'))).toEqual([refusal]);
    expect(await restricted('src/features/meters/parts/Fixture.tsx', importOf('../../../api/client'))).toEqual([refusal]);
    expect(await restricted('src/features/meters/Fixture.tsx', 'import type { ApiClient } from "../../api";\nexport type Y = ApiClient;\n')).toEqual([refusal]);
    expect(await restricted('src/app/Fixture.tsx', importOf('../session/api'))).toEqual([refusal]);
    expect(await restricted('src/app/Fixture.tsx', importOf('../features/meters/MetersScreen'))).toEqual([]);
    expect(await restricted('src/features/meters/metersRepo.ts', importOf('../../session/api'))).toEqual([]);
    expect(await restricted('src/features/meters/useMeters.ts', importOf('../../session/api'))).toEqual([]);
    expect(await restricted('src/features/meters/Fixture.tsx', importOf('../../api/answers'))).toEqual([]);
    expect(await restricted('src/features/meters/Fixture.test.tsx', importOf('../../session/api'))).toEqual([]);
  });

  it('fails a feature that imports the app', async () => {
    expect(await restricted('src/features/meters/Fixture.ts', importOf('../../app/routeTable'))).toEqual([
      expect.stringContaining('src/features may import only'),
    ]);
  });

  it('holds for tests too: src/sync tests import no feature', async () => {
    expect(await restricted('src/sync/replay/fixture.test.ts', importOf('../../features/service-calls/serviceCallsRepo'))).toEqual([
      expect.stringContaining('src/sync may import only db, api, lib'),
    ]);
    expect(await restricted('src/sync/testing/fixture.ts', importOf('../../session/api'))).toHaveLength(1);
  });

  it('keeps each shared layer to what the table lists', async () => {
    expect(await restricted('src/ui/Fixture.tsx', importOf('../db/db'))).toEqual([expect.stringContaining('src/ui may import only i18n, lib')]);
    expect(await restricted('src/ui/Fixture.tsx', importOf('../session/api'))).toHaveLength(1);
    expect(await restricted('src/session/Fixture.ts', importOf('../features/auth/startup'))).toHaveLength(1);
    expect(await restricted('src/directory/Fixture.ts', importOf('../session/api'))).toHaveLength(1);
    expect(await restricted('src/db/Fixture.ts', importOf('../sync/write/userKey'))).toHaveLength(1);
    expect(await restricted('src/api/Fixture.ts', importOf('../db/db'))).toHaveLength(1);
    expect(await restricted('src/lib/domain/Fixture.ts', importOf('../../i18n/languages'))).toEqual([
      expect.stringContaining('src/lib imports no other layer'),
    ]);
    expect(await restricted('src/session/Fixture.ts', importOf('../ui/Button'))).toEqual([]);
    expect(await restricted('src/sync/replay/Fixture.ts', importOf('../../api/client'))).toEqual([]);
  });

  it('fails an import that leaves src/, and keeps sw/ and server/ to their part of the table', async () => {
    expect(await restricted('src/features/meters/Fixture.ts', importOf('../../../scripts/bench/callData'))).toHaveLength(1);
    expect(await restricted('sw/fixture.ts', importOf('../src/features/sync/SyncScreen'))).toHaveLength(1);
    expect(await restricted('sw/fixture.ts', importOf('../src/sync/replay/runtime'))).toEqual([]);
    expect(await restricted('server/src/routes/fixture.ts', importOf('../../../src/api/client'))).toHaveLength(1);
    expect(await restricted('server/src/routes/fixture.ts', importOf('../../../src/lib/rights/rights.ts'))).toEqual([]);
  });

  it('keeps the write side of sync from its replay side, which may read the outbox the write side fills', async () => {
    const message = expect.stringContaining('src/sync/write imports nothing of src/sync/replay');
    expect(await restricted('src/sync/write/Fixture.ts', importOf('../replay/engine'))).toEqual([message]);
    expect(await restricted('src/sync/write/fixture.test.ts', importOf('../replay/applyAnswers'))).toEqual([message]);
    expect(await restricted('src/sync/write/deeper/Fixture.ts', importOf('../../replay/send'))).toEqual([message]);
    expect(await restricted('src/sync/write/Fixture.ts', importOf('../../sync/replay/engine'))).toEqual([message]);
    expect(await restricted('src/sync/write/Fixture.ts', importOf('../../features/items/itemsRepo'))).toHaveLength(1);
    expect(await restricted('src/sync/write/Fixture.ts', importOf('./outbox'))).toEqual([]);
    expect(await restricted('src/sync/write/Fixture.ts', importOf('../../db/db'))).toEqual([]);
    expect(await restricted('src/sync/replay/Fixture.ts', importOf('../write/outbox'))).toEqual([]);
    expect(await restricted('src/sync/testing/Fixture.ts', importOf('../replay/engine'))).toEqual([]);
  });

  it('has a rule for every folder of src/ (a new folder must enter the table)', async () => {
    const folders = readdirSync(`${root}src`, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'app')
      .map((d) => d.name);
    for (const folder of folders) {
      const file = folder === 'features' ? 'src/features/any/Fixture.ts' : `src/${folder}/Fixture.ts`;
      const spec = folder === 'features' ? '../../app/routeTable' : '../app/routeTable';
      expect(await restricted(file, importOf(spec)), folder).toHaveLength(1);
    }
  });

  it('still keeps the wrapped libraries behind their wrappers', async () => {
    expect(await restricted('src/features/meters/Fixture.ts', importOf('i18next'))).toEqual([expect.stringContaining('src/i18n')]);
    expect(await restricted('src/i18n/i18n.ts', importOf('i18next'))).toEqual([]);
  });
});

describe('one apply path for the server\'s answers (docs/architecture.md, "The two halves of sync")', () => {
  /** Source files under src/sync, tests and test helpers apart. */
  function syncSources(): string[] {
    return readdirSync(`${root}src/sync`, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing'))
      .map((file) => `src/sync/${file}`);
  }

  it('turns a verdict into outbox and row writes in one module only: a change sent alone is a batch of one', () => {
    const handlesVerdicts = /import type \{[^}]*\bVerdict\b[^}]*\} from '[^']*classify'/;
    const writesOutcome = /db\.outbox\.(put|add|bulkPut|delete|bulkDelete|update)\(|\b(rebuildRow|rebuiltRow|setRowSyncState|swapEntry)\(/;
    const appliers = syncSources().filter((file) => {
      const source = readFileSync(`${root}${file}`, 'utf8');
      return handlesVerdicts.test(source) && writesOutcome.test(source);
    });
    expect(appliers).toEqual(['src/sync/replay/applyAnswers.ts']);
  });
});
