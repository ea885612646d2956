import { dirname, join, resolve } from 'node:path';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { codeChannels } from './auth/codeChannels.ts';
import { createSignInGuard, signInLimitsWith } from './auth/signInLimits.ts';
import type { SignInLimits } from './auth/signInLimits.ts';
import { passwordLoginFrom, trustProxyFrom, usageLimitsFrom } from './settings.ts';
import type { AppContext } from './context.ts';
import { isPostgresUrl } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { localFileStore } from './files/fileStore.ts';
import { loggingGateDialer } from './gates/gateDialer.ts';
import type { GateDialer } from './gates/gateDialer.ts';
import { scheduleDeliveries } from './messaging/deliveryJob.ts';
import type { MailProvider, PushProvider, SmsProvider } from './messaging/providers.ts';
import { loggingMailProvider, loggingSmsProvider } from './messaging/providers.ts';
import { smtpMailProvider } from './messaging/smtpMail.ts';
import { storedVapidKeys, webPushProvider } from './messaging/webPush.ts';
import { registerBeforeHandler } from './http/beforeHandler.ts';
import { registerCompression } from './http/compression.ts';
import { registerHooks } from './http/hooks.ts';
import { registerRights } from './http/rights.ts';
import { schedulePurge } from './jobs/purge.ts';
import { scheduleDebtReminders } from './jobs/debtReminders.ts';
import { scheduleEventReminders } from './jobs/eventReminders.ts';
import { scheduleFeeBilling } from './jobs/feeBilling.ts';
import { scheduleStandingOrders } from './jobs/standingOrders.ts';
import { DEFAULT_BODY_LIMIT, registerSecurityHeaders } from './http/security.ts';
import { registerRoutes } from './routes/index.ts';
import { staticRoutes } from './routes/static.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { APP_VERSION } from '../../src/lib/appVersion.ts';
import { paymentPageFrom, paymentProviderFor, providerDelayOf } from './payments/select.ts';
import type { PaymentPageOptions } from './payments/select.ts';
import { usageLimitsWith } from './limits/usageLimits.ts';
import type { UsageLimits } from './limits/usageLimits.ts';

export type ServerOptions = {
  /** An SQLite file path, or a postgres:// URL (several processes may share that database). */
  database: string;
  /**
   * Where uploaded files are kept (one directory per company). Defaults to `files` next to an SQLite
   * file, or to env FILES_DIR / `data/files` for PostgreSQL; processes sharing a database share it.
   */
  filesDir?: string;
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
  /** Answer AuthByCompID/v2 (password-only sign-in, for old clients); defaults to env ALLOW_PASSWORD_LOGIN (settings.ts). */
  allowPasswordLogin?: boolean;
  /** Overrides of DEFAULT_SIGN_IN_LIMITS (tests use small numbers). */
  signInLimits?: Partial<SignInLimits>;
  /** Overrides of DEFAULT_USAGE_LIMITS (limits/usageLimits.ts; tests use small numbers); over env USAGE_LIMITS (settings.ts). */
  usageLimits?: Partial<UsageLimits>;
  /** Fastify trustProxy, only behind a known proxy; defaults to env TRUST_PROXY (settings.ts), else off. */
  trustProxy?: boolean | string;
  /** Calls a gate to open it, and rings a code call; defaults to the reference dialer, which writes the call to the log. */
  gateDialer?: GateDialer;
  /** E-mail provider (messages, documents, codes chosen by e-mail); defaults to SMTP at env SMTP_URL (from MAIL_FROM), else to the log. */
  mailProvider?: MailProvider;
  /** SMS provider (messages and sign-in codes); defaults to the reference one, which writes to the log. */
  smsProvider?: SmsProvider;
  /** Web Push provider; defaults to web-push with VAPID keys kept in the database. */
  pushProvider?: PushProvider;
  /** How often the send job looks for due deliveries (ms; 0 = only when a message is sent). Default 5000. */
  deliveryIntervalMs?: number;
  /** How often the building-event reminders are queued (jobs/eventReminders.ts; default ten minutes). */
  reminderIntervalMs?: number;
  /** How long the reference payment provider takes to answer (ms); defaults to env PAYMENT_PROVIDER_DELAY_MS, else 0. */
  paymentProviderDelayMs?: number;
  /** Where the reference provider's card-entry page listens; defaults to env PAYMENT_PAGE_PORT/HOST/ORIGIN (payments/select.ts), else a free loopback port. */
  paymentPage?: PaymentPageOptions;
};

function defaultFilesDir(database: string): string {
  return isPostgresUrl(database) ? resolve(process.env.FILES_DIR ?? 'data/files') : join(dirname(resolve(database)), 'files');
}

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
    // Off by default: a forged X-Forwarded-For must not pick the per-address limit's key or the cookie's Secure flag.
    trustProxy: options.trustProxy ?? trustProxyFrom(process.env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // Migrations and the demo seed run in onReady; on a big database or a busy machine they take longer
    // than Fastify's 10 s default, and a slow start is not a failed one.
    pluginTimeout: 0,
  });

  const db = openDatabase(options.database);
  const files = localFileStore(options.filesDir ?? defaultFilesDir(options.database));
  const now = options.now ?? (() => new Date());
  const idleMinutes = options.sessionIdleMinutes ?? (Number(process.env.SESSION_IDLE_MINUTES) || 12 * 60);
  const signInLimits = signInLimitsWith(options.signInLimits);
  const secretLog = (line: string) => {
    app.log.info(line);
    options.otpLog?.(line);
  };
  const configuredMail =
    options.mailProvider ?? (process.env.SMTP_URL ? smtpMailProvider(process.env.SMTP_URL, process.env.MAIL_FROM ?? 'binyan@localhost') : null);
  const ctx: AppContext = {
    db,
    files,
    now,
    nowIso: () => now().toISOString(),
    secretLog,
    sessionIdleMs: idleMinutes * 60_000,
    appVersion: APP_VERSION,
    signIn: createSignInGuard(app, { db, now, limits: signInLimits }),
    signInLimits,
    usageLimits: usageLimitsWith({ ...usageLimitsFrom(process.env.USAGE_LIMITS), ...options.usageLimits }),
    allowPasswordLogin: options.allowPasswordLogin ?? passwordLoginFrom(process.env.ALLOW_PASSWORD_LOGIN),
    gateDialer: options.gateDialer ?? loggingGateDialer((line) => app.log.info(line)),
    // Codes go out through the channels configured here; an unconfigured one is the log (auth/codeChannels.ts).
    codes: codeChannels({
      sms: options.smsProvider ?? null,
      mail: configuredMail,
      dialer: options.gateDialer ?? null,
      secretLog,
      warn: (line) => app.log.warn(line),
    }),
    messaging: {
      mail: configuredMail ?? loggingMailProvider((line) => app.log.info(line)),
      sms: options.smsProvider ?? loggingSmsProvider((line) => app.log.info(line)),
      push: options.pushProvider ?? webPushProvider(storedVapidKeys(db)),
      kick: () => deliveryJob?.kick(),
    },
    provider: paymentProviderFor(process.env.PAYMENT_PROVIDER, db, now, {
      delayMs: options.paymentProviderDelayMs ?? providerDelayOf(process.env.PAYMENT_PROVIDER_DELAY_MS),
      page: options.paymentPage ?? paymentPageFrom(process.env),
    }),
  };
  let deliveryJob: ReturnType<typeof scheduleDeliveries> | null = null;

  // Migrations and seed run once, before the first request (listen/inject/ready all wait for this).
  let stopPurge = async (): Promise<void> => undefined;
  let stopStandingOrders = async (): Promise<void> => undefined;
  let stopFeeBilling = async (): Promise<void> => undefined;
  let stopEventReminders = async (): Promise<void> => undefined;
  let stopDebtReminders = async (): Promise<void> => undefined;
  app.addHook('onReady', async () => {
    await migrateToLatest(db, files);
    // The reference provider's card-entry page, on its own port (payments/referenceCardPage.ts).
    await ctx.provider.start?.();
    if (options.seed !== false) await seedIfEmpty(db, files, ctx.now());
    stopPurge = schedulePurge(ctx, (error) => app.log.error({ err: error }, 'purge failed'));
    deliveryJob = scheduleDeliveries(
      { db, files, now, messaging: ctx.messaging, log: (line) => app.log.warn(line) },
      options.deliveryIntervalMs ?? 5000,
      (error) => app.log.error({ err: error }, 'message delivery failed'),
    );
    deliveryJob.kick();
    stopFeeBilling = scheduleFeeBilling(ctx, (error) => app.log.error({ err: error }, 'fee billing failed'));
    stopStandingOrders = scheduleStandingOrders(ctx, (error) => app.log.error({ err: error }, 'standing orders failed'));
    stopEventReminders = scheduleEventReminders(ctx, (error) => app.log.error({ err: error }, 'event reminders failed'), options.reminderIntervalMs);
    stopDebtReminders = scheduleDebtReminders(ctx, (error) => app.log.error({ err: error }, 'debt reminders failed'));
  });
  app.addHook('onClose', async () => {
    await deliveryJob?.stop();
    ctx.messaging.mail.close?.();
    await stopPurge();
    await stopFeeBilling();
    await stopStandingOrders();
    await stopEventReminders();
    await stopDebtReminders();
    await ctx.provider.stop?.();
    await db.close();
  });

  // Headers first: they are on the answer even when a later hook refuses the request.
  registerSecurityHeaders(app, () => ctx.provider.entryOrigin());
  // Answers made here, compressed for a client that accepts it (the built app's files come precompressed).
  registerCompression(app);
  registerHooks(app, ctx);
  registerBeforeHandler(app, ctx);
  registerRights(app);
  registerRoutes(app, ctx);
  // For a load balancer: 200 while this process can reach its database, else 503.
  app.get('/api/health', { config: { public: true } }, async (_req, reply) => {
    const ok = await db.healthy();
    return reply.code(ok ? 200 : 503).send({ ok, database: ok ? 'ok' : 'unreachable' });
  });

  if (options.staticDir) {
    staticRoutes(app, options.staticDir);
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', messageKey: 'errors:notFound' } }));
  }
  return app;
}
