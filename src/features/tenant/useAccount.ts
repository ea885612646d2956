// The tenant's account for the screens: the stored copy at once (offline too), refreshed from the
// server when online; a failed refresh leaves the stored copy and says so.
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { MyAccount } from '../../lib/paymentAnswers';
import { useOnline } from '../../ui/useOnline';
import { accountKey, pullAccount, storedAccount } from './accountRepo';

export type AccountState = { account: MyAccount | null | undefined; refreshing: boolean; failed: boolean; refresh(): Promise<void> };

export function useAccount(): AccountState {
  const online = useOnline();
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    void accountKey().then(setKey);
  }, []);
  const account = useLiveQuery(() => (key === null ? undefined : storedAccount(key)), [key]);
  const [refreshing, setRefreshing] = useState(false);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await pullAccount();
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setRefreshing(false);
    }
  }, []);
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);
  return { account, refreshing, failed, refresh };
}
