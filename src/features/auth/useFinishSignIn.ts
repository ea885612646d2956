// What follows a verified code on the login and the registration screens: the app's preparation (it
// takes the day offline) with its progress, then the remembered page or the home.
import { useEffect, useState } from 'react';
import { useSession } from '../../session/sessionContext';
import { useAppNavigate } from '../../ui/appNavigation';
import type { TakeDayProgress } from '../../session/takeDayOffline';

export type OfflineProgress = Pick<TakeDayProgress, 'done' | 'total'>;

export function useFinishSignIn(done: boolean, afterLogin: (onProgress: (p: OfflineProgress) => void) => Promise<void>): OfflineProgress | null {
  const { session, update } = useSession();
  const go = useAppNavigate();
  const [progress, setProgress] = useState<OfflineProgress | null>(null);
  useEffect(() => {
    if (!done) return;
    let active = true;
    const target =
      session.previousPath && !session.previousPath.startsWith('/login') && !session.previousPath.startsWith('/register') ? session.previousPath : '/';
    void (async () => {
      try {
        await afterLogin((p) => active && setProgress(p));
      } finally {
        await update({ previousPath: null });
        if (active) go(target, { replace: true });
      }
    })();
    return () => {
      active = false;
    };
    // Runs once when the machine reaches loggedIn; the remembered path is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loggedIn; the remembered path is read then
  }, [done]);
  return progress;
}
