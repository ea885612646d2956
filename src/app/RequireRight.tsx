import type { ReactNode } from 'react';
import { useCan } from '../session/useCan';
import type { Action } from '../lib/rights/rights';
import { NotAllowed } from './NotAllowed';

/** The route guard of src/lib/rights: a screen the user may not use shows "not allowed", never the screen. */
export function RequireRight({ right, children }: { right: Action; children: ReactNode }) {
  const can = useCan();
  return can(right) ? <>{children}</> : <NotAllowed />;
}
