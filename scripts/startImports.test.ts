// What the two starts import statically, read from the sources (issue 28): code a start does not need
// at once stays behind a dynamic import, so it is not in the start's chunks.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { startRoots } from './startChunks';

const root = path.resolve(import.meta.dirname, '..');

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return specifier.startsWith('zod') ? 'zod' : null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/** Every module a root reaches through static imports (type-only imports left out), zod by name. */
function staticClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = roots.map((file) => path.join(root, file));
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === 'zod') continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const isValueImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
      const isValueExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier !== undefined;
      if (!isValueImport && !isValueExport) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const next = resolveLocal(file, specifier.text);
      if (next) todo.push(next);
    }
  }
  return new Set([...seen].map((file) => (file === 'zod' ? file : path.relative(root, file))));
}

describe('what the starts import at once', () => {
  it('the sign-in page: no answer schemas and no zod (a link’s site is kept without them)', () => {
    const signIn = staticClosure(startRoots.signIn);
    expect(signIn.has('src/session/companySite.ts')).toBe(true);
    expect(signIn.has('src/lib/answers.ts')).toBe(false);
    expect(signIn.has('zod')).toBe(false);
  });

  it('the signed-in app: no "take the day offline" pulls (they load on first use)', () => {
    const app = staticClosure(startRoots.app);
    expect(app.has('src/app/TakeDayOfflineProvider.tsx')).toBe(true);
    expect(app.has('src/app/takeDayOffline.ts')).toBe(false);
    expect(app.has('src/app/takeDayFeed.ts')).toBe(false);
  });
});
