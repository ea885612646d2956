import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerHooks } from './http/hooks.ts';
import { DEFAULT_BODY_LIMIT, registerSecurityHeaders } from './http/security.ts';
import { registerRoutes } from './routes/index.ts';
import { staticRoutes } from './routes/static.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { APP_VERSION } from '../../src/lib/appVersion.ts';

export type ServerOptions = {
  databasePath: string;
  staticDir?: string;
  /** true/false, or a pino-compatible logger instance. */
  logger?: boolean | FastifyBaseLogger;
  /** Receives every one-time/deposit code line (tests capture codes here). */
  otpLog?: (line: string) => void;
  now?: () => Date;
  /** Idle minutes before a session expires; defaults to env SESSION_IDLE_MINUTES or 720 (12 h). */
  sessionIdleMinutes?: number;
  /** Seed the demo companies into an empty database (default true). */
  seed?: boolean;
};

function isLoggerInstance(v: ServerOptions['logger']): v is FastifyBaseLogger {
  return typeof v === 'object' && v !== null && typeof v.info === 'function';
}

export function createServer(options: ServerOptions): FastifyInstance {
  const loggerOpt = options.logger ?? false;
  const app = Fastify({
    ...(isLoggerInstance(loggerOpt) ? { loggerInstance: loggerOpt } : { logger: loggerOpt }),
    // Small by default; the upload route sets its own (see http/security.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Per-request lines would dominate the log and the benchmark; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const db = openDatabase(options.databasePath);
  const now = options.now ?? (() => new Date());
  const idleMinutes = options.sessionIdleMinutes ?? (Number(process.env.SESSION_IDLE_MINUTES) || 12 * 60);
  const ctx: AppContext = {
    db,
    now,
    nowIso: () => now().toISOString(),
    secretLog: (line) => {
      app.log.info(line);
      options.otpLog?.(line);
    },
    sessionIdleMs: idleMinutes * 60_000,
    appVersion: APP_VERSION,
  };

  // Migrations and seed run once, before the first request (listen/inject/ready all wait for this).
  app.addHook('onReady', async () => {
    await migrateToLatest(db);
    if (options.seed !== false) seedIfEmpty(db, ctx.now());
  });
  app.addHook('onClose', async () => {
    await db.close();
  });

  // Headers first: they are on the answer even when a later hook refuses the request.
  registerSecurityHeaders(app);
  registerHooks(app, ctx);
  registerRoutes(app, ctx);
  app.get('/api/health', { config: { public: true } }, async () => ({ ok: true }));

  if (options.staticDir) {
    staticRoutes(app, options.staticDir);
  } else {
    app.setNotFoundHandler((_req, reply) =>
      reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', messageKey: 'errors:notFound' } }),
    );
  }
  return app;
}
