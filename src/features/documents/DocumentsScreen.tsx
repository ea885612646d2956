import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { db } from '../../db/db';
import { documentKinds } from '../../lib/validation/documentRules';
import { formatFileSize } from '../../lib/uploadLimits';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import { downloadBlob } from '../../ui/download';
import { fileNameOf } from './documentFiles';
import type { DocumentRecord } from './documentsRepo';
import { documentCalls } from './documentsRepo';
import { matchesDocument } from './documentSearch';
import { OpenDocumentDialog } from './OpenDocumentDialog';
import { SendDocumentDialog } from './SendDocumentDialog';
import { UploadDocumentDialog } from './UploadDocumentDialog';
import { useBuildingDocuments } from './useBuildingDocuments';
import { buildingsPath } from '../../lib/appPaths';

const ALL = '';

/** /documents: the current building's documents (its own and its units'), with search, viewer, download and e-mail. */
export function DocumentsScreen() {
  const { t } = useTranslation(['documents', 'errors', 'common']);
  const f = useFormats();
  const can = useCan();
  const { session } = useSession();
  const bid = session.bID;
  const { records, onDevice, refresh } = useBuildingDocuments(bid);
  const unitNumbers = useLiveQuery(
    async () => new Map((bid === null ? [] : await db.apartments.where('buildingId').equals(bid).toArray()).map((a) => [a.id, a.number])),
    [bid],
  );
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState(ALL);
  const [opened, setOpened] = useState<DocumentRecord | null>(null);
  const [sending, setSending] = useState<DocumentRecord | null>(null);
  const [uploading, setUploading] = useState(false);
  const result = useResult();

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
  const unitOf = (doc: DocumentRecord) => (doc.apartmentId ? t('unit', { number: unitNumbers?.get(doc.apartmentId) ?? '' }) : t('wholeBuilding'));
  const shown = (records ?? []).filter((d) => (kind === ALL || d.kind === kind) && matchesDocument(d, query, [t(`kinds.${d.kind}`), unitOf(d)]));
  const download = (doc: DocumentRecord) =>
    documentCalls.documentFile(doc).then(
      (file) => downloadBlob(fileNameOf(doc.title, file.mimeType), file.blob),
      () => result.fail('documents:openFailed'),
    );

  return (
    <div className={styles.screen}>
      <div className={styles.cardHeader}>
        <h2 className={styles.heading}>{t('title')}</h2>
        {can('documents.upload') ? <Button onClick={() => setUploading(true)}>{t('upload.open')}</Button> : null}
      </div>
      <TextField type="search" label={t('search')} value={query} onValueChange={setQuery} autoComplete="off" />
      <SelectField
        label={t('kindFilter')}
        value={kind}
        onValueChange={setKind}
        options={[{ value: ALL, label: t('allKinds') }, ...documentKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]}
      />
      {records === undefined || (!records?.length && refresh.state === 'loading') ? <Spinner /> : null}
      {!records?.length && refresh.state === 'failed' ? (
        <EmptyState message={t('loadFailed')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />
      ) : null}
      {records?.length === 0 && refresh.state === 'done' ? <EmptyState message={t('empty')} /> : null}
      {records && records.length > 0 && shown.length === 0 ? <EmptyState message={t('noResults')} /> : null}
      <ul className={styles.list} aria-label={t('listLabel')}>
        {shown.map((doc) => (
          <li key={doc.id} className={styles.card} aria-label={doc.title}>
            <div className={styles.cardHeader}>
              <h3 className={styles.cardTitle}>{doc.title}</h3>
              <span className={styles.badge}>{t(`kinds.${doc.kind}`)}</span>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('belongsTo')}</dt>
                <dd>{unitOf(doc)}</dd>
              </div>
              <div>
                <dt>{t('added')}</dt>
                <dd>{`${f.date(doc.createdAt)} · ${doc.createdBy}`}</dd>
              </div>
              <div>
                <dt>{t('size')}</dt>
                <dd>{formatFileSize(doc.size)}</dd>
              </div>
            </dl>
            {doc.isCurrent || onDevice.has(doc.id) ? (
              <p className={styles.actions}>
                {doc.isCurrent ? <span className={`${styles.badge} ${styles.badgeDone}`}>{t('currentVersion')}</span> : null}
                {onDevice.has(doc.id) ? <span className={styles.badge}>{t('onDevice')}</span> : null}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setOpened(doc)} aria-label={t('openOf', { title: doc.title })}>
                {t('open')}
              </Button>
              <Button variant="secondary" onClick={() => void download(doc)} aria-label={t('downloadOf', { title: doc.title })}>
                {t('download')}
              </Button>
              {can('documents.send') ? (
                <Button variant="secondary" onClick={() => setSending(doc)} aria-label={t('sendOf', { title: doc.title })}>
                  {t('send.action')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {opened ? <OpenDocumentDialog doc={opened} onClose={() => setOpened(null)} /> : null}
      {sending ? (
        <SendDocumentDialog
          doc={sending}
          onClose={() => setSending(null)}
          onSent={(to) => {
            setSending(null);
            result.succeed(t('send.sent', { to }));
          }}
        />
      ) : null}
      {uploading ? (
        <UploadDocumentDialog
          buildingId={bid}
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            result.succeed(t('upload.done'));
          }}
        />
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
