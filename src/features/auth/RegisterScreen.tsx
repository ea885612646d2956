import { useMachine } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { PhoneInput } from '../../ui/PhoneInput';
import { Spinner } from '../../ui/Spinner';
import { loginActors, registerStartOtp } from './loginActors';
import { loginMachine } from './loginMachine';
import { LoginCodeForm } from './LoginCodeForm';
import styles from './LoginScreen.module.css';
import { useFinishSignIn } from './useFinishSignIn';
import type { OfflineProgress } from './useFinishSignIn';
import { Alert } from '../../ui/Alert';

// The sign-in's machine and code step; only the first step differs: the link's code and a phone.
const registerMachine = loginMachine.provide({
  actors: {
    ...loginActors,
    startOtp: registerStartOtp,
  },
});

type Props = { company: string; code: string; afterLogin(onProgress: (p: OfflineProgress) => void): Promise<void> };

/** /register/:company/:code — a tenant opens the link the management company sent and registers (or signs in again) by phone. */
export function RegisterScreen({ company, code, afterLogin }: Props) {
  const { t } = useTranslation(['auth', 'errors']);
  const [state, send] = useMachine(registerMachine, { input: { companyCode: company, userName: '', password: code, sendMethod: 'sms' } });
  const done = state.matches('loggedIn');
  const progress = useFinishSignIn(done, afterLogin);
  const codeStep = state.matches('awaitingCode') || state.matches('resending') || state.matches('verifying');
  const { context } = state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('register.title')}</h1>
        {state.matches('finishing') || done ? (
          <Spinner label={progress ? t('preparingOffline', { done: progress.done, total: progress.total }) : t('signingIn')} />
        ) : codeStep ? (
          <LoginCodeForm state={state} send={send} />
        ) : (
          <form className={styles.form} noValidate onSubmit={submit}>
            <p>{t('register.intro')}</p>
            {context.errorKey ? <Alert className={styles.error}>{t(context.errorKey)}</Alert> : null}
            <PhoneInput
              label={t('register.phone')}
              value={context.userName}
              onValueChange={(value) => send({ type: 'form.change', field: 'userName', value })}
              error={
                context.fieldErrors.userName
                  ? t(context.fieldErrors.userName)
                  : context.fieldErrors.password || context.fieldErrors.companyCode
                    ? t('errors:invalidRegistrationLink')
                    : null
              }
            />
            <Button type="submit" block disabled={state.matches('sendingCode')}>
              {t('sendCode')}
            </Button>
          </form>
        )}
      </div>
      <LanguageSwitch className={styles.languages} />
    </main>
  );
}

/** The route's element: the link's company and code from its path. */
export function RegisterRoute({ afterLogin }: Pick<Props, 'afterLogin'>) {
  const { company = '', code = '' } = useParams();
  return <RegisterScreen company={company} code={code} afterLogin={afterLogin} />;
}
