// The check-payment flow outlives each check screen (they are separate routes): its provider mounts
// with the first check screen the user opens and stays for the session. It loads only then, since it
// brings the checks repositories; until then the routes render as they are.
import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import type { RouteId } from './routeTable';

const CheckPaymentProvider = lazy(() => import('../features/checks/CheckPaymentProvider').then((m) => ({ default: m.CheckPaymentProvider })));

const checkScreens: ReadonlySet<string> = new Set<RouteId>(['checksIndex', 'checksPage', 'checksFill', 'checkCapture', 'checksDeposits']);

export function CheckPaymentScope({ children }: { children: ReactNode }) {
  const onCheckScreen = useMatches().some((m) => checkScreens.has(m.id));
  const [started, setStarted] = useState(onCheckScreen);
  if (onCheckScreen && !started) setStarted(true);
  if (!started) return <>{children}</>;
  return (
    <Suspense fallback={<Spinner />}>
      <CheckPaymentProvider>{children}</CheckPaymentProvider>
    </Suspense>
  );
}
