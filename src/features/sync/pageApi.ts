// The API client of the Sync screen's own calls (refetch on discard), with the session's token.
import { createApiClient } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { loadSession } from '../../db/sessionVault';

let client: ApiClient | null = null;

export function pageApi(): ApiClient {
  client ??= createApiClient({ getToken: async () => (await loadSession()).sessionToken || null });
  return client;
}
