import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { getFacility, testsOfFacility } from './maintenanceQueries';
import { useTestStatus } from './useTestStatus';
import { facilityKindLabel } from './facilityKind';
import { TestStatusControl } from './TestStatusControl';
import styles from '../../ui/fieldScreens.module.css';

/** /maintenance-and-facilities/:id — one facility and its planned tests. */
export function FacilityDetail() {
  const { t } = useTranslation('maintenance');
  const id = useParams().id ?? '';
  const data = useLiveQuery(async () => ({ facility: await getFacility(id), tests: await testsOfFacility(id) }), [id]);
  const { change, dialog } = useTestStatus();
  if (data === undefined) return <Spinner />;
  if (!data.facility) {
    return (
      <EmptyState
        title={t('facility.missingTitle')}
        message={t('facility.missing')}
        action={
          <Link className={styles.link} to="/maintenance-and-facilities">
            {t('facility.back')}
          </Link>
        }
      />
    );
  }
  const { facility, tests } = data;
  return (
    <div className={styles.screen}>
      <Link className={styles.link} to="/maintenance-and-facilities">
        {t('facility.back')}
      </Link>
      <section className={styles.summary} aria-labelledby="facility-name">
        <div>
          <h2 id="facility-name" className={styles.heading}>
            {facility.name}
          </h2>
          <p className={styles.muted}>{[facilityKindLabel(t, facility.kind), facility.location ?? ''].filter(Boolean).join(' · ')}</p>
        </div>
        <span className={styles.badge}>{t('plan.progress', { done: tests.filter((x) => x.status === 'done').length, total: tests.length })}</span>
      </section>
      {tests.length === 0 ? <EmptyState message={t('facility.noTests')} /> : null}
      <ul className={styles.list} aria-label={t('facility.testsOf', { name: facility.name })}>
        {tests.map((test) => (
          <TestStatusControl key={test.id} test={test} onChange={(status, notes) => change(test.id, status, notes)} />
        ))}
      </ul>
      {dialog}
    </div>
  );
}
