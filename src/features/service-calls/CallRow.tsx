import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ServiceCallRow } from '../../db/schema';
import { formatDisplayDate } from '../../lib/dates';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import styles from './CallsList.module.css';

type Props = { call: ServiceCallRow; buildingName: string | null; selected: boolean };

export function CallRow({ call, buildingName, selected }: Props) {
  const { t } = useTranslation('serviceCalls');
  const number = call.callNumber === null ? t('detail.pendingNumber') : t('detail.number', { number: call.callNumber });
  const title = call.subject || call.description;
  return (
    <li className={styles.row} data-priority={call.priority}>
      <Link to={`/service-call/${call.id}`} className={styles.rowLink} aria-current={selected ? 'page' : undefined}>
        <span className={styles.rowHead}>
          <span className={styles.rowNumber}>{number}</span>
          <span className={styles.statusChip} data-status={call.status}>
            {t(`status.${call.status}`)}
          </span>
        </span>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.rowMeta}>
          {[buildingName, t(`domain.${call.domain}`), call.reporterName, t(`priority.${call.priority}`)].filter(Boolean).join(' · ')}
        </span>
        <span className={styles.rowMeta}>{t('list.openedOn', { date: formatDisplayDate(call.openedAt) })}</span>
      </Link>
      <span className={styles.rowBadge}>
        <RecordSyncBadge state={call.syncState} compact={call.syncState === 'synced'} />
      </span>
    </li>
  );
}
