import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/sessionContext';
import { Spinner } from '../ui/Spinner';

/**
 * Every route but /login requires login (spec section 2). When logged out the token is reset, the
 * requested path is remembered as the previous path and the user goes to Login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { ready, loggedIn, session, update } = useSession();
  const location = useLocation();
  const requested = `${location.pathname}${location.search}${location.hash}`;
  const mustLeave = ready && !loggedIn;

  useEffect(() => {
    if (!mustLeave) return;
    if (session.sessionToken === '' && session.previousPath === requested) return;
    void update({ sessionToken: '', previousPath: requested });
  }, [mustLeave, requested, session.previousPath, session.sessionToken, update]);

  if (!ready) return <Spinner fullPage />;
  if (mustLeave) return <Navigate to="/login" replace state={{ from: requested }} />;
  return <>{children}</>;
}
