import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { Button } from '../../ui/Button';
import { PhoneInput } from '../../ui/PhoneInput';
import type { LoginEvent, loginMachine } from './loginMachine';
import styles from './LoginScreen.module.css';
import { Alert } from '../../ui/Alert';

type Props = { state: SnapshotFrom<typeof loginMachine>; send(event: LoginEvent): void };

/** A tenant's first step of the phone sign-in: only the phone (the machine keeps it as `userName`). */
export function PhoneDetailsForm({ state, send }: Props) {
  const { t } = useTranslation('auth');
  const { context } = state;
  const busy = state.matches('sendingCode');
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <p className={styles.sentTo}>{t('auth:tenant.intro')}</p>
      {context.errorKey ? <Alert className={styles.error}>{t(context.errorKey)}</Alert> : null}
      <PhoneInput
        label={t('auth:tenant.phone')}
        name="phone"
        value={context.userName}
        onValueChange={(value) => send({ type: 'form.change', field: 'userName', value })}
        error={context.fieldErrors.userName ? t(context.fieldErrors.userName) : null}
        required
      />
      <Button type="submit" block disabled={busy} aria-busy={busy}>
        {busy ? t('auth:sendingCode') : t('auth:sendCode')}
      </Button>
    </form>
  );
}
