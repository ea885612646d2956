import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { preloadNamespaces } from '../../i18n/i18n';
import type { SnapshotFrom } from 'xstate';
import { AppLink, Redirect } from '../../ui/appNavigation';
import { Button } from '../../ui/Button';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Spinner } from '../../ui/Spinner';
import { AccountChoice } from './AccountChoice';
import { loginActors } from './loginActors';
import { loginMachine } from './loginMachine';
import type { LoginCredentials, LoginEvent } from './loginMachine';
import { LoginCodeForm } from './LoginCodeForm';
import { LoginDetailsForm } from './LoginDetailsForm';
import { PhoneDetailsForm } from './PhoneDetailsForm';
import { phoneLoginInput, phoneLoginMachine } from './phoneLoginMachine';
import { useSession } from '../../session/sessionContext';
import styles from './LoginScreen.module.css';
import { useFinishSignIn } from './useFinishSignIn';
import type { OfflineProgress } from './useFinishSignIn';

const appLoginMachine = loginMachine.provide({ actors: loginActors });

type Mode = 'staff' | 'tenant';
type AfterLogin = (onProgress: (p: OfflineProgress) => void) => Promise<void>;

type Props = {
  initial: Partial<LoginCredentials>;
  /** Component tests pass the machines with fake actors; the app uses the real API. */
  machine?: typeof appLoginMachine;
  phoneMachine?: typeof appLoginMachine;
  /** What follows a sign-in before the app opens (the app takes the day offline), with its progress. */
  afterLogin: AfterLogin;
  /** Starts loading the signed-in app once a sign-in is under way (the page itself loads without it). */
  preload?: () => void;
};

/** The error texts are not loaded with the page: they start loading once the visitor is in the form. */
function preloadErrorTexts(): void {
  void preloadNamespaces(['errors']).catch(() => undefined);
}

/** Staff sign in with company, user name and password; a tenant with their phone (issue 14). Both then enter the code. */
export function LoginScreen({ initial, machine = appLoginMachine, phoneMachine = phoneLoginMachine, afterLogin, preload }: Props) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>('staff');
  const other: Mode = mode === 'staff' ? 'tenant' : 'staff';
  const switchMode = (
    <Button variant="ghost" block className={styles.modeSwitch} onClick={() => setMode(other)}>
      {t(other === 'tenant' ? 'tenant.switchToPhone' : 'tenant.switchToStaff')}
    </Button>
  );
  return (
    <main className={styles.page} onFocus={preloadErrorTexts}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t(mode === 'tenant' ? 'tenant.title' : 'title')}</h1>
        {mode === 'tenant' ? (
          <SignInFlow
            key="tenant"
            machine={phoneMachine}
            input={phoneLoginInput}
            Details={PhoneDetailsForm}
            afterLogin={afterLogin}
            preload={preload}
            switchMode={switchMode}
            codeNote={t('tenant.codeIfRegistered')}
          />
        ) : (
          <SignInFlow
            key="staff"
            machine={machine}
            input={initial}
            Details={LoginDetailsForm}
            afterLogin={afterLogin}
            preload={preload}
            switchMode={switchMode}
          />
        )}
      </div>
      <AppLink className={styles.contactLink} to="/contact-us">
        {t('contactUs')}
      </AppLink>
      <LanguageSwitch className={styles.languages} />
    </main>
  );
}

type FlowProps = {
  machine: typeof appLoginMachine;
  input: Partial<LoginCredentials>;
  Details: ComponentType<{ state: SnapshotFrom<typeof loginMachine>; send(event: LoginEvent): void }>;
  afterLogin: AfterLogin;
  preload: (() => void) | undefined;
  /** Shown on the first step only. */
  switchMode: ReactNode;
  /** Shown on the code step. */
  codeNote?: string;
};

function SignInFlow({ machine, input, Details, afterLogin, preload, switchMode, codeNote }: FlowProps) {
  const { t } = useTranslation('auth');
  const { loggedIn } = useSession();
  const [state, send] = useMachine(machine, { input });
  const done = state.matches('loggedIn');
  const progress = useFinishSignIn(done, afterLogin);
  const started = !state.matches('idle');
  useEffect(() => {
    if (started) preload?.();
  }, [started, preload]);

  // Already signed in on arrival: /login is for logged-out users only.
  if (loggedIn && state.matches('idle')) return <Redirect to="/" />;
  if (state.matches('finishing') || done)
    return <Spinner label={progress ? t('preparingOffline', { done: progress.done, total: progress.total }) : t('signingIn')} />;
  if (state.matches('choosingAccount')) return <AccountChoice state={state} send={send} />;
  if (state.matches('awaitingCode') || state.matches('resending') || state.matches('verifying'))
    return <LoginCodeForm state={state} send={send} note={codeNote} />;
  return (
    <>
      <Details state={state} send={send} />
      {switchMode}
    </>
  );
}
