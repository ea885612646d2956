import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import styles from './ImageViewer.module.css';

export type ViewerImage = { src: string; alt: string };

type Props = {
  images: readonly ViewerImage[];
  index: number;
  open: boolean;
  onIndexChange(index: number): void;
  onClose(): void;
};

export function clampIndex(index: number, count: number): number {
  return count === 0 ? 0 : Math.min(Math.max(0, index), count - 1);
}

/** Full-screen viewer; "next" follows the reading direction (arrow keys too). */
export function ImageViewer({ images, index, open, onIndexChange, onClose }: Props) {
  const { t } = useTranslation('common');
  const at = clampIndex(index, images.length);
  const image = images[at];
  const go = (next: number) => onIndexChange(clampIndex(next, images.length));
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';

  return (
    <Modal
      open={open && image !== undefined}
      onClose={onClose}
      className={styles.viewer}
      title={t('imageViewer.title', { index: at + 1, total: images.length })}
    >
      <div
        className={styles.stage}
        onKeyDown={(e) => {
          const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
          const back = rtl ? 'ArrowRight' : 'ArrowLeft';
          if (e.key === forward) go(at + 1);
          if (e.key === back) go(at - 1);
        }}
      >
        {image ? <img className={styles.image} src={image.src} alt={image.alt} /> : null}
        <div className={styles.controls}>
          <button type="button" className={styles.nav} onClick={() => go(at - 1)} disabled={at === 0} aria-label={t('imageViewer.previous')}>
            <span aria-hidden="true" className={styles.arrowBack} />
          </button>
          <button type="button" className={styles.nav} onClick={onClose} aria-label={t('imageViewer.close')}>
            <span aria-hidden="true">×</span>
          </button>
          <button type="button" className={styles.nav} onClick={() => go(at + 1)} disabled={at >= images.length - 1} aria-label={t('imageViewer.next')}>
            <span aria-hidden="true" className={styles.arrowForward} />
          </button>
        </div>
      </div>
    </Modal>
  );
}
