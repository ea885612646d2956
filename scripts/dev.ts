// `npm run dev`: the API server (restarted on change by tsx watch) on 8081 and the Vite dev server,
// which proxies /api to it (vite.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';
import { root } from './paths';

const apiPort = process.env.API_PORT ?? '8081';
// vite.config.ts reads this when the dev server loads it.
process.env.API_TARGET ??= `http://127.0.0.1:${apiPort}`;
const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');

const api = spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, HOST: process.env.HOST ?? '127.0.0.1', DATABASE_PATH: process.env.DATABASE_PATH ?? 'data/binyan.sqlite' },
});

const vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts') });
await vite.listen();
vite.printUrls();

async function shutdown(code: number): Promise<void> {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(code);
}

api.on('exit', (code) => {
  console.error(`API server exited (${code ?? 'signal'})`);
  void shutdown(code ?? 1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(0));
