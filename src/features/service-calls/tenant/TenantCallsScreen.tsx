import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { tenantMayComment } from '../../../lib/domain/tenantCalls';
import type { TenantCallAnswer } from '../../../lib/tenantCallAnswers';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { RetryNotice } from '../../../ui/RetryNotice';
import { Spinner } from '../../../ui/Spinner';
import { useFormats } from '../../../ui/useFormats';
import { WaitingCards } from '../../../ui/WaitingCards';
import { joinCall, joinedHere } from './tenantCallsRepo';
import { useTenantCalls } from './useTenantCalls';
import buttonStyles from '../../../ui/Button.module.css';
import styles from '../../../ui/conversation.module.css';

/** Issue 31: the faults a tenant reported, their apartment's, and the building's common-area ones (join instead of reporting again). */
export function TenantCallsScreen() {
  const { t } = useTranslation(['tenantCalls', 'serviceCalls']);
  const { stored, pending, refreshing, failed, refresh } = useTenantCalls();
  const records = stored?.records ?? [];
  const joined = useLiveQuery(() => joinedHere(records.map((c) => c.id)), [records.map((c) => c.id).join(',')]) ?? new Set<string>();
  const serverIds = new Set(records.map((c) => c.id));
  const waiting = pending.filter((p) => !serverIds.has(p.id));
  const own = records.filter((c) => c.area === 'apartment' || c.mine || c.following || joined.has(c.id));
  const others = records.filter((c) => !own.includes(c));
  const loading = stored === undefined || (stored === null && refreshing);

  return (
    <section className={styles.screen} aria-labelledby="tenant-calls-title" aria-busy={refreshing}>
      <h1 id="tenant-calls-title" className={styles.heading}>
        {t('title')}
      </h1>
      <p className={styles.muted}>{t('intro')}</p>
      <Link className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`} to="/my-reports/new">
        {t('new')}
      </Link>
      {failed ? (
        <RetryNotice
          message={stored ? t('staleNotice', { at: stored.fetchedAt.slice(0, 16).replace('T', ' ') }) : t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void refresh()}
        />
      ) : null}
      {loading ? <Spinner label={t('loading')} /> : null}
      <WaitingCards
        headingId="tenant-calls-waiting"
        title={t('waitingTitle')}
        cards={waiting.map((row) => ({
          key: row.id,
          to: `/my-reports/${row.id}`,
          title: row.subject,
          detail: t(row.commonArea ? 'area.common' : 'area.apartment'),
          syncState: row.syncState,
        }))}
      />
      {!loading && stored && own.length === 0 && waiting.length === 0 ? <EmptyState message={t('empty')} /> : null}
      {own.length > 0 ? (
        <section aria-labelledby="tenant-calls-mine">
          <h2 id="tenant-calls-mine">{t('mineTitle')}</h2>
          <ul className={styles.list}>
            {own.map((call) => (
              <CallCard key={call.id} call={call} />
            ))}
          </ul>
        </section>
      ) : null}
      {others.length > 0 ? <AlreadyReported calls={others} /> : null}
    </section>
  );
}

function CallCard({ call }: { call: TenantCallAnswer }) {
  const { t } = useTranslation(['tenantCalls', 'serviceCalls']);
  const { dateTime } = useFormats();
  return (
    <li className={styles.card}>
      <Link className={styles.cardLink} to={`/my-reports/${call.id}`}>
        <h3 className={styles.cardTitle}>{call.subject}</h3>
        <span className={styles.meta}>
          <span className={styles.status}>{t(`serviceCalls:status.${call.status}`)}</span>
          <span>{t(call.area === 'common' ? 'area.common' : 'area.apartment')}</span>
          <span>{dateTime(call.openedAt)}</span>
          {call.callNumber !== null ? <span>{t('number', { number: call.callNumber })}</span> : null}
        </span>
      </Link>
    </li>
  );
}

/** Common-area faults a neighbour reported: join one instead of reporting it again. */
export function AlreadyReported({ calls }: { calls: readonly TenantCallAnswer[] }) {
  const { t } = useTranslation(['tenantCalls', 'serviceCalls']);
  const open = calls.filter((c) => tenantMayComment(c.status));
  if (open.length === 0) return null;
  return (
    <section aria-labelledby="tenant-calls-reported">
      <h2 id="tenant-calls-reported">{t('alreadyTitle')}</h2>
      <p className={styles.muted}>{t('alreadyIntro')}</p>
      <ul className={styles.list}>
        {open.map((call) => (
          <li key={call.id} className={styles.card}>
            <h3 className={styles.cardTitle}>{call.subject}</h3>
            <span className={styles.meta}>
              <span className={styles.status}>{t(`serviceCalls:status.${call.status}`)}</span>
              <span>{t(`serviceCalls:domain.${call.domain}`)}</span>
            </span>
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => void joinCall(call.id)} aria-label={t('joinNamed', { subject: call.subject })}>
                {t('join')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
