import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { tenantMayComment } from '../../../lib/domain/tenantCalls';
import type { RuleFailure } from '../../../lib/validation/rules';
import { RuleError } from '../../../lib/validation/rules';
import { useServerImage } from '../../../session/useServerImage';
import { Button } from '../../../ui/Button';
import { ErrorToast } from '../../../ui/ErrorToast';
import { Field } from '../../../ui/Field';
import { RecordSyncBadge } from '../../../ui/RecordSyncBadge';
import { Spinner } from '../../../ui/Spinner';
import { useFormats } from '../../../ui/useFormats';
import { useObjectUrl } from '../../../ui/useObjectUrl';
import { useOnline } from '../../../ui/useOnline';
import { PhotoPicker } from '../PhotoPicker';
import { usePhotoPicker } from '../usePhotoPicker';
import { addComment } from './tenantCallsRepo';
import { useLocalPhotos, useTenantCall } from './useTenantCalls';
import styles from './TenantCalls.module.css';
import { Alert } from '../../../ui/Alert';

/** A photo the server holds, read through getImg (the call's rights decide). */
function ServerPhoto({ id, alt }: { id: string; alt: string }) {
  const url = useServerImage(id);
  return url ? <img className={styles.photo} src={url} alt={alt} /> : null;
}

function LocalPhoto({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useObjectUrl(blob);
  return url ? <img className={styles.photo} src={url} alt={alt} /> : null;
}

/** Issue 31: one of the tenant's calls: its status, photos, the updates staff showed them; a comment or photo while open. */
export function TenantCallScreen() {
  const { t } = useTranslation(['tenantCalls', 'serviceCalls', 'errors']);
  const { id = '' } = useParams();
  const location = useLocation();
  const justSaved = (location.state as { saved?: boolean } | null)?.saved === true;
  const online = useOnline();
  const { dateTime } = useFormats();
  const { stored, local, comments, refreshing, failed, refresh } = useTenantCall(id);
  const picker = usePhotoPicker();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const closeToast = useCallback(() => setSaveFailed(false), []);
  const record = stored?.record;
  const serverIds = new Set([...(stored?.files ?? []).map((f) => f.id)]);
  const updateIds = [...(stored?.updates ?? []).map((u) => u.id), ...comments.map((c) => c.id)];
  const localPhotos = useLocalPhotos([id, ...updateIds]).filter((p) => !serverIds.has(p.fileId ?? p.id));
  const subject = record?.subject ?? local?.subject;
  const status = record?.status ?? local?.status;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await addComment(id, text, picker.photos);
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

  if (stored === undefined && local === undefined) return <Spinner label={t('loading')} />;
  if (!subject || !status) {
    return (
      <section className={styles.screen} aria-labelledby="tenant-call-title">
        <h1 id="tenant-call-title" className={styles.heading}>
          {t('callTitle')}
        </h1>
        {refreshing ? <Spinner label={t('loading')} /> : <Alert>{online && !failed ? t('notFound') : t('loadFailed')}</Alert>}
        <Link to="/my-reports">{t('backToList')}</Link>
      </section>
    );
  }
  const textError = failure?.field === 'text' ? t(`errors:${failure.messageKey}`) : null;
  return (
    <section className={styles.screen} aria-labelledby="tenant-call-title" aria-busy={refreshing}>
      <Link to="/my-reports">{t('backToList')}</Link>
      <h1 id="tenant-call-title" className={styles.heading}>
        {subject}
      </h1>
      {justSaved && local && local.syncState !== 'synced' ? (
        <p className={styles.notice} role="status">
          {online ? t('sending') : t('savedOnDevice')}
        </p>
      ) : null}
      <p className={styles.meta}>
        <span className={styles.status}>
          {t('statusLabel')}: {t(`serviceCalls:status.${status}`)}
        </span>
        {record?.callNumber ? <span>{t('number', { number: record.callNumber })}</span> : null}
        {local && local.syncState !== 'synced' ? <RecordSyncBadge state={local.syncState} compact /> : null}
      </p>
      <p>{record?.description ?? local?.description}</p>
      {failed ? (
        <Alert as="div" className={styles.notice}>
          <p>{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void refresh()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}
      {(stored?.files.length ?? 0) + localPhotos.length > 0 ? (
        <section aria-labelledby="tenant-call-photos">
          <h2 id="tenant-call-photos">{t('photosTitle')}</h2>
          <ul className={styles.photos}>
            {(stored?.files ?? []).map((f, i) => (
              <li key={f.id}>
                <ServerPhoto id={f.id} alt={t('photoAlt', { index: i + 1 })} />
              </li>
            ))}
            {localPhotos.map((p, i) => (
              <li key={p.id}>
                <LocalPhoto blob={p.blob} alt={t('photoAlt', { index: (stored?.files.length ?? 0) + i + 1 })} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="tenant-call-updates">
        <h2 id="tenant-call-updates">{t('updatesTitle')}</h2>
        {(stored?.updates.length ?? 0) + comments.length === 0 ? <p className={styles.muted}>{t('noUpdates')}</p> : null}
        <ul className={styles.list}>
          {(stored?.updates ?? []).map((u) => (
            <li key={u.id} className={styles.update}>
              <span className={styles.muted}>
                {u.mine ? t('you') : u.author} · {dateTime(u.createdAt)}
              </span>
              <span>{u.text}</span>
            </li>
          ))}
          {comments
            .filter((c) => !(stored?.updates ?? []).some((u) => u.id === c.id))
            .map((c) => (
              <li key={c.id} className={styles.update}>
                <span className={styles.meta}>
                  <span className={styles.muted}>{t('you')}</span>
                  <RecordSyncBadge state={c.syncState} compact />
                </span>
                <span>{c.text}</span>
              </li>
            ))}
        </ul>
      </section>
      {tenantMayComment(status) ? (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="tenant-call-comment">
          <h2 id="tenant-call-comment">{t('commentTitle')}</h2>
          <Field label={t('commentLabel')} error={textError}>
            {(control) => (
              <textarea {...control} className={`${control.className} ${styles.textarea}`} value={text} onChange={(e) => setText(e.target.value)} />
            )}
          </Field>
          <PhotoPicker picker={picker} idPrefix="tenant-comment" />
          <Button type="submit" disabled={busy || picker.progress !== null}>
            {t('commentSend')}
          </Button>
        </form>
      ) : (
        <p className={styles.muted}>{t('closedNote')}</p>
      )}
      <ErrorToast open={saveFailed} summary={t('errors:errorSubmittingReport')} onClose={closeToast} />
    </section>
  );
}
