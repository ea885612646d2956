import { useIndexedQuery } from '../../ui/useIndexedQuery';
import { onMetersChanged } from './readingsIndex';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { pullApartments } from '../../directory/apartmentsRepo';
import { pullBuildings } from '../../directory/buildingsRepo';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { AddMeterDialog } from './AddMeterDialog';
import { useFormats } from '../../ui/useFormats';
import { pullMeters } from './meterReadingsRepo';
import { buildingMeters } from './metersQueries';
import type { MeterOverview } from './metersQueries';
import { deleteMeter } from './metersRepo';
import { PriceDialog } from './PriceDialog';
import { useResult } from '../../ui/useResult';
import { useServerRefresh } from '../../session/useServerRefresh';
import styles from '../../ui/fieldScreens.module.css';
import { useCan } from '../../session/useCan';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';

/** /electricity-meter/:bid — the building's counters and EV charging stations. */
export function MetersScreen() {
  const can = useCan();
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const f = useFormats();
  const bid = Number(useParams().bid);
  const valid = Number.isInteger(bid) && bid > 0;
  const data = useIndexedQuery(onMetersChanged, () => (valid ? buildingMeters(bid) : null), [bid, valid]);
  const refresh = useServerRefresh(valid ? `meters:${bid}` : null, async (api) => {
    await Promise.all([pullBuildings(api), pullApartments(api, bid), pullMeters(api, bid)]);
  });
  const result = useResult();
  const [adding, setAdding] = useState(false);
  const [pricing, setPricing] = useState(false);
  const [deleting, setDeleting] = useState<MeterOverview | null>(null);
  const notTaken = useNotTaken(valid ? bid : null, refresh.state === 'failed');

  if (!valid) return <EmptyState message={t('meters:building.invalid')} />;
  if (!data) return <Spinner />;
  const building = data.building;
  if (!building) {
    if (notTaken) return <BuildingNotTaken buildingId={bid} />;
    if (refresh.state === 'loading') return <Spinner />;
    return (
      <EmptyState
        title={t('meters:building.missingTitle')}
        message={t('meters:building.missing')}
        action={<Button onClick={refresh.retry}>{t('meters:retry')}</Button>}
      />
    );
  }
  const price = building.pricePerKwh;

  async function confirmDelete() {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    await result.run(() => deleteMeter(target.meter.id), t('meters:delete.done'), 'errors:errorDeletingCounter');
  }

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="meters-building">
        <div>
          <h2 id="meters-building" className={styles.heading}>
            {building.name}
          </h2>
          <p className={styles.muted}>{`${building.address}, ${building.city}`}</p>
        </div>
        <div>
          <p className={styles.subheading}>
            {t('meters:price.label')}: <strong>{price === null ? t('meters:price.notSet') : f.nis(price)}</strong>
          </p>
          <p className={styles.muted}>{t('meters:price.note')}</p>
        </div>
        <RecordSyncBadge state={building.syncState} compact />
        {can('buildings.editSettings') ? (
          <Button variant="secondary" onClick={() => setPricing(true)}>
            {price === null ? t('meters:price.set') : t('meters:price.change')}
          </Button>
        ) : null}
      </section>

      <section aria-labelledby="meters-list" className={styles.form}>
        <div className={styles.cardHeader}>
          <h2 id="meters-list" className={styles.heading}>
            {t('meters:list.title', { n: data.meters.length })}
          </h2>
          {can('meters.manage') ? (
            <Button onClick={() => setAdding(true)} icon={actionIcons.add}>
              {t('meters:actions.add')}
            </Button>
          ) : null}
        </div>
        {notTaken ? <BuildingNotTaken buildingId={bid} /> : null}
        {refresh.state === 'loading' && data.meters.length === 0 ? <Spinner /> : null}
        {refresh.state === 'failed' && data.meters.length === 0 && !notTaken ? (
          <EmptyState message={t('meters:list.loadFailed')} action={<Button onClick={refresh.retry}>{t('meters:retry')}</Button>} />
        ) : null}
        {refresh.state === 'done' && data.meters.length === 0 ? <EmptyState message={t('meters:list.empty')} /> : null}
        <ul className={styles.list}>
          {data.meters.map((m) => (
            <li key={m.meter.id} className={styles.card} aria-label={t('meters:meter.label', { number: m.meter.number })}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>{t('meters:meter.number', { number: m.meter.number })}</h3>
                <RecordSyncBadge state={m.meter.syncState} />
              </div>
              <p className={styles.muted}>
                {m.meter.kind === 'evCharger' ? t('meters:kind.evCharger') : t('meters:kind.unit')}
                {m.apartment ? ` · ${t('meters:meter.apartment', { number: m.apartment.number })}` : ''}
                {m.meter.kind === 'evCharger' && price !== null ? ` · ${t('meters:price.perKwh', { price: f.nis(price) })}` : ''}
              </p>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('meters:meter.last')}</dt>
                  <dd>{m.last ? t('meters:units.kwh', { value: f.kwh(m.last.value) }) : t('meters:meter.none')}</dd>
                </div>
                <div>
                  <dt>{t('meters:meter.lastAt')}</dt>
                  <dd>{m.last?.at ? f.date(m.last.at) : '—'}</dd>
                </div>
                <div>
                  <dt>{t('meters:meter.initial')}</dt>
                  <dd>{t('meters:units.kwh', { value: f.kwh(m.meter.initialReading) })}</dd>
                </div>
              </dl>
              <div className={styles.actions}>
                <Link
                  className={styles.link}
                  to={`/reading-report/${bid}/${m.meter.id}`}
                  aria-label={t('meters:actions.readingsOf', { number: m.meter.number })}
                >
                  {t('meters:actions.readings')}
                </Link>
                <Link
                  className={styles.link}
                  to={`/consumption-report/${bid}/${m.meter.id}`}
                  aria-label={t('meters:actions.reportOf', { number: m.meter.number })}
                >
                  {t('meters:actions.report')}
                </Link>
                {can('meters.manage') ? (
                  <Button variant="ghost" onClick={() => setDeleting(m)} aria-label={t('meters:actions.deleteOf', { number: m.meter.number })}>
                    {t('meters:actions.delete')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <AddMeterDialog
        open={adding}
        buildingId={bid}
        apartments={data.apartments}
        hasPrice={price !== null && price > 0}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          result.succeed(t('meters:add.saved'));
        }}
        onFailed={() => result.fail('errors:errorSavingCounter')}
        onSetPrice={() => {
          setAdding(false);
          setPricing(true);
        }}
      />
      {pricing ? (
        <PriceDialog
          open
          buildingId={bid}
          current={price}
          onClose={() => setPricing(false)}
          {...result.dialogOutcome(() => setPricing(false), t('meters:price.saved'))}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('meters:delete.title', { number: deleting?.meter.number ?? '' })}
        message={t('meters:delete.message')}
        confirmLabel={t('meters:delete.confirm')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}
