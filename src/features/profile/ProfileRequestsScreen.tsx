import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Inbox } from './profileRequestsRepo';
import type { ProfileRequestRecord } from '../../lib/answers';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import { requestsOf, decideRequest } from './profileRequestsRepo';

/** /profile-requests: the management company decides change requests; the administrator also deletion requests. */
export function ProfileRequestsScreen() {
  const { t } = useTranslation(['profile', 'errors']);
  const f = useFormats();
  const can = useCan();
  const inboxes: Inbox[] = can('privacy.decide') ? ['change', 'deletion'] : ['change'];
  const [inbox, setInbox] = useState<Inbox>('change');
  const [records, setRecords] = useState<ProfileRequestRecord[] | null>(null);
  const result = useResult();
  const refresh = useServerRefresh(`profile-requests:${inbox}`, async (client) => setRecords(await requestsOf(client, inbox)));

  const decide = (r: ProfileRequestRecord, decision: 'approved' | 'refused') =>
    result.run(
      async () => {
        setRecords(await decideRequest(inbox, r.id, decision));
      },
      t(`profile:inbox.${decision}`),
      'errors:anErrorOccurred',
    );

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('profile:inbox.title')}</h2>
      {inboxes.length > 1 ? (
        <div role="tablist" aria-label={t('profile:inbox.title')} className={styles.tabs}>
          {inboxes.map((i) => (
            <button
              key={i}
              type="button"
              role="tab"
              id={`inbox-${i}`}
              aria-controls="inbox-panel"
              aria-selected={inbox === i}
              className={styles.tab}
              onClick={() => setInbox(i)}
            >
              {t(`profile:requests.kind.${i}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div
        id="inbox-panel"
        role={inboxes.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={inboxes.length > 1 ? `inbox-${inbox}` : undefined}
        className={styles.form}
      >
        {records === null && refresh.state === 'loading' ? <Spinner /> : null}
        {records === null && refresh.state === 'failed' ? (
          <EmptyState message={t('profile:inbox.loadFailed')} action={<Button onClick={refresh.retry}>{t('profile:inbox.retry')}</Button>} />
        ) : null}
        {records?.length === 0 ? <EmptyState message={t('profile:inbox.empty')} /> : null}
        <ul className={styles.list}>
          {(records ?? []).map((r) => (
            <li key={r.id} className={styles.card} aria-label={t('profile:inbox.of', { user: r.userName })}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>{r.userName}</h3>
                <span className={styles.badge}>{t(`profile:requests.state.${r.state}`, { defaultValue: r.state })}</span>
              </div>
              <p className={styles.muted}>{f.dateTime(r.createdAt)}</p>
              {Object.entries(r.changes).map(([k, v]) => (
                <p key={k} className={styles.subheading}>{`${t(`profile:${k === 'fullName' ? 'name' : k}`)}: ${v}`}</p>
              ))}
              {r.note ? <p className={styles.subheading}>{r.note}</p> : null}
              {r.state === 'pending' ? (
                <div className={styles.actions}>
                  <Button onClick={() => void decide(r, 'approved')}>{t('profile:inbox.approve')}</Button>
                  <Button variant="secondary" onClick={() => void decide(r, 'refused')}>
                    {t('profile:inbox.refuse')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
