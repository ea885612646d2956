// `npm run test:server [-- --db=postgres] [vitest options]`: the server's tests (server/**) on one
// engine, SQLite by default. On PostgreSQL a throw-away cluster is started for the run
// (server/test/globalSetup.ts; Debian's `postgresql` package must be installed). `npm test` runs both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './paths';

const args = process.argv.slice(2);
const chosen = args.find((a) => a.startsWith('--db='))?.slice('--db='.length) ?? process.env.TEST_DB ?? 'sqlite';
if (chosen !== 'sqlite' && chosen !== 'postgres') {
  console.error(`--db must be sqlite or postgres, not ${chosen}`);
  process.exit(2);
}
const rest = args.filter((a) => !a.startsWith('--db='));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--project', 'node', ...(rest.some((a) => !a.startsWith('-')) ? [] : ['server/']), ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: chosen },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
