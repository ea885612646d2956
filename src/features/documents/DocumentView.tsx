import { useTranslation } from 'react-i18next';
import type { StoredFile } from './documentsRepo';
import { fileNameOf } from './documentFiles';
import { useObjectUrl } from '../../ui/useObjectUrl';
import styles from './Documents.module.css';

/** A PDF in the browser's own viewer, an image as it is; a download link when the viewer cannot show it. */
export function DocumentView({ title, file }: { title: string; file: StoredFile }) {
  const { t } = useTranslation('documents');
  const url = useObjectUrl(file.blob);
  if (!url) return null;
  if (file.mimeType.startsWith('image/')) return <img className={styles.image} src={url} alt={title} />;
  return (
    <object className={styles.viewer} data={url} type={file.mimeType} aria-label={title}>
      <a href={url} download={fileNameOf(title, file.mimeType)}>
        {t('downloadInstead')}
      </a>
    </object>
  );
}
