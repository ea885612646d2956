import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../ui/EmptyState';
import styles from './ApartmentsScreen.module.css';
import { buildingsPath } from '../../lib/appPaths';

/** Screens that work on the current building send the user to the dashboard to choose one. */
export function NoBuildingSelected() {
  const { t } = useTranslation('buildings');
  return (
    <EmptyState
      title={t('noBuilding.title')}
      message={t('noBuilding.message')}
      action={
        <Link className={styles.primaryLink} to={buildingsPath}>
          {t('noBuilding.action')}
        </Link>
      }
    />
  );
}
