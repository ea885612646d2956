import { useTranslation } from 'react-i18next';
import type { ServiceCallRow } from '../../db/schema';
import { formatDisplayDate } from '../../lib/dates';
import styles from './CallDetail.module.css';

/** The call's fields as a description list (dates dd/mm/yyyy). */
export function CallFacts({ call, buildingName }: { call: ServiceCallRow; buildingName: string | null }) {
  const { t } = useTranslation('serviceCalls');
  const none = t('detail.none');
  const facts: [string, string][] = [
    [t('field.callNumber'), call.callNumber === null ? t('detail.pendingNumber') : String(call.callNumber)],
    [t('field.building'), buildingName ?? String(call.buildingId)],
    [t('field.status'), t(`status.${call.status}`)],
    [t('field.priority'), t(`priority.${call.priority}`)],
    [t('field.callType'), t(`type.${call.callType}`)],
    [t('field.domain'), t(`domain.${call.domain}`)],
    [t('field.reporter'), call.reporterName || none],
    [t('field.openedAt'), formatDisplayDate(call.openedAt)],
    [t('field.lastVisitAt'), formatDisplayDate(call.lastVisitAt) || none],
    [t('field.lastUpdateAt'), formatDisplayDate(call.lastUpdateAt)],
    [t('field.closedAt'), formatDisplayDate(call.closedAt) || none],
    [t('field.copyToMaintenanceManager'), call.copyToMaintenanceManager ? t('detail.yes') : t('detail.no')],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
