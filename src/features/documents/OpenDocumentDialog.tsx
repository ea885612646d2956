import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { DocumentView } from './DocumentView';
import type { DocumentRecord, StoredFile } from './documentsRepo';
import { documentCalls } from './documentsRepo';
import styles from './Documents.module.css';
import { Alert } from '../../ui/Alert';

/** The document in the app; once opened it stays on the device. */
export function OpenDocumentDialog({ doc, onClose }: { doc: DocumentRecord; onClose(): void }) {
  const { t } = useTranslation(['documents', 'common']);
  const [file, setFile] = useState<StoredFile | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    documentCalls.documentFile(doc).then(
      (f) => live && setFile(f),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [doc]);
  return (
    <Modal open title={doc.title} onClose={onClose} className={styles.wide} actions={<Button onClick={onClose}>{t('common:close')}</Button>}>
      {file ? <DocumentView title={doc.title} file={file} /> : failed ? <Alert>{t('documents:openFailed')}</Alert> : <Spinner />}
    </Modal>
  );
}
