// The rights of the signed-in user, apart from the session's context: the rule table loads with the
// signed-in app, not with the sign-in page (which reads the session but decides no right).
import { useCallback } from 'react';
import type { Action } from '../lib/rights/rights';
import { actorFrom, can } from '../lib/rights/rights';
import { useSession } from './sessionContext';

/** The rule table of src/lib/rights for the signed-in user: screens hide what it refuses. */
export function useCan(): (action: Action) => boolean {
  const { session } = useSession();
  const { role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule } = session;
  return useCallback(
    (action: Action) => can(actorFrom({ role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule }), action),
    [role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule],
  );
}
