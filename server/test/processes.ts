// Real server processes (server/main.ts, as deployed) on one database, for the multi-process tests:
// each on its own free port, its log read for the one-time codes.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPostgresUrl } from '../src/db/database.ts';
import type { TestServer } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsxCli = path.join(root, 'node_modules/tsx/dist/cli.mjs');

export type ServerProcess = Pick<TestServer, 'baseUrl' | 'otpCodes' | 'waitForOtp'> & {
  output(): string;
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `server/main.ts` on `database` (SQLite path or postgres:// URL) and waits until /api/health
 * answers 200; `extraEnv` adds settings (e.g. PAYMENT_PROVIDER_DELAY_MS).
 */
export async function startServerProcess(
  database: string,
  filesDir: string,
  timeoutMs = 60_000,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', FILES_DIR: filesDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_PATH;
  if (isPostgresUrl(database)) env.DATABASE_URL = database;
  else env.DATABASE_PATH = database;
  const child: ChildProcess = spawn(process.execPath, [tsxCli, 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited: string | null = null;
  const otpCodes = new Map<string, string>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const m of chunk.toString().matchAll(/one-time code for (\S+): (\d{5})/g)) if (m[1] && m[2]) otpCodes.set(m[1], m[2]);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<void>((resolve) => child.once('exit', (code, signal) => ((exited = String(code ?? signal)), resolve())));

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
  };

  const until = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`server exited (${String(exited)}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    otpCodes,
    output: () => output,
    async waitForOtp(user, waitMs = 5_000) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const code = otpCodes.get(user);
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code logged for ${user}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop,
  };
}
