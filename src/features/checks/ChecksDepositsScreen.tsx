import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import { contactById } from './checksQueries';
import { DepositPanel } from './DepositPanel';
import { awaitingDeposit, pullAwaitingDeposit, sentGroup } from './depositRepo';
import type { FillGroup } from './checkGroupsRepo';
import { FlowMessages } from './FlowMessages';
import { useGroupUploads } from './useGroupUploads';
import { checksPaths, useCheckPayment } from './useCheckPayment';
import styles from './Checks.module.css';
import { Alert } from '../../ui/Alert';

/** The payer's name: as the server named it, else the contact on the phone. */
async function withPayer(group: FillGroup): Promise<{ group: FillGroup; payer: string | null }> {
  return { group, payer: group.PayerName ?? (await contactById(group.ContactGuid))?.fullName ?? null };
}

/**
 * /checks/deposits: the sent payments whose deposit is not confirmed yet (put off with "Not now", a
 * reload, a closed app); /checks/deposits/:checksGroupId confirms one of them.
 */
export function ChecksDepositsScreen() {
  const { checksGroupId } = useParams();
  return checksGroupId ? <DepositOfPayment groupGuid={checksGroupId} /> : <PaymentsAwaitingDeposit />;
}

function PaymentsAwaitingDeposit() {
  const { t } = useTranslation('checks');
  const f = useFormats();
  const online = useOnline();
  const refresh = useServerRefresh('awaitingDeposit', pullAwaitingDeposit);
  const payments = useLiveQuery(async () => Promise.all((await awaitingDeposit()).map(withPayer)), []);

  if (payments === undefined || (payments.length === 0 && refresh.state === 'loading')) return <Spinner label={t('deposits.loading')} />;
  return (
    <div className={styles.screen}>
      {refresh.state === 'failed' && online ? (
        <Alert className={styles.alert}>
          {t('deposits.refreshFailed')}{' '}
          <Button variant="secondary" onClick={refresh.retry}>
            {t('deposits.retry')}
          </Button>
        </Alert>
      ) : null}
      {!online ? <p className={styles.muted}>{t('deposits.offlineHint')}</p> : null}
      {payments.length === 0 ? (
        <EmptyState
          title={t('deposits.emptyTitle')}
          message={t('deposits.empty')}
          action={
            <Link className={styles.link} to={checksPaths.index}>
              {t('groups.toIndex')}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list} aria-label={t('deposits.listLabel')}>
          {payments.map(({ group: g, payer }) => (
            <li key={g.ChecksHeaderGuid} className={styles.card}>
              <div className={styles.cardHeader}>
                <strong>{payer ?? t('groups.unknownPayer')}</strong>
                <span className={styles.amount}>{f.nis(g.Amount)}</span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('deposits.sentOn')}</dt>
                  <dd>{f.date(g.SubmittedAt ?? g.CreateDate)}</dd>
                </div>
                <div>
                  <dt>{t('deposits.checks')}</dt>
                  <dd>{g.checks.length}</dd>
                </div>
              </dl>
              {g.syncState !== 'synced' ? <p className={styles.muted}>{t('deposits.stillSending')}</p> : null}
              <Link className={styles.link} to={checksPaths.deposit(g.ChecksHeaderGuid)}>
                {t('deposits.confirm', { name: payer ?? f.nis(g.Amount) })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DepositOfPayment({ groupGuid }: { groupGuid: string }) {
  const { t } = useTranslation(['checks', 'errors']);
  const f = useFormats();
  const { send, is, depositStep, context } = useCheckPayment();
  useEffect(() => send({ type: 'route.deposit', groupGuid }), [send, groupGuid]);
  const data = useLiveQuery(async () => {
    const group = await sentGroup(groupGuid);
    return group ? withPayer(group) : null;
  }, [groupGuid]);
  const uploads = useGroupUploads(depositStep === 'waitingForSync' ? groupGuid : null);
  const errorText = context.errorKey ? t(context.errorKey, context.errorParams ?? {}) : null;
  const backToList = (
    <Link className={styles.link} to={checksPaths.deposits}>
      {t('deposits.backToList')}
    </Link>
  );

  if (is('loadingDeposit')) return <Spinner label={t('deposits.loading')} />;
  if (is('notFound')) return <EmptyState title={t('deposits.notFoundTitle')} message={errorText ?? t('deposits.notWaiting')} action={backToList} />;
  return (
    <div className={styles.screen}>
      {data ? (
        <section className={styles.card} aria-labelledby="checks-deposit-payment">
          <h2 id="checks-deposit-payment" className={styles.heading}>
            {data.payer ?? t('groups.unknownPayer')}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('deposits.amount')}</dt>
              <dd>{f.nis(data.group.Amount)}</dd>
            </div>
            <div>
              <dt>{t('deposits.sentOn')}</dt>
              <dd>{f.date(data.group.SubmittedAt ?? data.group.CreateDate)}</dd>
            </div>
            <div>
              <dt>{t('deposits.checks')}</dt>
              <dd>{data.group.checks.length}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <FlowMessages errorKey={null} noticeKey={context.noticeKey} onNoticeClosed={() => send({ type: 'notice.dismiss' })} />
      <DepositPanel step={depositStep} errorText={errorText} uploads={uploads} send={send} />
      {is('sent') ? backToList : null}
    </div>
  );
}
