// CLI entry: `tsx server/main.ts` (PORT, HOST, DATABASE_PATH, STATIC_DIR, SESSION_IDLE_MINUTES,
// ALLOW_PASSWORD_LOGIN, TRUST_PROXY: see src/app.ts).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createServer } from './src/app.ts';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const databasePath = resolve(process.env.DATABASE_PATH ?? 'data/binyan.sqlite');
mkdirSync(dirname(databasePath), { recursive: true });

const app = createServer({
  databasePath,
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
