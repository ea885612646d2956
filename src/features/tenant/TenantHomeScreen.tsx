import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApartmentAccountView } from '../../lib/paymentAnswers';
import { CreditDownloadButton } from '../../session/CreditDownloadButton';
import { ReceiptDownloadButton } from '../../session/ReceiptDownloadButton';
import { useCan } from '../../session/useCan';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { useOnline } from '../../ui/useOnline';
import { DebtList } from './DebtList';
import styles from './Tenant.module.css';
import screenFrame from '../../ui/screenFrame.module.css';
import { useAccount } from './useAccount';
import { YearlyStatement } from './YearlyStatement';

/** The tenant's home (issue 14 "my apartment"): balance, debts by kind with due dates, payments with receipts. */
export function TenantHomeScreen() {
  const { t } = useTranslation(['tenant', 'errors']);
  const f = useFormats();
  const online = useOnline();
  const { account, refreshing, failed, refresh } = useAccount();

  if (account === undefined || (account === null && refreshing)) return <Spinner />;
  if (account === null) {
    return (
      <EmptyState
        title={t('home.title')}
        message={online ? t('home.loadFailed') : t('home.offlineNoData')}
        action={online ? <Button onClick={() => void refresh()}>{t('home.retry')}</Button> : undefined}
      />
    );
  }
  return (
    <section className={screenFrame.screen} aria-labelledby="tenant-home-title">
      <h1 id="tenant-home-title" className={screenFrame.heading}>
        {t('home.title')}
      </h1>
      <p className={screenFrame.muted} data-testid="fetched-at">
        {t('home.fetchedAt', { when: f.dateTime(account.fetchedAt) })}
      </p>
      {!online ? <p className={styles.notice}>{t('home.offline')}</p> : failed ? <p className={styles.notice}>{t('home.refreshFailed')}</p> : null}
      {account.apartments.length === 0 ? <EmptyState message={t('errors:noApartment')} /> : null}
      {account.apartments.map((a) => (
        <ApartmentCard key={a.apartmentId} account={a} />
      ))}
    </section>
  );
}

function ApartmentCard({ account: a }: { account: ApartmentAccountView }) {
  const { t } = useTranslation(['tenant', 'errors', 'statements']);
  const f = useFormats();
  const online = useOnline();
  const can = useCan();
  const ledgerText = useLedgerText();
  const payable = a.debts.some((d) => !d.pendingChecks);
  return (
    <article className={styles.card} aria-labelledby={`apartment-${a.apartmentId}`}>
      <h2 id={`apartment-${a.apartmentId}`} className={styles.subheading}>
        {t('home.apartment', { number: a.number, address: a.address, city: a.city })}
      </h2>
      <p className={styles.balance}>
        <span>{a.balanceAgorot < 0 ? t('home.credit') : t('home.balance')}</span>
        <span data-testid="balance">{f.agorot(Math.abs(a.balanceAgorot))}</span>
      </p>
      {a.hold ? <p className={styles.notice}>{t('errors:unitInLegalProceedings')}</p> : null}
      {a.failedRuns.map((r) => (
        <p key={r.paymentId} className={styles.notice}>
          {t('home.standingOrderFailed', { date: f.date(r.date), amount: f.agorot(r.totalAgorot) })} {r.errorKey ? t(`errors:${r.errorKey}`) : ''}
        </p>
      ))}
      {(a.bouncedChecks ?? []).map((c) => (
        <p key={c.checkGuid} className={styles.notice} role="status">
          {t('home.checkBounced', { number: c.checkNumber ?? '—', amount: f.agorot(c.amountAgorot), date: f.date(c.depositDate) })}
        </p>
      ))}

      <h2 className={styles.subheading}>{t('home.debts')}</h2>
      {a.debts.length === 0 ? <p className={screenFrame.muted}>{t('home.noDebts')}</p> : <DebtList debts={a.debts} />}
      {can('account.pay') && payable ? (
        !a.cardPayments ? (
          <p className={styles.notice}>{t('errors:buildingNotSetUpForCardPayments')}</p>
        ) : online ? (
          <Link className={styles.link} to={`/pay/${encodeURIComponent(a.apartmentId)}`}>
            {t('home.pay')}
          </Link>
        ) : (
          <p className={styles.notice}>{t('pay.needsConnection')}</p>
        )
      ) : null}

      <h2 className={styles.subheading}>{t('home.history')}</h2>
      {a.history.length === 0 ? (
        <p className={screenFrame.muted}>{t('home.noPayments')}</p>
      ) : (
        <ul className={screenFrame.list} aria-label={t('home.history')}>
          {a.history.map((h) => (
            <li key={h.id} className={styles.row}>
              <span className={styles.rowText}>
                <span>
                  {h.kind === 'credit'
                    ? t('methods.credit', { reason: h.description })
                    : h.descriptionKey
                      ? ledgerText(h)
                      : t(`methods.${h.method}`, { last4: h.last4 ?? '' })}
                </span>
                <span className={screenFrame.muted}>{f.date(h.date)}</span>
                {h.paymentId && h.receiptNumber !== null ? (
                  <Link className={styles.link} to={`/receipt/${encodeURIComponent(h.paymentId)}`}>
                    {t('home.receipt', { number: h.receiptNumber })}
                  </Link>
                ) : null}
                {h.creditDocument ? (
                  <CreditDownloadButton paymentId={h.creditDocument.paymentId} refundId={h.creditDocument.refundId} creditNumber={h.creditDocument.number} />
                ) : h.kind === 'refund' && typeof h.creditNumber === 'number' ? (
                  <span className={screenFrame.muted}>{t('home.creditDocument', { number: h.creditNumber })}</span>
                ) : null}
                {h.paymentId && h.receiptNumber !== null ? <ReceiptDownloadButton paymentId={h.paymentId} receiptNumber={h.receiptNumber} /> : null}
              </span>
              <span className={styles.amount}>{f.agorot(h.kind === 'refund' || h.kind === 'bounce' ? -h.amountAgorot : h.amountAgorot)}</span>
            </li>
          ))}
        </ul>
      )}

      <YearlyStatement apartmentId={a.apartmentId} number={a.number} />
      {can('ownersReport.read') ? (
        <p>
          <Link className={styles.link} to={`/owners-report/${a.buildingId}`}>
            {t('statements:report.link')}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
