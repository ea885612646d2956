// The check-payment flow as the check screens use it (CheckPaymentProvider holds it): its actor and
// state, kept in step with connectivity and the deposit permission; screens send events and follow its
// `navigate` steps.
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Actor, SnapshotFrom } from 'xstate';
import { useSession } from '../../session/sessionContext';
import { useOnline } from '../../ui/useOnline';
import type { appCheckPaymentMachine } from './checkPaymentActors';
import type { CaptureTarget, CheckPaymentEvent, RouteStep } from './checkPaymentModel';
import { CheckPaymentContext } from './CheckPaymentProvider';

type PaymentActor = Actor<typeof appCheckPaymentMachine>;
type PaymentSnapshot = SnapshotFrom<typeof appCheckPaymentMachine>;

/** A state of the flow as the machine names it (`'filling'`, `{ deposit: 'prompt' }`): checked by the compiler. */
export type PaymentState = Parameters<PaymentSnapshot['matches']>[0];

/** The deposit step the flow is in, as the machine's `deposit` states name them. */
export type DepositStep = Extract<PaymentSnapshot['value'], { deposit: unknown }>['deposit'];

function depositStepOf(snapshot: PaymentSnapshot): DepositStep | null {
  const value = snapshot.value;
  return typeof value === 'object' && 'deposit' in value ? value.deposit : null;
}

export const checksPaths = {
  index: '/checksindex',
  groups: '/checks',
  fill: (groupGuid: string) => `/checks/checksfill/${encodeURIComponent(groupGuid)}`,
  deposits: '/checks/deposits',
  deposit: (groupGuid: string) => `/checks/deposits/${encodeURIComponent(groupGuid)}`,
  capture: (t: CaptureTarget) => {
    const query = new URLSearchParams({ checksGroupId: t.groupGuid, captureUrl: checksPaths.fill(t.groupGuid) });
    if (t.checkGuid) query.set('checkGuid', t.checkGuid);
    if (t.side === 'back') query.set('side', 'back');
    return `/check-capture?${query.toString()}`;
  },
};

/**
 * The captureUrl of /check-capture (spec section 2): where the capture returns when it was opened from
 * a link rather than from the flow. Only a path of this app is followed (no other origin, no scheme).
 */
export function captureReturnPath(search: string): string | null {
  const url = new URLSearchParams(search).get('captureUrl');
  if (!url || !/^\/(?![/\\])/.test(url) || /[\\\s]/.test(url)) return null;
  return url;
}

function pathOf(step: RouteStep): string {
  switch (step.name) {
    case 'ChecksIndex':
      return checksPaths.index;
    case 'ChecksPage':
      return checksPaths.groups;
    case 'ChecksFill':
      return checksPaths.fill(step.groupGuid);
    case 'CheckCapture':
      return checksPaths.capture(step);
  }
}

/** The flow's actor and its current state; keeps connectivity and the deposit permission in step. */
export function useCheckPayment() {
  const { session } = useSession();
  const online = useOnline();
  const show = session.showChecksDeposit !== 0;
  const actor = CheckPaymentContext.useActorRef();
  const snapshot = CheckPaymentContext.useSelector((s) => s);
  // Stable, so a screen's "I am shown" effect runs once per route, not on every render.
  const send = useCallback((event: CheckPaymentEvent) => actor.send(event), [actor]);
  useEffect(() => send({ type: 'connection.change', online }), [send, online]);
  useEffect(() => send({ type: 'permissions.change', showChecksDeposit: show }), [send, show]);
  const is = useCallback((state: PaymentState) => snapshot.matches(state), [snapshot]);
  return { actor, send, is, depositStep: depositStepOf(snapshot), context: snapshot.context };
}

/** Follows the machine's route steps: pushes them in order, or goes back to the step the flow came from. */
export function useFlowNavigation(actor: PaymentActor): void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromFlow = (location.state as { checkFlow?: boolean } | null)?.checkFlow === true;
  const returnPath = location.pathname === '/check-capture' ? captureReturnPath(location.search) : null;
  useEffect(() => {
    const subscription = actor.on('navigate', (event) => {
      if (event.mode === 'back') {
        const target = event.steps[0];
        if (fromFlow) navigate(-1);
        else if (returnPath) navigate(returnPath, { replace: true });
        else if (target) navigate(pathOf(target), { replace: true });
        return;
      }
      // A capture pushed by the flow is left with history back, so the stack stays Fill → Capture.
      for (const step of event.steps) navigate(pathOf(step), { state: { checkFlow: step.name === 'CheckCapture' } });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, fromFlow, returnPath]);
}
