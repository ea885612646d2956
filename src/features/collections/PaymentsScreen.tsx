import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding, useOnBuildingChange } from '../../directory/buildingPicker';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { useOnlineList } from '../../session/useOnlineList';
import { ReceiptDownloadButton } from '../../session/ReceiptDownloadButton';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { refundableAgorot } from '../../lib/domain/refundRules';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import { buildingPayments } from './collectionsRepo';
import { RefundDialog } from './RefundDialog';

/** The office sees a building's tenant payments, failed standing-order charges and receipt numbers. */
export function PaymentsScreen() {
  const { t } = useTranslation(['collections', 'errors']);
  const f = useFormats();
  const online = useOnline();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/payments', session.bID);
  const { rows, error, reload } = useOnlineList<PaymentRecord>(buildingId, online, () => buildingPayments(buildingId ?? 0));
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useOnBuildingChange(buildingId, () => setNotice(null));
  const can = useCan();

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('collections:title')}</h2>
      {notice ? (
        <p className={styles.muted} role="status">
          {notice}
        </p>
      ) : null}
      <SelectField
        label={t('collections:building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={choose}
        options={buildingPickerOptions(buildings ?? [], buildingId, null, t('collections:chooseBuilding'))}
      />
      {!online ? (
        <EmptyState message={t('collections:needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : buildingId === null ? null : rows === null ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState message={t('collections:none')} />
      ) : (
        <ul className={styles.list} aria-label={t('collections:title')}>
          {rows.map((p) => (
            <li key={p.id} className={styles.card}>
              <span>
                {f.date(p.date)} · {p.payerName} · {f.agorot(p.totalAgorot)}
              </span>
              <span className={styles.muted}>{t(`collections:methods.${p.method === 'standingOrder' ? 'standingOrder' : 'card'}`, { last4: p.last4 })}</span>
              {p.refundedAgorot ? <span className={styles.muted}>{t('collections:refunded', { amount: f.agorot(p.refundedAgorot) })}</span> : null}
              <span className={p.status === 'failed' ? styles.error : styles.muted}>
                {p.status === 'succeeded'
                  ? t('collections:receipt', { number: p.receiptNumber ?? '' })
                  : p.status === 'failed'
                    ? t('collections:failed', { reason: t(`errors:${p.errorKey ?? 'transactionFailed'}`) })
                    : t('collections:pending')}
              </span>
              {p.status === 'succeeded' && p.receiptNumber !== null ? (
                <div className={styles.actions}>
                  <ReceiptDownloadButton paymentId={p.id} receiptNumber={p.receiptNumber} />
                  {can('payments.refund') && refundableAgorot(p.totalAgorot, p.refundedAgorot ?? 0) > 0 ? (
                    <Button variant="secondary" onClick={() => setRefunding(p)} aria-label={t('collections:refund.open', { number: p.receiptNumber })}>
                      {t('collections:refund.button')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {refunding ? (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(amount) => {
            setNotice(t('collections:refund.done', { amount: f.agorot(amount), number: refunding.receiptNumber ?? '' }));
            setRefunding(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
