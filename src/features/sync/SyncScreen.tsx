// The Sync screen: what is waiting and why, what needs a decision, and the black-box log for support.
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../lib/appVersion';
import { exportSyncLog } from '../../sync/replay/syncLog';
import { OutboxEntryCard } from './OutboxEntryCard';
import { StorageNote } from './StorageWarning';
import { requestReplayNow } from '../../session/syncController';
import { useSyncStatus } from '../../session/syncStore';
import { useOnline } from '../../ui/useOnline';
import { useFormats } from '../../ui/useFormats';
import { Icon, actionIcons } from '../../ui/icons';
import { useListPaging } from '../../ui/listPaging';
import { ShowMore } from '../../ui/ShowMore';
import { useOutboxEntries, useRecentSyncLog } from './useOutbox';
import { queuedSummary } from './queuedSummary';
import styles from './SyncScreen.module.css';
import { Alert } from '../../ui/Alert';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function SyncScreen() {
  const { t, i18n } = useTranslation('sync');
  const f = useFormats();
  const online = useOnline();
  const { replaying, userKey, needsLogin, lastReplayAt } = useSyncStatus();
  const entries = useOutboxEntries(userKey);
  const log = useRecentSyncLog();
  const attention = entries?.filter((e) => e.state === 'attention') ?? [];
  const waiting = entries?.filter((e) => e.state !== 'attention') ?? [];
  // A day offline can queue a thousand changes: each list shows a page of cards at a time.
  const attentionPaging = useListPaging('attention');
  const waitingPaging = useListPaging('waiting');

  return (
    <div className={styles.screen}>
      <h1>{t('screen.title')}</h1>
      <p className={styles.status} role="status">
        {online ? t('indicator.online') : t('indicator.offline')}
        {' · '}
        {entries && entries.length > 0 ? queuedSummary(t, i18n.language, entries) : t('indicator.allSent')}
        {replaying ? ` · ${t('indicator.replaying')}` : null}
        {lastReplayAt ? ` · ${t('screen.lastReplay', { time: f.time(lastReplayAt) })}` : null}
      </p>
      {needsLogin ? <Alert className={styles.warning}>{t('screen.needsLogin')}</Alert> : null}
      <StorageNote />
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={requestReplayNow} disabled={replaying}>
          <Icon icon={actionIcons.sync} />
          {t('screen.syncNow')}
        </button>
      </div>

      <section aria-labelledby="sync-attention">
        <h2 id="sync-attention">{t('screen.attention', { count: attention.length })}</h2>
        {attention.length === 0 ? <p className={styles.meta}>{t('screen.noAttention')}</p> : null}
        <ul className={styles.list}>
          {attention.slice(0, attentionPaging.limit).map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} />
          ))}
        </ul>
        <ShowMore shown={Math.min(attentionPaging.limit, attention.length)} total={attention.length} onMore={attentionPaging.showMore} />
      </section>

      <section aria-labelledby="sync-waiting">
        <h2 id="sync-waiting">{t('screen.waiting', { count: waiting.length })}</h2>
        {waiting.length === 0 ? <p className={styles.meta}>{t('screen.noWaiting')}</p> : null}
        <ul className={styles.list}>
          {waiting.slice(0, waitingPaging.limit).map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} />
          ))}
        </ul>
        <ShowMore shown={Math.min(waitingPaging.limit, waiting.length)} total={waiting.length} onMore={waitingPaging.showMore} />
      </section>

      <section aria-labelledby="sync-log">
        <h2 id="sync-log">{t('screen.log')}</h2>
        <button type="button" onClick={() => void exportSyncLog(APP_VERSION).then(({ fileName, text }) => download(fileName, text))}>
          {t('screen.exportLog')}
        </button>
        <details className={styles.log}>
          <summary>{t('screen.recentAttempts', { count: log.length })}</summary>
          <ol>
            {log.map((row) => (
              <li key={row.id}>
                <time dateTime={row.at}>{f.time(row.at, { seconds: true })}</time> {row.method} {row.path} → {t(`outcome.${row.outcome}`)} {row.status ?? ''}{' '}
                {row.message}
              </li>
            ))}
          </ol>
        </details>
      </section>
    </div>
  );
}
