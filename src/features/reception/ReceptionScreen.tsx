import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { db } from '../../db/db';
import type { RuleFailure } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { useSession } from '../../session/sessionContext';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import { pullItems } from '../../directory/itemsPull';
import { Spinner } from '../../ui/Spinner';
import { logArrival, logDeparture, pullVisitors, visitorsOf } from './receptionRepo';
import { ExpectedVisitors } from './ExpectedVisitors';
import { buildingsPath } from '../../lib/appPaths';

/** /reception: the front desk of a building — what waits to be handed over, and the visitors log. Works offline. */
export function ReceptionScreen() {
  const { t } = useTranslation(['reception', 'errors']);
  const f = useFormats();
  const { session } = useSession();
  const bid = session.bID;
  const visitors = useLiveQuery(() => (bid === null ? [] : visitorsOf(bid)), [bid]);
  const waiting = useLiveQuery(
    async () =>
      bid === null
        ? null
        : {
            mail: await db.mailItems.where('[buildingId+status]').equals([bid, 'pending']).sortBy('registeredAt'),
            keys: await db.keys.where('[buildingId+status]').equals([bid, 'pending']).sortBy('registeredAt'),
          },
    [bid],
  );
  const units = useLiveQuery(
    async () => new Map((bid === null ? [] : await db.apartments.where('buildingId').equals(bid).toArray()).map((a) => [a.id, a.number])),
    [bid],
  );
  const refresh = useServerRefresh(bid === null ? null : `visitors:${bid}`, (api) => pullVisitors(api, bid ?? 0));
  // The building's open items as the server has them (also those registered on other devices); the
  // device's copy is what the desk shows with no connection.
  const itemsRefresh = useServerRefresh(bid === null ? null : `desk-items:${bid}`, async (api) => {
    await Promise.all([pullItems(api, 'mailItems', bid ?? 0), pullItems(api, 'keys', bid ?? 0)]);
  });
  const [name, setName] = useState('');
  const [apartment, setApartment] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);

  if (bid === null)
    return (
      <EmptyState
        title={t('noBuilding.title')}
        message={t('noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('noBuilding.action')}
          </Link>
        }
      />
    );

  const arrive = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await logArrival(bid, { name, apartment });
      setFailure(null);
      setName('');
      setApartment('');
    } catch (error) {
      setFailure(ruleFailureOf(error) ?? { field: 'name', messageKey: 'anErrorOccurred' });
    }
  };
  const today = new Date().toDateString();
  const todaysMail = (waiting?.mail ?? []).filter((m) => new Date(m.registeredAt).toDateString() === today);
  const inside = (visitors ?? []).filter((v) => !v.leftAt).length;

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('title')}</h2>
      <section className={styles.card} aria-labelledby="desk-waiting">
        <h3 id="desk-waiting" className={styles.cardTitle}>
          {t('waiting.title')}
        </h3>
        <dl className={styles.facts}>
          <div>
            <dt>{t('waiting.today')}</dt>
            <dd>{todaysMail.length}</dd>
          </div>
          <div>
            <dt>{t('waiting.mail')}</dt>
            <dd>{waiting?.mail.length ?? 0}</dd>
          </div>
          <div>
            <dt>{t('waiting.keys')}</dt>
            <dd>{waiting?.keys.length ?? 0}</dd>
          </div>
        </dl>
        {waiting === undefined || (itemsRefresh.state === 'loading' && (waiting?.mail.length ?? 0) + (waiting?.keys.length ?? 0) === 0) ? <Spinner /> : null}
        {itemsRefresh.state === 'failed' ? <p className={styles.muted}>{t('waiting.offlineCopy')}</p> : null}
        {waiting && waiting.mail.length + waiting.keys.length > 0 ? (
          <ul className={styles.list} aria-label={t('waiting.list')}>
            {[
              ...waiting.mail.map((m) => ({
                id: m.id,
                what: t(`waiting.kind.${m.kind}`),
                number: m.trackingNumber,
                description: m.description,
                apartmentId: m.apartmentId,
                at: m.registeredAt,
                syncState: m.syncState,
              })),
              ...waiting.keys.map((k) => ({
                id: k.id,
                what: t('waiting.kind.key'),
                number: k.tagNumber,
                description: k.description,
                apartmentId: k.apartmentId,
                at: k.registeredAt,
                syncState: k.syncState,
              })),
            ].map((item) => (
              <li key={item.id} className={styles.card} aria-label={`${item.what} ${item.number}`}>
                <div className={styles.cardHeader}>
                  <strong>{[item.what, item.number].filter(Boolean).join(' · ')}</strong>
                  <RecordSyncBadge state={item.syncState} />
                </div>
                <p className={styles.muted}>
                  {[
                    item.apartmentId ? t('visitors.toApartment', { apartment: units?.get(item.apartmentId) ?? '' }) : t('visitors.toOffice'),
                    item.description,
                    f.dateTime(item.at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {waiting && waiting.mail.length + waiting.keys.length === 0 && itemsRefresh.state !== 'loading' ? (
          <p className={styles.muted}>{t('waiting.none')}</p>
        ) : null}
        <div className={styles.actions}>
          <Link className={styles.link} to="/mail-items">
            {t('waiting.handOverMail')}
          </Link>
          <Link className={styles.link} to="/keys">
            {t('waiting.handOverKeys')}
          </Link>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="desk-visitors">
        <div className={styles.cardHeader}>
          <h3 id="desk-visitors" className={styles.cardTitle}>
            {t('visitors.title')}
          </h3>
          <span className={styles.badge}>{t('visitors.inside', { count: inside })}</span>
        </div>
        <form className={styles.form} onSubmit={(e) => void arrive(e)} noValidate>
          <TextField label={t('visitors.name')} value={name} onValueChange={setName} error={errorOf('name')} autoComplete="off" required />
          <TextField label={t('visitors.apartment')} value={apartment} onValueChange={setApartment} error={errorOf('apartment')} autoComplete="off" />
          <Button type="submit">{t('visitors.arrive')}</Button>
        </form>
        <ExpectedVisitors
          buildingId={bid}
          letInIds={new Set((visitors ?? []).map((v) => v.passId).filter((id): id is string => Boolean(id)))}
          onLetIn={(pass) => logArrival(bid, { name: pass.name, apartment: pass.apartment }, pass.id)}
        />
        {visitors?.length === 0 && refresh.state !== 'loading' ? <EmptyState message={t('visitors.empty')} /> : null}
        <ul className={styles.list} aria-label={t('visitors.log')}>
          {(visitors ?? []).map((v) => (
            <li key={v.id} className={styles.card} aria-label={v.name}>
              <div className={styles.cardHeader}>
                <strong>{v.name}</strong>
                {v.passId ? <span className={`${styles.badge} ${styles.badgeDone}`}>{t('visitors.preApproved')}</span> : null}
                <RecordSyncBadge state={v.syncState} />
              </div>
              <p className={styles.muted}>
                {[
                  v.apartment ? t('visitors.toApartment', { apartment: v.apartment }) : t('visitors.toOffice'),
                  t('visitors.in', { at: f.time(v.arrivedAt) }),
                  v.leftAt ? t('visitors.out', { at: f.time(v.leftAt) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                {new Date(v.arrivedAt).toDateString() !== today ? ` · ${f.date(v.arrivedAt)}` : ''}
              </p>
              {v.leftAt ? null : (
                <Button variant="secondary" onClick={() => void logDeparture(v.id)} aria-label={t('visitors.leaveOf', { name: v.name })}>
                  {t('visitors.leave')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
