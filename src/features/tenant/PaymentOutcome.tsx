import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { Button } from '../../ui/Button';
import { useFormats } from '../../ui/useFormats';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { Alert } from '../../ui/Alert';

/** What became of a payment: paid with its receipt, or why not (spec 8), with a way to try again. */
export function PaymentOutcome({ payment, onAgain }: { payment: PaymentRecord; onAgain(): void }) {
  const { t } = useTranslation(['tenant', 'errors']);
  const f = useFormats();
  const paid = payment.status === 'succeeded';
  return (
    <section className={screenFrame.screen} aria-labelledby="outcome-title">
      <h1 id="outcome-title" className={screenFrame.heading}>
        {paid ? t('pay.paid') : t('pay.notPaid')}
      </h1>
      {paid ? (
        <>
          <p>{t('pay.paidText', { total: f.agorot(payment.totalAgorot), number: payment.receiptNumber ?? '' })}</p>
          <Link className={styles.link} to={`/receipt/${encodeURIComponent(payment.id)}`}>
            {t('home.receipt', { number: payment.receiptNumber ?? '' })}
          </Link>
          <Link className={styles.link} to="/">
            {t('pay.home')}
          </Link>
        </>
      ) : (
        <>
          <Alert className={styles.notice}>{t(`errors:${payment.errorKey ?? 'transactionFailed'}`)}</Alert>
          <Button onClick={onAgain}>{t('pay.tryAgain')}</Button>
        </>
      )}
    </section>
  );
}
