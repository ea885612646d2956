// `npm start`: build dist/ when missing or stale, then one Node process serves the PWA and the API.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createServer } from '../server/src/app.ts';
import { isPostgresUrl } from '../server/src/db/database.ts';
import { buildAll } from './build';
import { buildInputs, buildStampPath, distDir, root } from './paths';
import { isBuildStale } from './staleness';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
// DATABASE_URL=postgres://… runs on PostgreSQL (README "Running on PostgreSQL"); else an SQLite file.
const url = process.env.DATABASE_URL?.trim() ?? '';
if (url !== '' && !isPostgresUrl(url)) throw new Error('DATABASE_URL must be a postgres:// URL (an SQLite file is DATABASE_PATH)');
const database = isPostgresUrl(url) ? url : path.resolve(root, process.env.DATABASE_PATH ?? 'data/binyan.sqlite');

if (isBuildStale(buildStampPath, buildInputs)) {
  console.log('dist/ is missing or older than the sources: building');
  await buildAll();
}

if (!isPostgresUrl(database)) mkdirSync(path.dirname(database), { recursive: true });
// The server logger prints the one-time codes (development sign-in) among its lines.
const server = createServer({
  database,
  ...(process.env.FILES_DIR ? { filesDir: path.resolve(root, process.env.FILES_DIR) } : {}),
  staticDir: distDir,
  logger: true,
});
await server.listen({ port, host });
console.log(`Binyan is listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
