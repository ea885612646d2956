// One check-payment flow for the four check screens: they are separate routes, so the flow lives in
// a provider above them (the app places it around its routes) and outlives each screen. A new flow
// starts for each signed-in user.
import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { useSession } from '../../session/sessionContext';
import { appCheckPaymentMachine } from './checkPaymentActors';

export const CheckPaymentContext = createActorContext(appCheckPaymentMachine);

export function CheckPaymentProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const owner = `${session.compID ?? ''}:${session.userName}`;
  const input = { showChecksDeposit: session.showChecksDeposit !== 0, online: typeof navigator === 'undefined' || navigator.onLine };
  return (
    <CheckPaymentContext.Provider key={owner} options={{ input }}>
      {children}
    </CheckPaymentContext.Provider>
  );
}
