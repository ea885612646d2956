import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { LIST_PAGE_SIZE } from './listPaging';
import { useFormats } from './useFormats';
import styles from './ShowMore.module.css';

/**
 * Under a long list's page: how many of the matches are shown, and a button for the next page. Nothing
 * when all are shown. `total` null: more follow, how many is not counted yet (a first page read from an
 * index; the count comes with the list in memory).
 */
export function ShowMore({ shown, total, onMore }: { shown: number; total: number | null; onMore(): void }) {
  const { t } = useTranslation('common');
  const f = useFormats();
  if (total !== null && shown >= total) return null;
  return (
    <div className={styles.more}>
      {total === null ? null : <p className={styles.count}>{t('list.showing', { shown: f.number(shown), total: f.number(total) })}</p>}
      <Button variant="secondary" onClick={onMore}>
        {t('list.showMore', { more: f.number(total === null ? LIST_PAGE_SIZE : Math.min(LIST_PAGE_SIZE, total - shown)) })}
      </Button>
    </div>
  );
}
