// The icon set is one dependency (lucide-react), inlined as SVG, reached through src/ui/icons.tsx: lint
// refuses it elsewhere, and every menu entry has its icon.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/app/routeTable';
import { routeIcons } from '../../src/ui/icons';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('icons', () => {
  it('come from src/ui/icons.tsx only', async () => {
    const direct = "import { Plus } from 'lucide-react';\nexport const x = Plus;\n";
    expect(await restricted('src/features/meters/Fixture.tsx', direct)).toEqual([expect.stringContaining('src/ui/icons.tsx')]);
    expect(await restricted('src/app/Fixture.tsx', direct)).toHaveLength(1);
    expect(await restricted('src/ui/icons.tsx', direct)).toEqual([]);
  });

  it('mark every menu entry', () => {
    expect(appRoutes.filter((r) => r.menu !== undefined && !routeIcons[r.id]).map((r) => r.id)).toEqual([]);
  });
});
