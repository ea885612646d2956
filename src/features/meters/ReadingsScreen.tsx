import { useIndexedQuery } from '../../ui/useIndexedQuery';
import { onMetersChanged } from './readingsIndex';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { MeterReadingRow } from '../../db/schema';
import { isChargePaid } from '../../lib/domain/evCharges';
import { chargeOf, isReadingFrozen } from '../../lib/domain/meterRules';
import { Button } from '../../ui/Button';
import { actionIcons } from '../../ui/icons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ImageViewer } from '../../ui/ImageViewer';
import { ResultDialog } from '../../ui/ResultDialog';
import { Spinner } from '../../ui/Spinner';
import { RecordSyncBadge } from '../../ui/RecordSyncBadge';
import { useFormats } from '../../ui/useFormats';
import { deleteLatestReading, pullMeters, pullReadings } from './meterReadingsRepo';
import { meterDetail } from './metersQueries';
import { ReadingForm } from './ReadingForm';
import { ReadingPhoto } from './ReadingPhoto';
import { useResult } from '../../ui/useResult';
import { useServerRefresh } from '../../session/useServerRefresh';
import styles from '../../ui/fieldScreens.module.css';
import { useCan } from '../../session/useCan';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';

type FormState = { editing: MeterReadingRow | null } | null;

/** /reading-report/:bid/:meterid — the readings of a counter, newest first, and a new reading. */
export function ReadingsScreen() {
  const can = useCan();
  const { t } = useTranslation(['meters', 'errors', 'common']);
  const f = useFormats();
  const params = useParams();
  const bid = Number(params.bid);
  const meterId = params.meterid ?? '';
  const detail = useIndexedQuery(onMetersChanged, () => meterDetail(meterId), [meterId]);
  const refresh = useServerRefresh(meterId ? `readings:${meterId}` : null, async (api) => {
    if (Number.isInteger(bid)) await pullMeters(api, bid);
    await pullReadings(api, meterId);
  });
  const result = useResult();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<MeterReadingRow | null>(null);
  const [viewing, setViewing] = useState<{ src: string; alt: string } | null>(null);
  const notTaken = useNotTaken(Number.isInteger(bid) && bid > 0 ? bid : null, refresh.state === 'failed');

  if (detail === undefined) return <Spinner />;
  if (detail === null) {
    if (notTaken) return <BuildingNotTaken buildingId={bid} />;
    if (refresh.state === 'loading') return <Spinner />;
    return (
      <EmptyState
        title={t('meters:meterMissing.title')}
        message={t('meters:meterMissing.message')}
        action={
          <Link className={styles.link} to={`/electricity-meter/${bid}`}>
            {t('meters:backToMeters')}
          </Link>
        }
      />
    );
  }
  const { meter, readings } = detail;
  const latestId = readings[0]?.id;

  async function confirmDelete() {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    await result.run(() => deleteLatestReading(target.id), t('meters:reading.deleted'), 'errors:anErrorOccurred');
  }

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="readings-meter">
        <div>
          <h2 id="readings-meter" className={styles.heading}>
            {t('meters:meter.number', { number: meter.number })}
          </h2>
          <p className={styles.muted}>
            {meter.kind === 'evCharger' ? t('meters:kind.evCharger') : t('meters:kind.unit')}
            {detail.apartment ? ` · ${t('meters:meter.apartment', { number: detail.apartment.number })}` : ''}
          </p>
          <p className={styles.subheading}>
            {t('meters:meter.last')}: <strong>{t('meters:units.kwh', { value: f.kwh(detail.previous) })}</strong>
          </p>
        </div>
        <div className={styles.actions}>
          {can('readings.write') ? (
            <Button onClick={() => setForm({ editing: null })} icon={actionIcons.add}>
              {t('meters:reading.new')}
            </Button>
          ) : null}
          <Link className={styles.link} to={`/consumption-report/${bid}/${meter.id}`}>
            {t('meters:actions.report')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="readings-list" className={styles.form}>
        <h2 id="readings-list" className={styles.heading}>
          {t('meters:reading.listTitle')}
        </h2>
        {notTaken ? <BuildingNotTaken buildingId={bid} /> : null}
        {readings.length === 0 && refresh.state === 'loading' ? <Spinner /> : null}
        {readings.length === 0 && refresh.state === 'failed' && !notTaken ? (
          <EmptyState message={t('meters:reading.loadFailed')} action={<Button onClick={refresh.retry}>{t('meters:retry')}</Button>} />
        ) : null}
        {readings.length === 0 && refresh.state === 'done' ? <EmptyState message={t('meters:reading.empty')} /> : null}
        <ul className={styles.list}>
          {readings.map((r) => (
            <li key={r.id} className={styles.card} aria-label={t('meters:reading.label', { date: f.dateTime(r.readAt), value: f.kwh(r.current) })}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>{f.dateTime(r.readAt)}</h3>
                <span className={styles.actions}>
                  {r.paid ? (
                    <span className={`${styles.badge} ${styles.badgeDone}`}>{t('meters:reading.paid')}</span>
                  ) : r.charge?.pendingChecks ? (
                    <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('meters:reading.pendingChecks')}</span>
                  ) : r.charge && !isChargePaid(r.charge) ? (
                    <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('meters:reading.unpaid')}</span>
                  ) : null}
                  <RecordSyncBadge state={r.syncState} compact />
                </span>
              </div>
              <div className={styles.cardHeader}>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t('meters:reading.previous')}</dt>
                    <dd>{f.kwh(r.previous)}</dd>
                  </div>
                  <div>
                    <dt>{t('meters:reading.current')}</dt>
                    <dd>{f.kwh(r.current)}</dd>
                  </div>
                  <div>
                    <dt>{t('meters:reading.consumption')}</dt>
                    <dd>{t('meters:units.kwh', { value: f.kwh(r.consumption) })}</dd>
                  </div>
                </dl>
                <ReadingPhoto
                  readingId={r.id}
                  photoId={r.photoId}
                  label={t('meters:reading.openPhoto', { date: f.dateTime(r.readAt) })}
                  onOpen={(src) => setViewing({ src, alt: t('meters:reading.photoOf', { date: f.dateTime(r.readAt) }) })}
                />
              </div>
              <ReadingBilling reading={r} meterKind={meter.kind} apartment={detail.apartment?.number ?? null} />
              {isReadingFrozen(r) ? (
                <p className={styles.muted}>{t('errors:paidReadingCannotBeUpdated')}</p>
              ) : !can('readings.write') ? null : (
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => setForm({ editing: r })}>
                    {t('meters:reading.edit')}
                  </Button>
                  {r.id === latestId ? (
                    <Button variant="ghost" onClick={() => setDeleting(r)}>
                      {t('meters:reading.delete')}
                    </Button>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      {form ? (
        <ReadingForm
          meter={meter}
          editing={form.editing}
          previous={detail.previous}
          pricePerKwh={detail.building?.pricePerKwh ?? null}
          onClose={() => setForm(null)}
          onSaved={(message) => {
            setForm(null);
            result.succeed(message);
          }}
          onFailed={() => result.fail('errors:errorSavingReading')}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('meters:reading.deleteTitle')}
        message={t('meters:reading.deleteMessage', { value: deleting ? f.kwh(deleting.current) : '' })}
        confirmLabel={t('meters:reading.delete')}
        danger
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <ImageViewer images={viewing ? [viewing] : []} index={0} open={viewing !== null} onIndexChange={() => undefined} onClose={() => setViewing(null)} />
      <ResultDialog open={result.success !== null} message={result.success ?? ''} isSuccess onClose={result.close} />
    </div>
  );
}

/** What the reading costs the apartment: its ledger charge as the server last said, else what it will be. */
function ReadingBilling({ reading: r, meterKind, apartment }: { reading: MeterReadingRow; meterKind: string; apartment: string | null }) {
  const { t } = useTranslation('meters');
  const f = useFormats();
  if (r.charge) {
    const amount = f.agorot(r.charge.amountAgorot);
    return <p className={styles.subheading}>{apartment ? t('reading.charged', { apartment, amount }) : t('reading.chargedNoApartment', { amount })}</p>;
  }
  if (meterKind !== 'evCharger' || r.pricePerKwh === null) return null;
  if (apartment === null) return <p className={styles.muted}>{t('reading.notBilled')}</p>;
  // Not on the server yet (or read before charges existed): what the charge will be.
  const estimate = r.syncState === 'synced' ? null : chargeOf(r.previous, r.current, r.pricePerKwh);
  return estimate === null ? null : <p className={styles.muted}>{t('reading.estimate', { amount: f.agorot(estimate) })}</p>;
}
