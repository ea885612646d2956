import { useRef, useState } from 'react';
import type { ReactNode, TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import styles from './CallsList.module.css';
import shared from './ServiceCalls.module.css';

export const PULL_THRESHOLD_PX = 72;
const MAX_PULL_PX = 110;

type Props = { online: boolean; refreshing: boolean; onRefresh(): void; children: ReactNode };

/**
 * Pull down at the top of the list to refresh (touch), or use the button (keyboard, mouse). Both are
 * off while offline, with a hint saying why.
 */
export function PullToRefresh({ online, refreshing, onRefresh, children }: Props) {
  const { t } = useTranslation('serviceCalls');
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);

  const onTouchStart = (e: TouchEvent) => {
    start.current = window.scrollY <= 0 && online && !refreshing ? (e.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (e: TouchEvent) => {
    if (start.current === null) return;
    const dy = (e.touches[0]?.clientY ?? start.current) - start.current;
    setPull(Math.max(0, Math.min(MAX_PULL_PX, dy)));
  };
  const onTouchEnd = () => {
    if (start.current !== null && pull >= PULL_THRESHOLD_PX) onRefresh();
    start.current = null;
    setPull(0);
  };

  return (
    <div onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <div className={styles.refreshRow}>
        <Button variant="secondary" onClick={onRefresh} disabled={!online || refreshing} aria-describedby={online ? undefined : 'calls-refresh-hint'}>
          {refreshing ? t('list.refreshing') : t('list.refresh')}
        </Button>
        {online ? null : (
          <span id="calls-refresh-hint" className={shared.hint}>
            {t('list.refreshOffline')}
          </span>
        )}
      </div>
      {pull > 0 ? (
        <p className={styles.pullIndicator} style={{ blockSize: `${pull}px` }} aria-hidden="true">
          {pull >= PULL_THRESHOLD_PX ? t('list.releaseToRefresh') : t('list.pullToRefresh')}
        </p>
      ) : null}
      {children}
    </div>
  );
}
