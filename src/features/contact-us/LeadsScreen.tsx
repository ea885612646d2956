import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadRecord } from '../../lib/answers';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import { leadsOf, markCalledBack } from './leadsRepo';

/** /leads: prospective customers who left their details; staff call them back and mark it. */
export function LeadsScreen() {
  const { t } = useTranslation(['contactUs', 'errors']);
  const f = useFormats();
  const can = useCan();
  const [records, setRecords] = useState<LeadRecord[] | null>(null);
  const result = useResult();
  const refresh = useServerRefresh('leads', async (client) => setRecords(await leadsOf(client)));
  const markCalled = (lead: LeadRecord) =>
    result.run(
      async () => {
        setRecords(await markCalledBack(lead.id));
      },
      t('contactUs:leads.marked', { name: lead.fullName }),
      'errors:anErrorOccurred',
    );

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('contactUs:leads.title')}</h2>
      {records === null && refresh.state === 'loading' ? <Spinner /> : null}
      {records === null && refresh.state === 'failed' ? (
        <EmptyState message={t('contactUs:leads.loadFailed')} action={<Button onClick={refresh.retry}>{t('contactUs:leads.retry')}</Button>} />
      ) : null}
      {records?.length === 0 ? <EmptyState message={t('contactUs:leads.empty')} /> : null}
      <ul className={styles.list}>
        {(records ?? []).map((lead) => (
          <li key={lead.id} className={styles.card} aria-label={lead.fullName}>
            <div className={styles.cardHeader}>
              <h3 className={styles.cardTitle}>{lead.fullName}</h3>
              <span className={`${styles.badge} ${lead.calledBackAt ? styles.badgeDone : ''}`}>
                {lead.calledBackAt ? t('contactUs:leads.called') : t('contactUs:leads.toCall')}
              </span>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('contactUs:phone')}</dt>
                <dd>
                  <a href={`tel:${lead.phone}`} dir="ltr">
                    {lead.phone}
                  </a>
                </dd>
              </div>
              {lead.email ? (
                <div>
                  <dt>{t('contactUs:email')}</dt>
                  <dd dir="ltr">{lead.email}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('contactUs:building')}</dt>
                <dd>{lead.building}</dd>
              </div>
              <div>
                <dt>{t('contactUs:leads.received')}</dt>
                <dd>{f.dateTime(lead.createdAt)}</dd>
              </div>
            </dl>
            {lead.note ? <p className={styles.subheading}>{lead.note}</p> : null}
            {lead.calledBackAt ? (
              <p className={styles.muted}>{t('contactUs:leads.calledBy', { name: lead.calledBackBy ?? '', at: f.dateTime(lead.calledBackAt) })}</p>
            ) : can('leads.update') ? (
              <Button variant="secondary" onClick={() => void markCalled(lead)} aria-label={t('contactUs:leads.markOf', { name: lead.fullName })}>
                {t('contactUs:leads.mark')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
