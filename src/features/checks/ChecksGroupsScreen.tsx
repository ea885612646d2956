import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { groupsToFill } from './checkGroupsRepo';
import { contactById } from './checksQueries';
import { FlowMessages } from './FlowMessages';
import { checksPaths, useCheckPayment, useFlowNavigation } from './useCheckPayment';
import { useFormats } from '../../ui/useFormats';
import styles from './Checks.module.css';

/** /checks (ChecksPage): the payments still to fill, with amounts, dates and statuses. */
export function ChecksGroupsScreen() {
  const { t } = useTranslation('checks');
  const f = useFormats();
  const { actor, send, is, context } = useCheckPayment();
  useFlowNavigation(actor);
  useEffect(() => send({ type: 'route.groups' }), [send]);
  const contactGuid = context.payer?.contactGuid ?? null;
  const groups = useLiveQuery(async () => {
    const list = await groupsToFill(contactGuid);
    return Promise.all(list.map(async (g) => ({ group: g, contact: await contactById(g.ContactGuid) })));
  }, [contactGuid]);
  const loading = groups === undefined || is('loadingGroups');

  return (
    <div className={styles.screen}>
      <FlowMessages errorKey={context.errorKey} noticeKey={context.noticeKey} onNoticeClosed={() => send({ type: 'notice.dismiss' })} />
      {loading && groups === undefined ? <Spinner label={t('groups.loading')} /> : null}
      {groups !== undefined && groups.length === 0 ? (
        <EmptyState title={t('groups.emptyTitle')} message={t('groups.empty')} action={<Link to={checksPaths.index}>{t('groups.toIndex')}</Link>} />
      ) : null}
      {groups !== undefined && groups.length > 0 ? (
        <ul className={styles.list} aria-label={t('groups.listLabel')}>
          {groups.map(({ group: g, contact }) => (
            <li key={g.ChecksHeaderGuid} className={styles.card}>
              <div className={styles.cardHeader}>
                <strong>{contact?.fullName ?? t('groups.unknownPayer')}</strong>
                <RecordSyncBadge state={g.syncState} compact />
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('groups.amount')}</dt>
                  <dd>{f.nis(g.Amount)}</dd>
                </div>
                <div>
                  <dt>{t('groups.created')}</dt>
                  <dd>{f.date(g.CreateDate)}</dd>
                </div>
                <div>
                  <dt>{t('groups.payments')}</dt>
                  <dd>{g.checks.length}</dd>
                </div>
                <div>
                  <dt>{t('groups.status')}</dt>
                  <dd>{t(`status.${g.Status}`)}</dd>
                </div>
              </dl>
              <Button variant="secondary" onClick={() => send({ type: 'group.open', groupGuid: g.ChecksHeaderGuid })} disabled={!is('groups')}>
                {t('groups.open', { name: contact?.fullName ?? f.nis(g.Amount) })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
