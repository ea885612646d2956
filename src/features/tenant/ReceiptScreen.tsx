import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { errorKeyOf } from '../../session/errorKey';
import { ReceiptDownloadButton } from '../../session/ReceiptDownloadButton';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { fetchReceipt } from './paymentsRepo';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';

/** A payment's receipt: number, payer, apartment, lines, fee, VAT, total; printable (and saved as PDF by the browser). */
export function ReceiptScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const { id = '' } = useParams();
  const [receipt, setReceipt] = useState<PaymentRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchReceipt(id)
      .then((r) => live && setReceipt(r))
      .catch((e: unknown) => live && setError(errorKeyOf(e, 'errors:errorReceiving')));
    return () => {
      live = false;
    };
  }, [id]);
  if (error) return <EmptyState title={t('receipt.title')} message={t(error)} />;
  if (!receipt) return <Spinner />;
  const money = (agorot: number) => f.agorot(agorot);
  return (
    <section className={screenFrame.screen} aria-labelledby="receipt-title">
      <h1 id="receipt-title" className={screenFrame.heading}>
        {t('receipt.heading', { number: receipt.receiptNumber ?? '' })}
      </h1>
      <dl className={styles.facts}>
        <dt>{t('receipt.date')}</dt>
        <dd>{f.date(receipt.date)}</dd>
        <dt>{t('receipt.payer')}</dt>
        <dd>{receipt.payerName}</dd>
        <dt>{t('receipt.method')}</dt>
        <dd>{t(`methods.${receipt.method === 'standingOrder' ? 'standingOrder' : 'card'}`, { last4: receipt.last4 })}</dd>
      </dl>
      <h2 className={styles.subheading}>{t('receipt.lines')}</h2>
      <dl className={styles.facts} aria-label={t('receipt.lines')}>
        {receipt.lines.map((l) => (
          <div key={l.chargeId} className={styles.contents}>
            <dt>
              {l.debtKind ? `${t(`debtKinds.${l.debtKind}`)}: ` : ''}
              {ledgerText(l)} {l.dueDate ? `(${f.date(l.dueDate)})` : ''}
            </dt>
            <dd>{money(l.amountAgorot)}</dd>
          </div>
        ))}
        <dt>{t('pay.fee')}</dt>
        <dd>{money(receipt.feeNetAgorot)}</dd>
        <dt>{t('pay.vat', { rate: receipt.vatBasisPoints / 100 })}</dt>
        <dd>{money(receipt.feeVatAgorot)}</dd>
        <dt className={styles.total}>{t('pay.total')}</dt>
        <dd className={styles.total}>{money(receipt.totalAgorot)}</dd>
      </dl>
      <div className={styles.actions}>
        {receipt.receiptNumber !== null ? <ReceiptDownloadButton paymentId={receipt.id} receiptNumber={receipt.receiptNumber} /> : null}
        <Button variant="secondary" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Link className={styles.link} to="/">
          {t('pay.home')}
        </Link>
      </div>
    </section>
  );
}
