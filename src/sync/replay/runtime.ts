// Wires the engine for a context (the service worker or a page without one): API client with the
// session's token, the session port, and status broadcasts to every tab.
import { createApiClient } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { createDefaultSessionPort } from './defaultSession';
import { createReplayEngine } from './engine';
import { shrinkSentPhotos } from './offlinePhotos';
import type { ReplayEngine, ReplayReport } from './engine';
import { confirmsConnectivity, restoresConnectivity, SYNC_CHANNEL } from './protocol';
import type { ReplayReason, SyncBroadcast } from './protocol';
import type { SessionPort } from './sessionPort';

export type SyncRuntime = {
  engine: ReplayEngine;
  session: SessionPort;
  api: ApiClient;
  /** `reason`: what triggered it (some reasons retry network failures at once, see protocol.ts). */
  replay(reason?: ReplayReason): Promise<ReplayReport>;
  close(): void;
};

export type RuntimeOptions = { source: 'worker' | 'page'; baseUrl?: string; session?: SessionPort; fetch?: typeof fetch };

export function createSyncRuntime(options: RuntimeOptions): SyncRuntime {
  const base = { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) };
  const session = options.session ?? createDefaultSessionPort(createApiClient(base));
  const api = createApiClient({ ...base, getToken: () => session.getToken() });
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
  const post = (message: SyncBroadcast) => channel?.postMessage(message);
  // A photo the server now has keeps only its small version on the device (offlinePhotos.ts).
  let photosSent = false;
  const engine = createReplayEngine({
    api,
    session,
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    onStatus: (status) => post({ type: 'replay.status', ...status, source: options.source }),
    onAttempt: (entry, outcome) => {
      if (entry.kind === 'photo' && outcome === 'applied') photosSent = true;
    },
  });
  async function replay(reason?: ReplayReason): Promise<ReplayReport> {
    const report = await engine.replay({
      connectivityRestored: reason !== undefined && restoresConnectivity(reason),
      connectivityConfirmed: reason !== undefined && confirmsConnectivity(reason),
      trigger: `${options.source}:${reason ?? 'unknown'}`,
    });
    if (report.ran) post({ type: 'replay.report', report, source: options.source });
    if (photosSent && report.ran) {
      photosSent = false;
      await shrinkSentPhotos(api).catch(() => undefined);
    }
    return report;
  }
  return { engine, session, api, replay, close: () => channel?.close() };
}
