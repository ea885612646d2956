// Fails when a .tsx file under src/ shows a user-facing text that does not go through i18next:
// JSX text with letters, a string literal in JSX braces, or a literal aria-label/title/placeholder/alt.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(import.meta.dirname, '..');
const textAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const letters = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

export function findHardcodedText(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${path.relative(srcRoot, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && letters.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      letters.test(node.expression.text) &&
      !ts.isJsxAttribute(node.parent)
    ) {
      found.push(`${where(node)} literal "${node.expression.text}"`);
    }
    if (ts.isJsxAttribute(node) && textAttributes.has(node.name.getText(file))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init
          : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
            ? init.expression
            : null;
      if (literal && letters.test(literal.text)) found.push(`${where(node)} ${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('user-facing text goes through i18next', () => {
  it('finds hard-coded text (self-check)', () => {
    const sample = `export const A = () => <button aria-label="Close" title={'Help'}>Save {'now'} <b>{t('ok')}</b> · 1</button>;`;
    expect(findHardcodedText('sample.tsx', sample)).toHaveLength(4);
    expect(findHardcodedText('ok.tsx', `export const B = () => <p aria-label={t('x')}>{t('y')} · {count}</p>;`)).toEqual([]);
  });

  it('no .tsx file under src/ has hard-coded user-facing text', () => {
    const problems = tsxFiles(srcRoot).flatMap((file) => findHardcodedText(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });
});
