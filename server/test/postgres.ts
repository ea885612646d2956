// A throw-away PostgreSQL cluster for tests and the benchmark: Debian's `postgresql` binaries, a data
// directory in a temporary directory, a free loopback port, no Unix socket, trust authentication for
// the one user `binyan`. Nothing depends on a system service. PostgreSQL refuses to run as root: as
// root, the cluster belongs to an unprivileged user (`postgres` when the package created it, else
// `nobody`) and its commands run through `runuser`.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const PG_USER = 'binyan';

export type PgCluster = {
  port: number;
  /** The PostgreSQL major version, e.g. '15'. */
  version: string;
  /** The URL of a database of this cluster (`postgres`, the maintenance database, by default). */
  url(database?: string): string;
  /** Creates a database (a copy of `template` when given) and answers its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** Runs SQL on the maintenance database. */
  admin(sql: string): Promise<void>;
  stop(): Promise<void>;
};

export type PgClusterOptions = {
  /**
   * Off for tests (fsync and full-page writes off: the data dies with the run anyway); on for the
   * benchmark, where a commit must be on disk like an SQLite commit (its log synced before the answer).
   */
  durable?: boolean;
};

/** The newest installed PostgreSQL's bin directory (PG_BIN overrides), or null when none is installed. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

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

/** Who runs the cluster: the current user, or as root an unprivileged one. */
function clusterUser(): { name: string; uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined) return { name, uid: Number(uid), gid: Number(gid) };
  }
  throw new Error('running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL');
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql; or set PG_BIN)');
  const owner = clusterUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'binyan-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const dataDir = path.join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    return owner
      ? execFileSync('runuser', ['-u', owner.name, '--', command, ...args], { cwd: dir, stdio: 'pipe' })
      : execFileSync(command, args, { cwd: dir, stdio: 'pipe' });
  };
  const shellQuote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
  const pgCtl = path.join(bin, 'pg_ctl');
  const stopCommand = [...(owner ? ['runuser', '-u', owner.name, '--'] : []), pgCtl, '-D', dataDir, '-m', 'immediate', 'stop'].map(shellQuote).join(' ');
  // A cluster must not outlive the process that started it, even one killed outright (a test worker
  // ended by its runner): a detached watcher stops it and removes its directory once that process is gone.
  const watcher = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCommand} >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`], {
    detached: true,
    stdio: 'ignore',
  });
  watcher.unref();
  const stopNow = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
    watcher.kill();
  };
  process.once('exit', stopNow);

  // C.UTF-8: text sorts by code point, as SQLite's default BINARY collation does.
  run('initdb', ['-D', dataDir, `--username=${PG_USER}`, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c unix_socket_directories=''`,
    '-c max_connections=400',
    '-c shared_buffers=128MB',
    ...(options.durable ? [] : ['-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off']),
  ];
  let port = 0;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', [`-p ${port}`, ...settings].join(' '), '-w', '-t', '60', 'start']);
      break;
    } catch (error) {
      // Another process may have taken the port meanwhile.
      if (attempt >= 5) {
        const log = existsSync(path.join(dir, 'server.log')) ? readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
        stopNow();
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${log}`);
      }
    }
  }

  const url = (database = 'postgres') => `postgres://${PG_USER}@127.0.0.1:${port}/${database}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: url() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const ident = (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    return name;
  };
  return {
    port,
    version: path.basename(path.dirname(bin)),
    url,
    admin,
    async createDatabase(name, template) {
      await admin(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
      return url(name);
    },
    async dropDatabase(name) {
      await admin(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
}
