import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { allBuildings } from '../../directory/buildingsRepo';
import type { ThreadSummary } from '../../lib/threadAnswers';
import { useCan } from '../../session/useCan';
import { EmptyState } from '../../ui/EmptyState';
import { RetryNotice } from '../../ui/RetryNotice';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { WaitingCards } from '../../ui/WaitingCards';
import { useThreads } from './useThreads';
import buttonStyles from '../../ui/Button.module.css';
import styles from '../../ui/conversation.module.css';

/**
 * Issue 31 item 2: a tenant's conversations with the committee or the office (and a new one), or — for the
 * committee and the management company — the inbox of those addressed to them. Unread counts come from
 * the server's read marks, the same on every device.
 */
export function ThreadsScreen() {
  const { t } = useTranslation('threads');
  const can = useCan();
  const tenant = can('threads.open');
  const { stored, opened, refreshing, failed, refresh } = useThreads();
  const records = stored?.records ?? [];
  const serverIds = new Set(records.map((r) => r.id));
  // Opened here and not in the server's list yet (waiting, or answered a moment before the list is read again).
  const waiting = opened.filter(
    (o) => !serverIds.has(o.value.id) && (o.syncState !== 'synced' || stored === null || stored === undefined || o.value.createdAt > stored.fetchedAt),
  );
  const loading = stored === undefined || (stored === null && refreshing);
  // The inbox may span buildings (the office's): each thread names its building when the device knows it.
  const buildingNames = useLiveQuery(async () => new Map((tenant ? [] : await allBuildings()).map((b) => [b.id, b.name])), [tenant]);

  return (
    <section className={styles.screen} aria-labelledby="threads-title" aria-busy={refreshing}>
      <h1 id="threads-title" className={styles.heading}>
        {t(tenant ? 'title' : 'titleInbox')}
      </h1>
      <p className={styles.muted}>{t(tenant ? 'intro' : 'introInbox')}</p>
      {tenant ? (
        <Link className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`} to="/threads/new">
          {t('new')}
        </Link>
      ) : null}
      {failed ? (
        <RetryNotice
          message={stored ? t('staleNotice', { at: stored.fetchedAt.slice(0, 16).replace('T', ' ') }) : t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void refresh()}
        />
      ) : null}
      {loading ? <Spinner label={t('loading')} /> : null}
      <WaitingCards
        headingId="threads-waiting"
        title={t('waitingTitle')}
        cards={waiting.map((row) => ({
          key: row.key,
          to: `/threads/${row.value.id}`,
          title: row.value.subject,
          detail: t(`to.${row.value.addressee}`),
          syncState: row.syncState ?? 'local',
        }))}
      />
      {!loading && stored && records.length === 0 && waiting.length === 0 ? <EmptyState message={t(tenant ? 'empty' : 'emptyInbox')} /> : null}
      {records.length > 0 ? (
        <ul className={styles.list} aria-labelledby="threads-title">
          {records.map((thread) => (
            <ThreadCard key={thread.id} thread={thread} tenant={tenant} building={buildingNames?.get(thread.buildingId) ?? null} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ThreadCard({ thread, tenant, building }: { thread: ThreadSummary; tenant: boolean; building: string | null }) {
  const { t } = useTranslation('threads');
  const { dateTime } = useFormats();
  return (
    <li className={styles.card}>
      <Link className={styles.cardLink} to={`/threads/${thread.id}`}>
        <h3 className={styles.cardTitle}>{thread.subject}</h3>
        <span className={styles.meta}>
          <span>{tenant ? t(`to.${thread.addressee}`) : t('from', { name: thread.authorName })}</span>
          {building ? <span>{building}</span> : null}
          <span>{dateTime(thread.lastMessageAt)}</span>
          {thread.unread > 0 ? <span className={styles.unread}>{t('unread', { count: thread.unread })}</span> : null}
        </span>
      </Link>
    </li>
  );
}
