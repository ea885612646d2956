// Absolute paths of the project, so scripts work from any working directory.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'dist');
export const buildStampPath = path.join(distDir, '.build-stamp');
/** What the built app is made of: a change in any of these makes `dist/` stale. */
export const buildInputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === fileURLToPath(moduleUrl);
}
