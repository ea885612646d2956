import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Spinner } from '../../ui/Spinner';
import { loginActors } from './loginActors';
import { loginMachine } from './loginMachine';
import type { LoginCredentials } from './loginMachine';
import { LoginCodeForm } from './LoginCodeForm';
import { LoginDetailsForm } from './LoginDetailsForm';
import { useSession } from '../../session/sessionContext';
import styles from './LoginScreen.module.css';
import { useFinishSignIn } from './useFinishSignIn';
import type { OfflineProgress } from './useFinishSignIn';

const appLoginMachine = loginMachine.provide({ actors: loginActors });

type Props = {
  initial: Partial<LoginCredentials>;
  /** Component tests pass the machine with fake actors; the app uses the real API. */
  machine?: typeof appLoginMachine;
  /** What follows a sign-in before the app opens (the app takes the day offline), with its progress. */
  afterLogin(onProgress: (p: OfflineProgress) => void): Promise<void>;
  /** Starts loading the signed-in app once a sign-in is under way (the page itself loads without it). */
  preload?: () => void;
};

export function LoginScreen({ initial, machine = appLoginMachine, afterLogin, preload }: Props) {
  const { t } = useTranslation('auth');
  const { loggedIn } = useSession();
  const [state, send] = useMachine(machine, { input: initial });
  const done = state.matches('loggedIn');
  const progress = useFinishSignIn(done, afterLogin);
  const started = !state.matches('idle');
  useEffect(() => {
    if (started) preload?.();
  }, [started, preload]);

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
