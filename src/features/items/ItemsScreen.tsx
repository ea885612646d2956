import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, actionIcons } from '../../ui/icons';
import type { ItemStatus } from '../../lib/domain/entities';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useListPaging } from '../../ui/listPaging';
import { ShowMore } from '../../ui/ShowMore';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { pullApartments } from '../../directory/apartmentsRepo';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { pullContacts } from '../../directory/contactsRepo';
import { useFormats } from '../../ui/useFormats';
import { useResult } from '../../ui/useResult';
import { useIndexedQuery } from '../../ui/useIndexedQuery';
import { useServerRefresh } from '../../session/useServerRefresh';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { HandoverDialog } from './HandoverDialog';
import { itemsView } from './itemsQueries';
import { itemsChanges } from './itemsIndex';
import type { ItemView } from './itemsQueries';
import { numberOfItem, pullItems } from './itemsRepo';
import type { ItemKind } from './itemsRepo';
import styles from '../../ui/fieldScreens.module.css';

import { buildingsPath } from '../../lib/appPaths';

const addPath: Record<ItemKind, string> = { keys: '/add-key', mailItems: '/add-mail-item' };

/** /keys and /mail-items: pending and delivered items of the current building, with search and handover. */
export function ItemsScreen({ kind }: { kind: ItemKind }) {
  const can = useCan();
  const { t } = useTranslation(['items', 'errors', 'common']);
  const f = useFormats();
  const { session } = useSession();
  const bid = session.bID;
  const [status, setStatus] = useState<ItemStatus>('pending');
  const [query, setQuery] = useState('');
  const [handing, setHanding] = useState<ItemView | null>(null);
  const result = useResult();
  const paging = useListPaging(`${bid ?? ''}|${status}|${query}`);
  const asked = `${kind}|${bid ?? ''}|${status}|${paging.limit}|${query}`;
  const answer = useIndexedQuery(
    itemsChanges(kind),
    async () => (bid === null ? null : { asked, view: await itemsView(kind, bid, status, query, paging.limit) }),
    [asked, kind, bid, status, query, paging.limit],
  );
  const data = answer === undefined || answer === null ? answer : answer.view;
  // The view shown answers an earlier query while a newer one is read (a search typed as the screen opened).
  const waiting = answer !== undefined && answer !== null && answer.asked !== asked;
  const refresh = useServerRefresh(bid === null ? null : `${kind}:${bid}`, async (api) => {
    await Promise.all([pullItems(api, kind, bid ?? 0), pullApartments(api, bid ?? 0), pullContacts(api, bid ?? 0)]);
  });
  const notTaken = useNotTaken(bid, refresh.state === 'failed');

  if (bid === null)
    return (
      <EmptyState
        title={t('items:noBuilding.title')}
        message={t('items:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('items:noBuilding.action')}
          </Link>
        }
      />
    );
  const shown = data?.items ?? [];
  // Not counted yet (the view opened from indexes): more than the page holds.
  const inTab = data ? (data[status] ?? data.items.length) : 0;

  return (
    <div className={styles.screen}>
      <div className={styles.cardHeader}>
        <h2 className={styles.heading}>{t(`items:${kind}.title`)}</h2>
        {can('items.write') ? (
          <Link className={styles.link} to={addPath[kind]}>
            <Icon icon={actionIcons.add} />
            {t(`items:${kind}.add`)}
          </Link>
        ) : null}
      </div>
      <div role="tablist" aria-label={t(`items:${kind}.tabs`)} className={styles.tabs}>
        {(['pending', 'delivered'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`items-tab-${s}`}
            aria-controls="items-panel"
            aria-selected={status === s}
            className={styles.tab}
            onClick={() => setStatus(s)}
          >
            {data && data[s] === null ? t(`items:tabs.${s}Uncounted`) : t(`items:tabs.${s}`, { n: data?.[s] ?? 0 })}
          </button>
        ))}
      </div>
      <div id="items-panel" role="tabpanel" aria-labelledby={`items-tab-${status}`} className={styles.form} aria-busy={data === undefined || waiting}>
        <TextField type="search" label={t('items:search')} value={query} onValueChange={setQuery} autoComplete="off" />
        {notTaken ? <BuildingNotTaken buildingId={bid} /> : null}
        {data === undefined || (data && inTab === 0 && refresh.state === 'loading') ? (
          <Spinner />
        ) : waiting ? (
          <Spinner delayed label={t('items:searching')} />
        ) : null}
        {data && inTab === 0 && refresh.state === 'failed' && !notTaken ? (
          <EmptyState message={t('items:loadFailed')} action={<Button onClick={refresh.retry}>{t('items:retry')}</Button>} />
        ) : null}
        {data && inTab === 0 && refresh.state === 'done' ? <EmptyState message={t(`items:${kind}.empty.${status}`)} /> : null}
        {data && inTab > 0 && shown.length === 0 ? <EmptyState message={t('items:noResults')} /> : null}
        <ul className={styles.list}>
          {shown.map((v) => {
            const number = numberOfItem(v.item);
            return (
              <li key={v.item.id} className={styles.card} aria-label={t(`items:${kind}.label`, { number })}>
                <div className={styles.cardHeader}>
                  <h3 className={styles.cardTitle}>{number}</h3>
                  <RecordSyncBadge state={v.item.syncState} />
                </div>
                {v.item.description ? <p className={styles.subheading}>{v.item.description}</p> : null}
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('items:recipient')}</dt>
                    <dd>
                      {[v.apartment ? t('items:apartment', { number: v.apartment.number }) : '', v.contact?.fullName ?? ''].filter(Boolean).join(' · ') ||
                        t('items:noRecipient')}
                    </dd>
                  </div>
                  {'kind' in v.item ? (
                    <div>
                      <dt>{t('items:mailKind.label')}</dt>
                      <dd>{[t(`items:mailKind.${v.item.kind}`), v.item.carrier ?? ''].filter(Boolean).join(' · ')}</dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>{t('items:registered')}</dt>
                    <dd>{`${f.dateTime(v.item.registeredAt)} · ${v.item.registeredBy}`}</dd>
                  </div>
                  {v.item.status === 'delivered' ? (
                    <div>
                      <dt>{t('items:delivered')}</dt>
                      <dd>{t('items:deliveredSummary', { to: v.item.deliveredTo ?? '', by: v.item.deliveredBy ?? '', at: f.dateTime(v.item.deliveredAt) })}</dd>
                    </div>
                  ) : null}
                  {v.item.status === 'delivered' && (v.item.signature || v.item.signatureFileId) ? (
                    <div>
                      <dt>{t('items:handover.signature')}</dt>
                      <dd>
                        <img
                          className={styles.signature}
                          src={v.item.signature ?? `/api/files/getImg?src=${encodeURIComponent(v.item.signatureFileId ?? '')}`}
                          alt={t('items:handover.signatureOf', { name: v.item.deliveredTo ?? '' })}
                        />
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {v.item.status === 'pending' && can('items.write') ? (
                  <Button variant="secondary" onClick={() => setHanding(v)} aria-label={t(`items:${kind}.handoverOf`, { number })}>
                    {t('items:handover.action')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
        {data ? <ShowMore shown={shown.length} total={data.found} onMore={paging.showMore} /> : null}
      </div>
      {handing ? (
        <HandoverDialog
          kind={kind}
          view={handing}
          workerName={session.WorkerName}
          onClose={() => setHanding(null)}
          onDone={() => {
            setHanding(null);
            result.succeed(t(`items:${kind}.handedOver`));
          }}
          onFailed={() => result.fail('errors:anErrorOccurred')}
        />
      ) : null}
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}

export const KeysScreen = () => <ItemsScreen kind="keys" />;
export const MailItemsScreen = () => <ItemsScreen kind="mailItems" />;
