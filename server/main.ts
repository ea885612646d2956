// CLI entry: `tsx server/main.ts` (PORT, HOST, DATABASE_URL or DATABASE_PATH, FILES_DIR, STATIC_DIR,
// SESSION_IDLE_MINUTES, ALLOW_PASSWORD_LOGIN, TRUST_PROXY, USAGE_LIMITS: see src/app.ts, src/settings.ts and README "Running on PostgreSQL").
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createServer } from './src/app.ts';
import { isPostgresUrl } from './src/db/database.ts';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const url = process.env.DATABASE_URL?.trim() ?? '';
if (url !== '' && !isPostgresUrl(url)) throw new Error('DATABASE_URL must be a postgres:// URL (an SQLite file is DATABASE_PATH)');
const database = isPostgresUrl(url) ? url : resolve(process.env.DATABASE_PATH ?? 'data/binyan.sqlite');
if (!isPostgresUrl(database)) mkdirSync(dirname(database), { recursive: true });

const app = createServer({
  database,
  ...(process.env.FILES_DIR ? { filesDir: resolve(process.env.FILES_DIR) } : {}),
  ...(process.env.STATIC_DIR ? { staticDir: resolve(process.env.STATIC_DIR) } : {}),
  logger: true,
});

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port, host });
