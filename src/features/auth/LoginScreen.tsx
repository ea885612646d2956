import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Spinner } from '../../ui/Spinner';
import { loginActors } from './loginActors';
import { loginMachine } from './loginMachine';
import type { LoginCredentials } from './loginMachine';
import { LoginCodeForm } from './LoginCodeForm';
import { LoginDetailsForm } from './LoginDetailsForm';
import type { TakeDayProgress } from '../../session/takeDayOffline';
import { useSession } from '../../session/sessionContext';
import styles from './LoginScreen.module.css';

const appLoginMachine = loginMachine.provide({ actors: loginActors });

type Props = {
  initial: Partial<LoginCredentials>;
  /** Component tests pass the machine with fake actors; the app uses the real API. */
  machine?: typeof appLoginMachine;
  /** What follows a sign-in before the app opens (the app takes the day offline), with its progress. */
  afterLogin(onProgress: (p: OfflineProgress) => void): Promise<void>;
};

type OfflineProgress = Pick<TakeDayProgress, 'done' | 'total'>;

export function LoginScreen({ initial, machine = appLoginMachine, afterLogin }: Props) {
  const { t } = useTranslation('auth');
  const { loggedIn, session, update } = useSession();
  const navigate = useNavigate();
  const [state, send] = useMachine(machine, { input: initial });
  const [progress, setProgress] = useState<OfflineProgress | null>(null);
  const done = state.matches('loggedIn');

  useEffect(() => {
    if (!done) return;
    let active = true;
    const target = session.previousPath && !session.previousPath.startsWith('/login') ? session.previousPath : '/';
    void (async () => {
      try {
        await afterLogin((p) => active && setProgress(p));
      } finally {
        await update({ previousPath: null });
        if (active) navigate(target, { replace: true });
      }
    })();
    return () => {
      active = false;
    };
    // Runs once when the machine reaches loggedIn; the remembered path is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per loggedIn; the remembered path is read then
  }, [done]);

  // Already signed in on arrival: /login is for logged-out users only.
  if (loggedIn && state.matches('idle')) return <Navigate to="/" replace />;

  const codeStep = state.matches('awaitingCode') || state.matches('resending') || state.matches('verifying');
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('title')}</h1>
        {state.matches('finishing') || done ? (
          <Spinner label={progress ? t('preparingOffline', { done: progress.done, total: progress.total }) : t('signingIn')} />
        ) : codeStep ? (
          <LoginCodeForm state={state} send={send} />
        ) : (
          <LoginDetailsForm state={state} send={send} />
        )}
      </div>
      <Link className={styles.contactLink} to="/contact-us">
        {t('contactUs')}
      </Link>
      <LanguageSwitch className={styles.languages} />
    </main>
  );
}
