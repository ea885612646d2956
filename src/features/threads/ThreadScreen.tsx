import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { RuleFailure } from '../../lib/validation/rules';
import { RuleError } from '../../lib/validation/rules';
import { Button } from '../../ui/Button';
import { ErrorToast } from '../../ui/ErrorToast';
import { Field } from '../../ui/Field';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { useThreadPhotos } from './photoSlot';
import { PHOTO_PARENT, writeMessage } from './threadsRepo';
import { useMarkRead, useThread } from './useThreads';
import styles from './Threads.module.css';
import { Alert } from '../../ui/Alert';

function LocalPhoto({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  return url ? <img className={styles.photo} src={url} alt={alt} /> : null;
}

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
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const closeToast = useCallback(() => setSaveFailed(false), []);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await writeMessage(id, text, picker.photos);
      setText('');
      setFailure(null);
      picker.clear();
    } catch (error) {
      if (error instanceof RuleError) setFailure(error.failure);
      else setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (stored === undefined && opened === undefined) return <Spinner label={t('loading')} />;
  if (!subject) {
    return (
      <section className={styles.screen} aria-labelledby="thread-title">
        <h1 id="thread-title" className={styles.heading}>
          {t('threadTitle')}
        </h1>
        {refreshing ? <Spinner label={t('loading')} /> : <Alert>{online && !failed ? t('notFound') : t('loadFailed')}</Alert>}
        <Link to="/threads">{t('backToList')}</Link>
      </section>
    );
  }
  const textError = failure?.field === 'text' ? t(`errors:${failure.messageKey}`) : null;
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
      {failed ? (
        <Alert as="div" className={styles.notice}>
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void refresh()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
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
                        <LocalPhoto blob={p.blob} alt={t('photoAlt', { index: (photoIndex += 1) })} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="thread-reply">
        <h2 id="thread-reply">{t('replyTitle')}</h2>
        <Field label={t('replyLabel')} error={textError}>
          {(control) => <textarea {...control} className={`${control.className} ${styles.textarea}`} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        {pickerView('thread-reply')}
        <Button type="submit" disabled={busy || picker.progress !== null}>
          {t('replySend')}
        </Button>
      </form>
      <ErrorToast open={saveFailed} summary={t('saveFailed')} onClose={closeToast} />
    </section>
  );
}
