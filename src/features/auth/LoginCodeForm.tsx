import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { OTP_CODE_LENGTH } from './loginMachine';
import type { LoginEvent, loginMachine } from './loginMachine';
import styles from './LoginScreen.module.css';
import { Alert } from '../../ui/Alert';

type Props = {
  state: SnapshotFrom<typeof loginMachine>;
  send(event: LoginEvent): void;
  /** Shown under the "code sent to": a tenant's phone sign-in answers alike whether or not the phone has an account. */
  note?: string | undefined;
};

export function LoginCodeForm({ state, send, note }: Props) {
  const { t } = useTranslation('auth');
  const { context } = state;
  const verifying = state.matches('verifying');
  const resending = state.matches('resending');
  const targets = [context.sendTo?.target, context.sendTo?.target2].filter((x): x is string => Boolean(x));
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'otp.submit' });
      }}
    >
      <p className={styles.sentTo} aria-live="polite">
        {t('auth:codeSentTo', { target: targets.join(', ') })}
      </p>
      {note ? <p className={styles.sentTo}>{note}</p> : null}
      {context.sentByCallInsteadOfEmail ? (
        <p className={styles.notice} role="status">
          {t('errors:codeSentByCallNoEmail')}
        </p>
      ) : null}
      {context.errorKey ? <Alert className={styles.error}>{t(context.errorKey)}</Alert> : null}
      <TextField
        label={t('auth:code')}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_CODE_LENGTH}
        value={context.code}
        onValueChange={(code) => send({ type: 'otp.change', code })}
        error={context.fieldErrors.code ? t(context.fieldErrors.code) : null}
        hint={context.codeByCall ? t('auth:codeByCallHint', { count: OTP_CODE_LENGTH }) : t('auth:codeHint', { count: OTP_CODE_LENGTH })}
        autoFocus
      />
      <Button type="submit" block disabled={verifying} aria-busy={verifying}>
        {verifying ? t('auth:verifying') : t('auth:verify')}
      </Button>
      <Button variant="secondary" block disabled={context.cooldownLeft > 0 || resending || verifying} onClick={() => send({ type: 'otp.resend' })}>
        {context.cooldownLeft > 0 ? t('auth:resendIn', { seconds: context.cooldownLeft }) : t('auth:resend')}
      </Button>
      <Button variant="ghost" block onClick={() => send({ type: 'otp.back' })}>
        {t('auth:changeDetails')}
      </Button>
    </form>
  );
}
