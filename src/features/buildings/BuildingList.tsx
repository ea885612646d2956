import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildingRow } from '../../db/schema';
import { dropPaintedStart, keepPaintedStart } from '../../session/paintedStart';
import type { BuildingListItem } from './buildingListing';
import { BuildingAvatar } from './BuildingAvatar';
import styles from './DashboardScreen.module.css';

/** Isolates a value of either direction inside a translated sentence (Unicode FSI … PDI). */
const isolate = (value: string | number) => `\u2068${value}\u2069`;

/** The offline cold-start benchmark measures up to here (scripts/bench/coldStart.ts). */
export const LIST_RENDERED_MARK = 'binyan:dashboard-list-rendered';

/** `isHome`: the list is the user's home screen (a start on "/" may then be painted with it). */
type Props = { items: BuildingListItem<BuildingRow>[]; selectedId: number | null; isHome: boolean; onSelect(id: number): void };

export function BuildingList({ items, selectedId, isHome, onSelect }: Props) {
  const { t } = useTranslation('buildings');
  const shown = items.length > 0;
  useEffect(() => {
    if (shown && performance.getEntriesByName(LIST_RENDERED_MARK).length === 0) performance.mark(LIST_RENDERED_MARK);
    if (shown) dropPaintedStart();
  }, [shown]);
  // The next offline start paints this list at once (session/paintedStart.ts), kept as it changes.
  useEffect(() => {
    if (shown) keepPaintedStart(isHome);
  }, [shown, items, selectedId, isHome]);
  return (
    <ul className={styles.list}>
      {items.map(({ building, openCalls }) => {
        const selected = building.id === selectedId;
        return (
          <li key={building.id}>
            <button type="button" className={styles.row} aria-pressed={selected} onClick={() => onSelect(building.id)}>
              <BuildingAvatar name={building.name} logoUrl={building.logoUrl} color={building.buttonColor} />
              <span className={styles.rowText}>
                <span className={styles.rowName}>{building.name}</span>
                <span className={styles.rowMeta}>
                  {t('list.meta', { number: building.number, address: isolate(building.address), city: isolate(building.city) })}
                </span>
              </span>
              <span className={openCalls > 0 ? styles.calls : styles.noCalls}>{t('list.openCalls', { count: openCalls })}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
