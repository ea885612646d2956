import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredFile } from './documentsRepo';
import { fileNameOf } from './documentFiles';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { Spinner } from '../../ui/Spinner';
import styles from './Documents.module.css';
import { isImageFile } from '../../lib/imageFiles';

// pdf.js is large: it loads with the first PDF shown, never with the sign-in or the dashboard.
const PdfViewer = lazy(() => import('./PdfViewer').then((m) => ({ default: m.PdfViewer })));

/** A PDF drawn in the app (phones too), an image as it is; a download link either way for another app. */
export function DocumentView({ title, file }: { title: string; file: StoredFile }) {
  const { t } = useTranslation('documents');
  const url = useObjectUrl(file.blob);
  if (!url) return null;
  if (isImageFile({ name: '', type: file.mimeType })) return <img className={styles.image} src={url} alt={title} />;
  const download = (label: string) => (
    <a href={url} download={fileNameOf(title, file.mimeType)}>
      {label}
    </a>
  );
  if (file.mimeType !== 'application/pdf') return download(t('downloadInstead'));
  return (
    <Suspense fallback={<Spinner label={t('pdf.loading')} />}>
      <PdfViewer blob={file.blob} title={title} download={download(t('pdf.download'))} />
    </Suspense>
  );
}
