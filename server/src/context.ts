import type { CodeChannels } from './auth/codeChannels.ts';
import type { SignInGuard, SignInLimits } from './auth/signInLimits.ts';
import type { Database } from './db/database.ts';
import type { FileStore } from './files/fileStore.ts';
import type { GateDialer } from './gates/gateDialer.ts';
import type { UsageLimits } from './limits/usageLimits.ts';
import type { Messaging } from './messaging/deliveryJob.ts';
import type { PaymentProvider } from './payments/provider.ts';

/** What every route and service needs; built once in createServer. */
export type AppContext = {
  db: Database;
  /** The bytes of uploaded files (photos, check images); the rows are in `db`. */
  files: FileStore;
  now: () => Date;
  nowIso: () => string;
  /** Writes a line to the server log and to the optional test hook (one-time and deposit codes). */
  secretLog: (line: string) => void;
  sessionIdleMs: number;
  appVersion: string;
  /** Failure counting and lockout of every password and code check (auth/signInLimits.ts). */
  signIn: SignInGuard;
  signInLimits: SignInLimits;
  /** Limits of what costs money or reaches a person, counted in the database (limits/usageLimits.ts). */
  usageLimits: UsageLimits;
  /** AuthByCompID/v2 (a session for a password alone) for old clients; off unless ALLOW_PASSWORD_LOGIN=1. */
  allowPasswordLogin: boolean;
  /** Calls a gate to open it, or rings a code call (gates/gateDialer.ts). */
  gateDialer: GateDialer;
  /** Sends one-time and deposit codes by SMS, e-mail or call, or writes them to the log (auth/codeChannels.ts). */
  codes: CodeChannels;
  /** E-mail, SMS and push providers, and `kick()` to run the send job now (messaging/deliveryJob.ts). */
  messaging: Messaging & { kick(): void };
  /** The clearing company card payments go through (payments/select.ts). */
  provider: PaymentProvider;
};
