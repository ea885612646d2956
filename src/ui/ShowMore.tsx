import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { LIST_PAGE_SIZE } from './listPaging';
import { useFormats } from './useFormats';
import styles from './ShowMore.module.css';

/** Under a long list's page: how many of the matches are shown, and a button for the next page. Nothing when all are shown. */
export function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore(): void }) {
  const { t } = useTranslation('common');
  const f = useFormats();
  if (shown >= total) return null;
  return (
    <div className={styles.more}>
      <p className={styles.count}>{t('list.showing', { shown: f.number(shown), total: f.number(total) })}</p>
      <Button variant="secondary" onClick={onMore}>
        {t('list.showMore', { more: f.number(Math.min(LIST_PAGE_SIZE, total - shown)) })}
      </Button>
    </div>
  );
}
