// The server entry of `npm run bench -- --profile`: server/main.ts's set-up under the V8 profiler
// (NODE_OPTIONS may not carry --cpu-prof). The profiler starts on POST /api/__bench/profile (after the
// warm-up) and the profile is written to CPU_PROFILE_DIR on SIGTERM.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createServer } from '../../server/src/app.ts';
import { isPostgresUrl } from '../../server/src/db/database.ts';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });

const url = process.env.DATABASE_URL?.trim() ?? '';
const database = isPostgresUrl(url) ? url : path.resolve(process.env.DATABASE_PATH ?? 'data/bench.sqlite');
if (!isPostgresUrl(database)) mkdirSync(path.dirname(database), { recursive: true });
const app = createServer({
  database,
  ...(process.env.FILES_DIR ? { filesDir: path.resolve(process.env.FILES_DIR) } : {}),
  ...(process.env.STATIC_DIR ? { staticDir: path.resolve(process.env.STATIC_DIR) } : {}),
  logger: true,
});
let profiling = false;
app.post('/api/__bench/profile', { config: { public: true } }, async () => {
  if (!profiling) await session.post('Profiler.start');
  profiling = true;
  return { profiling };
});

process.once('SIGTERM', () => {
  void (async () => {
    if (profiling) {
      const { profile } = await session.post('Profiler.stop');
      const dir = process.env.CPU_PROFILE_DIR ?? '.';
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'server.cpuprofile'), JSON.stringify(profile));
    }
    await app.close();
    process.exit(0);
  })();
});

await app.listen({ port: Number(process.env.PORT ?? 8080), host: process.env.HOST ?? '127.0.0.1' });
