import { useTranslation } from 'react-i18next';
import { isImageFile } from '../lib/imageFiles';
import styles from './AttachmentsList.module.css';

export type Attachment = { id: string; name: string; url?: string; mime?: string };

type Props = {
  items: readonly Attachment[];
  onOpen?(item: Attachment): void;
  /** When given, each item gets a remove button. */
  onRemove?(item: Attachment): void;
  title?: string;
};

export function AttachmentsList({ items, onOpen, onRemove, title }: Props) {
  const { t } = useTranslation('common');
  return (
    <section className={styles.section} aria-label={title ?? t('attachments.title')}>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('attachments.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <button type="button" className={styles.open} onClick={() => onOpen?.(item)} aria-label={t('attachments.open', { name: item.name })}>
                {isImageFile({ name: item.name, type: item.mime }) && item.url ? <img className={styles.thumb} src={item.url} alt="" /> : null}
                <span className={styles.name}>{item.name}</span>
              </button>
              {onRemove ? (
                <button type="button" className={styles.remove} onClick={() => onRemove(item)} aria-label={t('attachments.remove', { name: item.name })}>
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
