import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding } from '../../directory/buildingPicker';
import { scheduleInEffect } from '../../lib/domain/feeScheduleRules';
import { useOnlineList } from '../../session/useOnlineList';
import { useSession } from '../../session/sessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import { DebtRemindersSection } from './DebtRemindersSection';
import { FeeScheduleForm } from './FeeScheduleForm';
import type { FeeSchedulePage, FeeScheduleRecord } from './feeScheduleRepo';
import { buildingFeeSchedules } from './feeScheduleRepo';

/** /fee-schedule/:bid? — staff and the committee set the committee fee and see every change kept. */
export function FeeScheduleScreen() {
  const { t } = useTranslation(['billing', 'errors']);
  const online = useOnline();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/fee-schedule', session.bID);
  const { rows, error, reload } = useOnlineList<FeeSchedulePage>(buildingId, online, async () => [await buildingFeeSchedules(buildingId ?? 0)]);
  // A reload after a save keeps the screen (and its notice) on the page it had until the new one comes.
  const [kept, setKept] = useState<{ buildingId: number; page: FeeSchedulePage } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fetched = rows?.[0] ?? null;
  if (fetched && buildingId !== null && fetched !== kept?.page) setKept({ buildingId, page: fetched });
  const page = kept?.buildingId === buildingId ? kept.page : null;

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('billing:fees.title')}</h2>
      <SelectField
        label={t('billing:building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={(v) => {
          choose(v);
          setNotice(null);
        }}
        options={buildingPickerOptions(buildings ?? [], buildingId, null, t('billing:chooseBuilding'))}
      />
      {buildingId === null ? null : page ? (
        <>
          <FeeScheduleForm
            key={`${buildingId}:${page.records.length}`}
            buildingId={buildingId}
            current={scheduleInEffect(page.records, '9999-12')}
            apartments={page.apartments}
            thisMonth={page.thisMonth}
            online={online}
            onSaved={(month) => {
              setNotice(t('billing:fees.saved', { month }));
              reload();
            }}
          />
          {notice ? (
            <p className={styles.muted} role="status">
              {notice}
            </p>
          ) : null}
          <History records={page.records} />
          <DebtRemindersSection buildingId={buildingId} online={online} />
        </>
      ) : !online ? (
        <EmptyState message={t('billing:fees.needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** Every schedule, the latest first: what billed each month stays readable. */
function History({ records }: { records: readonly FeeScheduleRecord[] }) {
  const { t } = useTranslation('billing');
  const f = useFormats();
  return (
    <section aria-labelledby="fee-history">
      <h3 id="fee-history" className={styles.heading}>
        {t('fees.history')}
      </h3>
      {records.length === 0 ? (
        <p className={styles.muted}>{t('fees.none')}</p>
      ) : (
        <ul className={styles.list}>
          {records.map((s) => (
            <li key={s.id}>
              {t('fees.line', {
                month: s.effectiveFrom,
                basis: t(`fees.bases.${s.basis}`),
                amount: s.basis === 'perApartment' ? '' : f.agorot(s.rateAgorot),
                frequency: t(`fees.frequencies.${s.frequency}`),
                day: s.billingDay,
                payer: t(`fees.payers.${s.payer}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
