import { useEffect, useState } from 'react';
import { useSession } from '../../session/sessionContext';
import { userKeyOf } from '../../sync/sessionPort';

/**
 * Whose copy a row is: the user key of the outbox (a hash, no user name in plain text). Screens get it
 * with `useOwnerKey` and pass it in, so their live queries read Dexie only (a live query that awaits
 * anything else stops following its tables).
 */
export function useOwnerKey(): string | null {
  const { session } = useSession();
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (session.compID === null || !session.userName) return;
    void userKeyOf(session.compID, session.userName).then((k) => live && setKey(k));
    return () => {
      live = false;
    };
  }, [session.compID, session.userName]);
  return key;
}
