// `npx tsx scripts/licences.ts`: writes src/features/about/licences.json, the libraries the app ships
// (package.json dependencies the page or its service worker use) with their version and licence, for
// the About screen. Run it after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths';

// Server-only dependencies are not part of what a user installs.
const serverOnly = new Set([
  '@fastify/helmet',
  '@fastify/rate-limit',
  '@fastify/static',
  'better-sqlite3',
  'dejavu-fonts-ttf',
  'fastify',
  'kysely',
  'nodemailer',
  'pdf-lib',
  'pg',
  'sharp',
]);

type Pkg = { version: string; license?: string; dependencies?: Record<string, string> };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Pkg;

const names = Object.keys(read(path.join(root, 'package.json')).dependencies ?? {}).filter((n) => !serverOnly.has(n));
const list = names.map((name) => {
  const pkg = read(path.join(root, 'node_modules', name, 'package.json'));
  return { name, version: pkg.version, license: pkg.license ?? 'see package' };
});
writeFileSync(path.join(root, 'src/features/about/licences.json'), `${JSON.stringify(list, null, 2)}\n`);
console.log(`${list.length} libraries`);
