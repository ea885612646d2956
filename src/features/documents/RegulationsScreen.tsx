import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import { DocumentView } from './DocumentView';
import type { DocumentRecord, StoredFile } from './documentsRepo';
import { documentCalls } from './documentsRepo';
import { OpenDocumentDialog } from './OpenDocumentDialog';
import { useBuildingDocuments } from './useBuildingDocuments';
import { Alert } from '../../ui/Alert';
import { buildingsPath } from '../../lib/appPaths';

/** /regulations: the building's current bylaws, kept on the device so they open offline; older versions below. */
export function RegulationsScreen() {
  const { t } = useTranslation(['documents', 'common']);
  const f = useFormats();
  const { session } = useSession();
  const bid = session.bID;
  const { records, refresh } = useBuildingDocuments(bid);
  const bylaws = (records ?? []).filter((d) => d.kind === 'bylaws');
  const current = bylaws.find((d) => d.isCurrent) ?? null;
  const [file, setFile] = useState<{ id: string; file: StoredFile } | null>(null);
  const [failed, setFailed] = useState(false);
  const [older, setOlder] = useState<DocumentRecord | null>(null);

  const currentId = current?.id ?? null;
  const currentType = current?.mimeType ?? '';
  useEffect(() => {
    if (currentId === null) return;
    let live = true;
    setFailed(false);
    documentCalls.documentFile({ id: currentId, mimeType: currentType }).then(
      (stored) => live && setFile({ id: currentId, file: stored }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [currentId, currentType]);

  if (bid === null)
    return (
      <EmptyState
        title={t('noBuilding.title')}
        message={t('noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('noBuilding.action')}
          </Link>
        }
      />
    );
  const loading = records === undefined || (!records?.length && refresh.state === 'loading');

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('regulations.title')}</h2>
      {loading ? <Spinner /> : null}
      {!loading && !current && refresh.state === 'failed' ? (
        <EmptyState message={t('loadFailed')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />
      ) : null}
      {!loading && !current && refresh.state !== 'failed' ? <EmptyState message={t('regulations.none')} /> : null}
      {current ? (
        <section className={styles.card} aria-labelledby="regulations-current">
          <div className={styles.cardHeader}>
            <h3 id="regulations-current" className={styles.cardTitle}>
              {current.title}
            </h3>
            <span className={`${styles.badge} ${styles.badgeDone}`}>{t('currentVersion')}</span>
          </div>
          <p className={styles.muted}>{t('regulations.since', { date: f.date(current.createdAt) })}</p>
          {file?.id === current.id ? <DocumentView title={current.title} file={file.file} /> : failed ? <Alert>{t('openFailed')}</Alert> : <Spinner />}
        </section>
      ) : null}
      {bylaws.length > 1 ? (
        <section aria-labelledby="regulations-older">
          <h3 id="regulations-older" className={styles.subheading}>
            {t('regulations.older')}
          </h3>
          <ul className={styles.list}>
            {bylaws
              .filter((d) => !d.isCurrent)
              .map((d) => (
                <li key={d.id} className={styles.card}>
                  <div className={styles.cardHeader}>
                    <span>{`${d.title} · ${f.date(d.createdAt)}`}</span>
                    <Button variant="secondary" onClick={() => setOlder(d)} aria-label={t('openOf', { title: d.title })}>
                      {t('open')}
                    </Button>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      {older ? <OpenDocumentDialog doc={older} onClose={() => setOlder(null)} /> : null}
    </div>
  );
}
