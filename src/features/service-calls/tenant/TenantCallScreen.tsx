import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { tenantMayComment } from '../../../lib/domain/tenantCalls';
import { BlobImage } from '../../../ui/BlobImage';
import { ComposeForm } from '../../../ui/ComposeForm';
import { RecordNotShown } from '../../../ui/RecordNotShown';
import { RecordSyncBadge } from '../../../ui/RecordSyncBadge';
import { RetryNotice } from '../../../ui/RetryNotice';
import { Spinner } from '../../../ui/Spinner';
import { useFormats } from '../../../ui/useFormats';
import { useOnline } from '../../../ui/useOnline';
import { PhotoPicker } from '../PhotoPicker';
import { ServerPhoto } from '../ServerPhoto';
import { usePhotoPicker } from '../usePhotoPicker';
import { addComment } from './tenantCallsRepo';
import { useLocalPhotos, useTenantCall } from './useTenantCalls';
import styles from '../../../ui/conversation.module.css';

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
  const record = stored?.record;
  const serverIds = new Set([...(stored?.files ?? []).map((f) => f.id)]);
  const updateIds = [...(stored?.updates ?? []).map((u) => u.id), ...comments.map((c) => c.id)];
  const localPhotos = useLocalPhotos([id, ...updateIds]).filter((p) => !serverIds.has(p.fileId ?? p.id));
  const subject = record?.subject ?? local?.subject;
  const status = record?.status ?? local?.status;

  if (stored === undefined && local === undefined) return <Spinner label={t('loading')} />;
  if (!subject || !status) {
    return (
      <RecordNotShown
        titleId="tenant-call-title"
        title={t('callTitle')}
        refreshing={refreshing}
        loadingLabel={t('loading')}
        message={online && !failed ? t('notFound') : t('loadFailed')}
        back={{ to: '/my-reports', label: t('backToList') }}
      />
    );
  }
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
      {failed ? <RetryNotice message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refresh()} /> : null}
      {(stored?.files.length ?? 0) + localPhotos.length > 0 ? (
        <section aria-labelledby="tenant-call-photos">
          <h2 id="tenant-call-photos">{t('photosTitle')}</h2>
          <ul className={styles.photos}>
            {(stored?.files ?? []).map((f, i) => (
              <li key={f.id}>
                <ServerPhoto className={styles.photo} id={f.id} alt={t('photoAlt', { index: i + 1 })} />
              </li>
            ))}
            {localPhotos.map((p, i) => (
              <li key={p.id}>
                <BlobImage className={styles.photo} blob={p.blob} alt={t('photoAlt', { index: (stored?.files.length ?? 0) + i + 1 })} />
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
        <ComposeForm
          headingId="tenant-call-comment"
          title={t('commentTitle')}
          label={t('commentLabel')}
          submitLabel={t('commentSend')}
          failedSummary={t('errors:errorSubmittingReport')}
          photos={<PhotoPicker picker={picker} idPrefix="tenant-comment" />}
          compressing={picker.progress !== null}
          send={async (text) => {
            await addComment(id, text, picker.photos);
            picker.clear();
          }}
        />
      ) : (
        <p className={styles.muted}>{t('closedNote')}</p>
      )}
    </section>
  );
}
