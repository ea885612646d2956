import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { KeyItemRow, MailItemRow, ServiceCallRow } from '../../db/schema';
import styles from './DailyPlanScreen.module.css';

type Props = { openCalls: ServiceCallRow[]; pendingKeys: KeyItemRow[]; pendingMailItems: MailItemRow[] };

/** The building's open calls and the keys and mail items waiting there (read-only, linking to their screens). */
export function PlanBuildingItems({ openCalls, pendingKeys, pendingMailItems }: Props) {
  const { t } = useTranslation('dailyPlan');
  return (
    <div className={styles.items}>
      <details className={styles.disclosure}>
        <summary>{t('items.openCalls', { count: openCalls.length })}</summary>
        {openCalls.length === 0 ? (
          <p className={styles.muted}>{t('items.noOpenCalls')}</p>
        ) : (
          <ul className={styles.itemList}>
            {openCalls.map((call) => (
              <li key={call.id}>
                <Link to={`/service-call/${call.id}`} className={styles.itemLink}>
                  <span className={styles.itemKey}>{call.callNumber === null ? t('items.newCall') : t('items.callNumber', { number: call.callNumber })}</span>
                  <span>{call.subject || call.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </details>
      <details className={styles.disclosure}>
        <summary>{t('items.keys', { count: pendingKeys.length })}</summary>
        {pendingKeys.length === 0 ? (
          <p className={styles.muted}>{t('items.noKeys')}</p>
        ) : (
          <ul className={styles.itemList}>
            {pendingKeys.map((key) => (
              <li key={key.id}>
                <Link to="/keys" className={styles.itemLink}>
                  <span className={styles.itemKey} dir="ltr">
                    {key.tagNumber}
                  </span>
                  <span>{key.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </details>
      <details className={styles.disclosure}>
        <summary>{t('items.mail', { count: pendingMailItems.length })}</summary>
        {pendingMailItems.length === 0 ? (
          <p className={styles.muted}>{t('items.noMail')}</p>
        ) : (
          <ul className={styles.itemList}>
            {pendingMailItems.map((item) => (
              <li key={item.id}>
                <Link to="/mail-items" className={styles.itemLink}>
                  <span className={styles.itemKey} dir="ltr">
                    {item.trackingNumber}
                  </span>
                  <span>{item.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
