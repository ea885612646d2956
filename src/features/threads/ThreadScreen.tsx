import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import { BlobImage } from '../../ui/BlobImage';
import { ComposeForm } from '../../ui/ComposeForm';
import { RecordNotShown } from '../../ui/RecordNotShown';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { RetryNotice } from '../../ui/RetryNotice';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import { useThreadPhotos } from './photoSlot';
import { PHOTO_PARENT, writeMessage } from './threadsRepo';
import { useMarkRead, useThread } from './useThreads';
import styles from '../../ui/conversation.module.css';

type Shown = { id: string; text: string; mine: boolean; authorName: string; createdAt: string; syncState: 'synced' | 'local' | 'sent' | 'attention' };

/** Issue 31 item 2: one conversation — its messages and photos, and a reply; the same screen for the tenant and the addressee. */
export function ThreadScreen() {
  const { t } = useTranslation(['threads', 'errors']);
  const { id = '' } = useParams();
  const location = useLocation();
  const justSaved = (location.state as { saved?: boolean } | null)?.saved === true;
  const online = useOnline();
  const { dateTime } = useFormats();
  const { stored, opened, written, refreshing, failed, refresh } = useThread(id);
  const slot = useThreadPhotos();
  const { ServerPhoto } = slot;
  const { input: picker, view: pickerView } = slot.usePicker();

  const fromServer: Shown[] = (stored?.messages ?? []).map((m) => ({ ...m, syncState: 'synced' }));
  const serverIds = new Set(fromServer.map((m) => m.id));
  const first: Shown[] =
    opened && !serverIds.has(opened.value.messageId)
      ? [
          {
            id: opened.value.messageId,
            text: opened.value.text,
            mine: true,
            authorName: '',
            createdAt: opened.value.createdAt,
            syncState: opened.syncState ?? 'local',
          },
        ]
      : [];
  const more: Shown[] = written
    .filter((m) => !serverIds.has(m.value.id))
    .map((m) => ({ id: m.value.id, text: m.value.text, mine: true, authorName: '', createdAt: m.value.createdAt, syncState: m.syncState ?? 'local' }));
  const shown = [...fromServer, ...first, ...more];
  const messageIds = shown.map((m) => m.id).join(',');
  const localPhotos = useLiveQuery(
    () => db.photos.filter((p) => p.ownerTable === PHOTO_PARENT && messageIds.split(',').includes(p.ownerId)).toArray(),
    [messageIds],
    [],
  );
  const serverFiles = stored?.files ?? [];
  const serverFileIds = new Set(serverFiles.map((f) => f.id));
  const record = stored?.record;
  const subject = record?.subject ?? opened?.value.subject;
  const newestOther = [...fromServer].reverse().find((m) => !m.mine)?.createdAt ?? null;
  useMarkRead(id, newestOther, record?.unread ?? 0);

  if (stored === undefined && opened === undefined) return <Spinner label={t('loading')} />;
  if (!subject) {
    return (
      <RecordNotShown
        titleId="thread-title"
        title={t('threadTitle')}
        refreshing={refreshing}
        loadingLabel={t('loading')}
        message={online && !failed ? t('notFound') : t('loadFailed')}
        back={{ to: '/threads', label: t('backToList') }}
      />
    );
  }
  const addressee = record?.addressee ?? opened?.value.addressee;
  const waiting = opened && opened.syncState !== 'synced';
  let photoIndex = 0;
  return (
    <section className={styles.screen} aria-labelledby="thread-title" aria-busy={refreshing}>
      <Link to="/threads">{t('backToList')}</Link>
      <h1 id="thread-title" className={styles.heading}>
        {subject}
      </h1>
      <p className={styles.meta}>
        {addressee ? <span>{t(`to.${addressee}`)}</span> : null}
        {record && !record.mine ? <span>{t('from', { name: record.authorName })}</span> : null}
      </p>
      {justSaved && waiting ? (
        <p className={styles.notice} role="status">
          {online ? t('sending') : t('savedOnDevice')}
        </p>
      ) : null}
      {failed ? <RetryNotice message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refresh()} /> : null}
      <section aria-labelledby="thread-messages">
        <h2 id="thread-messages">{t('messagesTitle')}</h2>
        <ul className={styles.messages}>
          {shown.map((m) => {
            const files = serverFiles.filter((f) => f.parentId === m.id);
            const local = localPhotos.filter((p) => p.ownerId === m.id && !serverFileIds.has(p.fileId ?? p.id));
            return (
              <li key={m.id} className={`${styles.message} ${m.mine ? styles.mine : ''}`}>
                <span className={styles.meta}>
                  <span className={styles.muted}>
                    {m.mine ? t('you') : m.authorName} · {dateTime(m.createdAt)}
                  </span>
                  {m.syncState !== 'synced' ? <RecordSyncBadge state={m.syncState} compact /> : null}
                </span>
                <span>{m.text}</span>
                {files.length + local.length > 0 ? (
                  <ul className={styles.photos}>
                    {files.map((f) => (
                      <li key={f.id}>
                        <ServerPhoto className={styles.photo} id={f.id} alt={t('photoAlt', { index: (photoIndex += 1) })} />
                      </li>
                    ))}
                    {local.map((p) => (
                      <li key={p.id}>
                        <BlobImage className={styles.photo} blob={p.blob} alt={t('photoAlt', { index: (photoIndex += 1) })} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      <ComposeForm
        headingId="thread-reply"
        title={t('replyTitle')}
        label={t('replyLabel')}
        submitLabel={t('replySend')}
        failedSummary={t('saveFailed')}
        photos={pickerView('thread-reply')}
        compressing={picker.progress !== null}
        send={async (text) => {
          await writeMessage(id, text, picker.photos);
          picker.clear();
        }}
      />
    </section>
  );
}
