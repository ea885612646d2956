// `npm start`: build dist/ when missing or stale, then one Node process serves the PWA and the API.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createServer } from '../server/src/app.ts';
import { buildAll } from './build';
import { buildInputs, buildStampPath, distDir, root } from './paths';
import { isBuildStale } from './staleness';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const databasePath = path.resolve(root, process.env.DATABASE_PATH ?? 'data/binyan.sqlite');

if (isBuildStale(buildStampPath, buildInputs)) {
  console.log('dist/ is missing or older than the sources: building');
  await buildAll();
}

mkdirSync(path.dirname(databasePath), { recursive: true });
// The server logger prints the one-time codes (development sign-in) among its lines.
const server = createServer({ databasePath, staticDir: distDir, logger: true });
await server.listen({ port, host });
console.log(`Binyan is listening on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}
