// The one way a screen of a building says the building is not on this phone: no "take the day
// offline" put it there (db/takenBuildings.ts) and the server cannot be reached. Every screen that
// shows a building's records offline asks `useNotTaken` and shows `<BuildingNotTaken>` in place of a
// load failure, never "could not be loaded".
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { db } from '../db/db';
import { takenBuilding } from '../db/takenBuildings';
import { useOnline } from '../ui/useOnline';
import styles from './BuildingNotTaken.module.css';

/**
 * True when the building was never taken offline (or a limited take left it out) and its records cannot
 * come from the server now: the browser is offline, or the screen's refresh failed.
 */
export function useNotTaken(buildingId: number | null | undefined, refreshFailed = false): boolean {
  const online = useOnline();
  const taken = useLiveQuery(async () => (buildingId === null || buildingId === undefined ? undefined : takenBuilding(buildingId)), [buildingId]);
  return taken === null && (!online || refreshFailed);
}

/** "Building X was not taken offline — connect and take the day offline." */
export function BuildingNotTaken({ buildingId }: { buildingId: number }) {
  const { t } = useTranslation('sync');
  const name = useLiveQuery(async () => (await db.buildings.get(buildingId))?.name ?? null, [buildingId]);
  if (name === undefined) return null;
  return (
    <div className={styles.notice} role="status">
      <p className={styles.title}>{t('notTaken.title')}</p>
      <p className={styles.message}>{t('notTaken.message', { name: name ?? String(buildingId) })}</p>
    </div>
  );
}
