import { useEffect, useState } from 'react';
import { useSession } from '../../session/sessionContext';
import { knownUserKey, userKeyOf } from '../../sync/write/userKey';

/**
 * Whose copy a row is: the user key of the outbox (a hash, no user name in plain text). Screens get it
 * with `useOwnerKey` and pass it in, so their live queries read Dexie only (a live query that awaits
 * anything else stops following its tables).
 */
export function useOwnerKey(): string | null {
  const { session } = useSession();
  // Known already (the session's start worked it out): the first render has it, and the screen's own
  // reads start one round earlier.
  const [key, setKey] = useState<string | null>(() => (session.compID !== null && session.userName ? knownUserKey(session.compID, session.userName) : null));
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
