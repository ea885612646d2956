import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { Button } from '../../ui/Button';
import type { LoginEvent, loginMachine } from './loginMachine';
import styles from './LoginScreen.module.css';
import { Alert } from '../../ui/Alert';

type Props = { state: SnapshotFrom<typeof loginMachine>; send(event: LoginEvent): void };

/** A phone with tenant accounts in several companies: the tenant chooses the company and apartment. */
export function AccountChoice({ state, send }: Props) {
  const { t } = useTranslation('auth');
  const { context } = state;
  return (
    <section className={styles.form} aria-labelledby="account-choice-title">
      <h2 id="account-choice-title" className={styles.subtitle}>
        {t('auth:tenant.chooseAccount')}
      </h2>
      <p className={styles.sentTo}>{t('auth:tenant.chooseIntro')}</p>
      {context.errorKey ? <Alert className={styles.error}>{t(context.errorKey)}</Alert> : null}
      <ul className={styles.accounts}>
        {context.accounts.map((account) => (
          <li key={account.userId}>
            <Button block variant="secondary" onClick={() => send({ type: 'account.choose', accountId: account.userId })}>
              {account.apartmentNumber
                ? t('auth:tenant.account', { company: account.companyName, number: account.apartmentNumber, address: account.address ?? '' })
                : account.companyName}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" block onClick={() => send({ type: 'otp.back' })}>
        {t('auth:changeDetails')}
      </Button>
    </section>
  );
}
