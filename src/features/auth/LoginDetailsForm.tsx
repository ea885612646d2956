import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { OtpSendMethod } from '../../api/calls/auth';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import type { TextFieldProps } from '../../ui/TextField';
import type { LoginEvent, LoginField, loginMachine } from './loginMachine';
import styles from './LoginScreen.module.css';
import { Alert } from '../../ui/Alert';

type Props = { state: SnapshotFrom<typeof loginMachine>; send(event: LoginEvent): void };

const methods: OtpSendMethod[] = ['sms', 'email', 'call'];

const fields: readonly ({ field: LoginField; label: string } & Partial<TextFieldProps>)[] = [
  { field: 'companyCode', label: 'auth:companyCode', name: 'companyCode', inputMode: 'numeric', autoComplete: 'organization' },
  { field: 'userName', label: 'auth:userName', name: 'username', autoComplete: 'username', autoCapitalize: 'none' },
  { field: 'password', label: 'auth:password', name: 'password', type: 'password', autoComplete: 'current-password' },
];

export function LoginDetailsForm({ state, send }: Props) {
  const { t } = useTranslation('auth');
  const { context } = state;
  const busy = state.matches('sendingCode');
  const fieldError = (key: string | undefined) => (key ? t(key) : null);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      {context.errorKey ? <Alert className={styles.error}>{t(context.errorKey)}</Alert> : null}
      {fields.map(({ field, label, ...input }) => (
        <TextField
          key={field}
          label={t(label)}
          {...input}
          value={context[field]}
          onValueChange={(value) => send({ type: 'form.change', field, value })}
          error={fieldError(context.fieldErrors[field])}
          required
        />
      ))}
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>{t('auth:sendMethod.legend')}</legend>
        {methods.map((method) => (
          <label key={method} className={styles.method}>
            <input
              type="radio"
              name="sendMethod"
              value={method}
              checked={context.sendMethod === method}
              onChange={() => send({ type: 'form.method', method })}
            />
            {t(`auth:sendMethod.${method}`)}
          </label>
        ))}
      </fieldset>
      <Button type="submit" block disabled={busy} aria-busy={busy}>
        {busy ? t('auth:sendingCode') : t('auth:sendCode')}
      </Button>
    </form>
  );
}
