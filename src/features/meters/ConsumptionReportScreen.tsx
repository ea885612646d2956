import { useIndexedQuery } from '../../ui/useIndexedQuery';
import { onMetersChanged } from './readingsIndex';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { consumptionTotals } from '../../lib/domain/meterRules';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { DateField } from '../../ui/DateField';
import { YearDropdown } from '../../ui/YearDropdown';
import { useFormats } from '../../ui/useFormats';
import { pullReadings } from './meterReadingsRepo';
import { meterDetail } from './metersQueries';
import { monthsOf, rangeOf, reportPeriods } from './reportPeriod';
import type { PeriodChoice, ReportPeriod } from './reportPeriod';
import { SelectField } from '../../ui/SelectField';
import { useServerRefresh } from '../../session/useServerRefresh';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import styles from '../../ui/fieldScreens.module.css';

function isPeriod(value: string): value is ReportPeriod {
  return (reportPeriods as readonly string[]).includes(value);
}

/** /consumption-report/:bid/:meterid — kWh (and NIS for charging stations) per period. */
export function ConsumptionReportScreen() {
  const { t } = useTranslation(['meters', 'common']);
  const f = useFormats();
  const params = useParams();
  const meterId = params.meterid ?? '';
  const detail = useIndexedQuery(onMetersChanged, () => meterDetail(meterId), [meterId]);
  const refresh = useServerRefresh(meterId ? `report:${meterId}` : null, (api) => pullReadings(api, meterId));
  const [choice, setChoice] = useState<PeriodChoice>({ period: 'thisMonth', year: new Date().getFullYear(), from: '', to: '' });
  const bid = Number(params.bid);
  const notTaken = useNotTaken(Number.isInteger(bid) && bid > 0 ? bid : null, refresh.state === 'failed');

  if (detail === null && notTaken) return <BuildingNotTaken buildingId={bid} />;
  if (detail === undefined || (detail === null && refresh.state === 'loading')) return <Spinner />;
  if (detail === null) {
    return (
      <EmptyState
        title={t('meters:meterMissing.title')}
        message={t('meters:meterMissing.message')}
        action={
          <Link className={styles.link} to={`/electricity-meter/${params.bid ?? ''}`}>
            {t('meters:backToMeters')}
          </Link>
        }
      />
    );
  }
  const { meter, readings } = detail;
  const ev = meter.kind === 'evCharger';
  const range = rangeOf(choice);
  const totals = range ? consumptionTotals(readings, range.start, range.end) : null;
  const inRange = range ? readings.filter((r) => Date.parse(r.readAt) >= range.start.getTime() && Date.parse(r.readAt) <= range.end.getTime()) : [];
  const set = (patch: Partial<PeriodChoice>) => setChoice((c) => ({ ...c, ...patch }));

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="report-meter">
        <h2 id="report-meter" className={styles.heading}>
          {t('meters:meter.number', { number: meter.number })}
        </h2>
        <Link className={styles.link} to={`/reading-report/${params.bid ?? meter.buildingId}/${meter.id}`}>
          {t('meters:actions.readings')}
        </Link>
      </section>

      <section aria-labelledby="report-period" className={styles.form}>
        <h2 id="report-period" className={styles.visuallyHidden}>
          {t('meters:report.periodTitle')}
        </h2>
        <SelectField
          label={t('meters:report.period')}
          value={choice.period}
          onValueChange={(v) => isPeriod(v) && set({ period: v })}
          options={reportPeriods.map((p) => ({ value: p, label: t(`meters:report.periods.${p}`) }))}
        />
        {choice.period === 'year' ? <YearDropdown value={choice.year} onChange={(year) => set({ year })} /> : null}
        {choice.period === 'custom' ? (
          <div className={styles.actions}>
            <DateField label={t('meters:report.from')} value={choice.from} onValueChange={(from) => set({ from })} />
            <DateField label={t('meters:report.to')} value={choice.to} onValueChange={(to) => set({ to })} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="report-totals" className={styles.summary}>
        <h2 id="report-totals" className={styles.subheading}>
          {range ? t('meters:report.range', { from: f.date(range.start.toISOString()), to: f.date(range.end.toISOString()) }) : t('meters:report.chooseRange')}
        </h2>
        {totals ? (
          <dl className={styles.facts}>
            <div>
              <dt>{t('meters:report.totalKwh')}</dt>
              <dd>{t('meters:units.kwh', { value: f.kwh(totals.kwh) })}</dd>
            </div>
            {ev ? (
              <div>
                <dt>{t('meters:report.totalNis')}</dt>
                <dd>{totals.nis === null ? '—' : f.nis(totals.nis)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('meters:report.readings')}</dt>
              <dd>{f.number(totals.count)}</dd>
            </div>
          </dl>
        ) : null}
        {ev && totals && totals.unpriced > 0 ? <p className={styles.muted}>{t('meters:report.unpriced', { n: totals.unpriced })}</p> : null}
      </section>

      {choice.period === 'year' ? (
        <table className={styles.table}>
          <caption className={styles.subheading}>{t('meters:report.byMonth', { year: choice.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('meters:report.month')}</th>
              <th scope="col">{t('meters:report.totalKwh')}</th>
              {ev ? <th scope="col">{t('meters:report.totalNis')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {monthsOf(choice.year).map((m, i) => {
              const month = consumptionTotals(readings, m.start, m.end);
              return (
                <tr key={i}>
                  <th scope="row">{f.monthName(m.start)}</th>
                  <td>{f.kwh(month.kwh)}</td>
                  {ev ? <td>{month.nis === null ? '—' : f.nis(month.nis)}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}

      <section aria-labelledby="report-list" className={styles.form}>
        <h2 id="report-list" className={styles.subheading}>
          {t('meters:report.listTitle')}
        </h2>
        {range && inRange.length === 0 ? <EmptyState message={t('meters:report.empty')} /> : null}
        <ul className={styles.list}>
          {inRange.map((r) => (
            <li key={r.id} className={styles.card}>
              <div className={styles.cardHeader}>
                <span>{f.dateTime(r.readAt)}</span>
                <strong>
                  {t('meters:units.kwh', { value: f.kwh(r.consumption) })}
                  {r.pricePerKwh !== null ? ` · ${t('meters:price.perKwh', { price: f.nis(r.pricePerKwh) })}` : ''}
                </strong>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
