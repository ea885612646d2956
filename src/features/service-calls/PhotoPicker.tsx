import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentsList } from '../../ui/AttachmentsList';
import { ImageViewer } from '../../ui/ImageViewer';
import type { PhotoPicker as Picker } from './usePhotoPicker';
import { usePhotoUrls } from './useServiceCalls';
import styles from './CallForm.module.css';
import shared from './ServiceCalls.module.css';
import { Alert } from '../../ui/Alert';

/** Camera and gallery inputs, the compression progress, and the picked photos (removable). */
export function PhotoPicker({ picker, idPrefix }: { picker: Picker; idPrefix: string }) {
  const { t } = useTranslation('serviceCalls');
  const urls = usePhotoUrls(picker.photos.map((p) => ({ id: p.id, blob: p.blob })));
  const [viewing, setViewing] = useState<number | null>(null);
  const items = picker.photos.map((p, i) => ({
    id: p.id,
    name: t('photos.photoName', { index: i + 1 }),
    mime: 'image/jpeg',
    ...(urls.get(p.id) ? { url: urls.get(p.id) } : {}),
  }));
  const onFiles = (input: HTMLInputElement) => {
    const files = input.files ? [...input.files] : [];
    input.value = '';
    void picker.add(files);
  };
  return (
    <fieldset className={styles.photoPicker}>
      <legend className={styles.legend}>{t('photos.title')}</legend>
      <div className={styles.photoButtons}>
        <label className={styles.fileButton} htmlFor={`${idPrefix}-camera`}>
          {t('photos.camera')}
        </label>
        <input
          id={`${idPrefix}-camera`}
          className={styles.fileInput}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(e) => onFiles(e.currentTarget)}
        />
        <label className={styles.fileButton} htmlFor={`${idPrefix}-gallery`}>
          {t('photos.gallery')}
        </label>
        <input id={`${idPrefix}-gallery`} className={styles.fileInput} type="file" accept="image/*" multiple onChange={(e) => onFiles(e.currentTarget)} />
      </div>
      {picker.progress ? (
        <div className={styles.progress} role="status">
          <label htmlFor={`${idPrefix}-progress`}>{t('photos.compressing', { done: picker.progress.done, total: picker.progress.total })}</label>
          <progress id={`${idPrefix}-progress`} max={picker.progress.total} value={picker.progress.done} />
        </div>
      ) : null}
      {picker.error ? <Alert className={shared.fieldError}>{picker.error}</Alert> : null}
      {items.length > 0 ? (
        <AttachmentsList
          title={t('photos.picked')}
          items={items}
          onOpen={(item) => setViewing(items.findIndex((i) => i.id === item.id))}
          onRemove={(item) => picker.remove(item.id)}
        />
      ) : null}
      <ImageViewer
        images={items.map((i) => ({ src: i.url ?? '', alt: i.name }))}
        index={viewing ?? 0}
        open={viewing !== null}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </fieldset>
  );
}
