import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/sessionContext';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ImageViewer } from '../../ui/ImageViewer';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import { pullGallery, storedGallery, galleryCalls } from './galleryRepo';
import gallery from './Gallery.module.css';
import { buildingsPath } from '../../lib/appPaths';

/** /gallery: the current building's photos (service calls and image documents), with the image viewer. */
export function GalleryScreen() {
  const { t } = useTranslation('documents');
  const f = useFormats();
  const { session } = useSession();
  const bid = session.bID;
  const items = useLiveQuery(() => (bid === null ? null : storedGallery(bid)), [bid]);
  const refresh = useServerRefresh(bid === null ? null : `gallery:${bid}`, (client) => pullGallery(client, bid ?? 0));
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<number | null>(null);
  const ids = (items ?? []).map((i) => i.fileId).join(',');

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const made: string[] = [];
    void (async () => {
      for (const id of ids.split(',')) {
        const blob = await galleryCalls.galleryImage(id).catch(() => null);
        if (!live) return;
        if (!blob) continue;
        const url = URL.createObjectURL(blob);
        made.push(url);
        setUrls((u) => ({ ...u, [id]: url }));
      }
    })();
    return () => {
      live = false;
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [ids]);

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
  const shown = (items ?? []).filter((i) => urls[i.fileId]);
  const loading = items === undefined || (!items?.length && refresh.state === 'loading');

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('gallery.title')}</h2>
      {loading ? <Spinner /> : null}
      {!items?.length && refresh.state === 'failed' ? (
        <EmptyState message={t('gallery.loadFailed')} action={<Button onClick={refresh.retry}>{t('retry')}</Button>} />
      ) : null}
      {items?.length === 0 && refresh.state === 'done' ? <EmptyState message={t('gallery.empty')} /> : null}
      <ul className={gallery.grid} aria-label={t('gallery.title')}>
        {shown.map((item, index) => (
          <li key={item.fileId}>
            <button
              type="button"
              className={gallery.thumb}
              onClick={() => setOpen(index)}
              aria-label={t('gallery.openOf', { title: item.title, date: f.date(item.createdAt) })}
            >
              <img src={urls[item.fileId]} alt="" />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer
        images={shown.map((i) => ({ src: urls[i.fileId] ?? '', alt: i.title }))}
        index={open ?? 0}
        open={open !== null}
        onIndexChange={setOpen}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
