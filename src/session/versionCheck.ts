// Once a day the app asks whether its version (2.1.56) is still allowed (spec section 4): the
// provider's /utils/AppData and the global setting tenant_app_min_db_var. When a newer minimum is
// required the app reloads once (a new service worker may bring the new version); if it is still
// too old after that, the user is asked to install the new version. An app left open for days runs
// it too: `scheduleVersionChecks` looks every hour and whenever the page comes back into view (a phone
// throttles a hidden page's timers), and `checkVersion` asks the server only once per day.
import { appData, getGlobal } from '../api/calls/globals';
import { metaStore } from '../db/metaStore';
import { isLoggedIn, loadSession } from '../db/sessionVault';
import { APP_NAME, APP_VERSION, isUpdateRequired } from '../lib/appVersion';
import { toLocalDateString } from '../lib/localDate';
import { api } from './api';
import { reloadIntoNewVersion } from './newVersion';

export type VersionStatus = 'ok' | 'reloading' | 'unsupported' | 'skipped';

const CHECKED_ON = 'versionCheck.checkedOn';
const RELOADED_ON = 'versionCheck.reloadedOn';
const UNSUPPORTED = 'versionCheck.unsupported';

export type VersionCheckDeps = {
  today(): string;
  readMeta(key: string): Promise<unknown>;
  writeMeta(key: string, value: unknown): Promise<void>;
  updateRequired(): Promise<boolean>;
  reload(): Promise<void> | void;
};

export async function checkVersion(deps: VersionCheckDeps): Promise<VersionStatus> {
  const today = deps.today();
  if ((await deps.readMeta(UNSUPPORTED)) === APP_VERSION) {
    // Stays until a new version runs; re-asked once a day in case the minimum was lowered again.
    if ((await deps.readMeta(CHECKED_ON)) === today) return 'unsupported';
  } else if ((await deps.readMeta(CHECKED_ON)) === today) {
    return 'skipped';
  }
  let required: boolean;
  try {
    required = await deps.updateRequired();
  } catch {
    return 'skipped';
  }
  await deps.writeMeta(CHECKED_ON, today);
  if (!required) {
    await deps.writeMeta(UNSUPPORTED, null);
    return 'ok';
  }
  if ((await deps.readMeta(RELOADED_ON)) !== today) {
    await deps.writeMeta(RELOADED_ON, today);
    await deps.writeMeta(CHECKED_ON, null);
    await deps.reload();
    return 'reloading';
  }
  await deps.writeMeta(UNSUPPORTED, APP_VERSION);
  return 'unsupported';
}

/** Asks both sources; the global setting needs a session, AppData does not. */
async function serverRequiresUpdate(): Promise<boolean> {
  const answer = await appData(api, { appName: APP_NAME, appVer: APP_VERSION });
  if (answer.UpdateRequired === true) return true;
  const s = await loadSession();
  if (!isLoggedIn(s) || s.compID === null) return false;
  try {
    const global = await getGlobal(api, { varName: 'tenant_app_min_db_var', orgId: s.compID, user: s.userName });
    return isUpdateRequired(global.value);
  } catch {
    return false;
  }
}

export function checkVersionDaily(): Promise<VersionStatus> {
  return checkVersion({
    today: () => toLocalDateString(new Date()),
    readMeta: async (key) => (await metaStore.get(key))?.value,
    writeMeta: (key, value) => metaStore.putWhenStored({ key, value }),
    updateRequired: serverRequiresUpdate,
    reload: reloadIntoNewVersion,
  });
}

/** How often an open app looks whether the day's check is due (the check itself asks once a day). */
export const VERSION_CHECK_INTERVAL_MS = 60 * 60_000;

export type VersionScheduleOptions = {
  /** Every answer but 'skipped' (nothing asked, or no answer): the notice keeps what it last knew. */
  onStatus(status: VersionStatus): void;
  intervalMs?: number;
  /** Where visibility changes are heard (the page's document). */
  visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
};

/** Runs `check` now, every `intervalMs` and when the page becomes visible again; one run at a time. Returns stop. */
export function scheduleVersionChecks(check: () => Promise<VersionStatus>, options: VersionScheduleOptions): () => void {
  const visibility = options.visibility === undefined ? (typeof document === 'undefined' ? null : document) : options.visibility;
  let running = false;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = true;
    void check()
      .catch((): VersionStatus => 'skipped')
      .then((status) => {
        if (!stopped && status !== 'skipped') options.onStatus(status);
      })
      .finally(() => {
        running = false;
      });
  };
  const onVisible = () => {
    if (visibility?.visibilityState === 'visible') run();
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? VERSION_CHECK_INTERVAL_MS);
  visibility?.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearInterval(timer);
    visibility?.removeEventListener('visibilitychange', onVisible);
  };
}
