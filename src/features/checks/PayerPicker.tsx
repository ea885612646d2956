import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField';
import { Button } from '../../ui/Button';
import { useOnline } from '../../ui/useOnline';
import { BuildingNotTaken, useNotTaken } from '../../session/BuildingNotTaken';
import type { Payer } from './checkPaymentModel';
import { apartmentsForChecks, buildingsForChecks, payersOfApartment } from './checksQueries';
import styles from './Checks.module.css';
import { Alert } from '../../ui/Alert';
import { usePayersRefresh } from './usePayersRefresh';

type Props = { payer: Payer | null; defaultBuildingId: number | null; onPayer(payer: Payer | null): void };

function Select({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className={styles.field}>
      <SelectField label={label} value={value} onValueChange={onChange} disabled={disabled} className={styles.select}>
        {children}
      </SelectField>
    </div>
  );
}

/** A worker picks the building, the apartment and then the payer whose debts are paid. */
export function PayerPicker({ payer, defaultBuildingId, onPayer }: Props) {
  const { t } = useTranslation('checks');
  const online = useOnline();
  const [buildingId, setBuildingId] = useState<number | null>(payer?.buildingId ?? defaultBuildingId);
  const [apartmentId, setApartmentId] = useState<string | null>(payer?.apartmentId ?? null);
  const buildings = useLiveQuery(buildingsForChecks, []);
  const apartments = useLiveQuery(() => (buildingId === null ? [] : apartmentsForChecks(buildingId)), [buildingId]);
  const payers = useLiveQuery(() => (apartmentId === null ? [] : payersOfApartment(apartmentId)), [apartmentId]);
  // The apartments, payers and debts of the building come from the device offline.
  const { buildingsRefresh, payersRefresh } = usePayersRefresh(online, buildingId);
  const notTaken = useNotTaken(buildingId, payersRefresh.state === 'failed');
  const failed = online && (buildingsRefresh.state === 'failed' || (buildingId !== null && payersRefresh.state === 'failed'));
  const retry = () => {
    if (buildingsRefresh.state === 'failed') buildingsRefresh.retry();
    if (payersRefresh.state === 'failed') payersRefresh.retry();
  };
  const payersLoading = online && payersRefresh.state === 'loading';

  return (
    <section className={styles.section} aria-labelledby="checks-payer">
      <h2 id="checks-payer" className={styles.heading}>
        {t('index.payer')}
      </h2>
      {failed ? (
        <Alert className={styles.alert}>
          {t('index.refreshFailed')}{' '}
          <Button variant="secondary" onClick={retry}>
            {t('index.retry')}
          </Button>
        </Alert>
      ) : null}
      {buildings !== undefined && buildings.length === 0 && !(online && buildingsRefresh.state === 'loading') ? (
        <p className={styles.muted}>{t('index.noBuildings')}</p>
      ) : null}
      <Select
        label={t('index.building')}
        value={buildingId === null ? '' : String(buildingId)}
        onChange={(v) => {
          setBuildingId(v === '' ? null : Number(v));
          setApartmentId(null);
          onPayer(null);
        }}
      >
        <option value="">{t('index.chooseBuilding')}</option>
        {(buildings ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {t('index.buildingOption', { name: b.name, address: b.address, city: b.city })}
          </option>
        ))}
      </Select>
      {notTaken && buildingId !== null ? <BuildingNotTaken buildingId={buildingId} /> : null}
      <Select
        label={t('index.apartment')}
        value={apartmentId ?? ''}
        disabled={buildingId === null}
        onChange={(v) => {
          setApartmentId(v === '' ? null : v);
          onPayer(null);
        }}
      >
        <option value="">{t('index.chooseApartment')}</option>
        {(apartments ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {t('index.apartmentOption', { number: a.number, floor: a.floor })}
          </option>
        ))}
      </Select>
      <Select
        label={t('index.contact')}
        value={payer?.contactGuid ?? ''}
        disabled={apartmentId === null}
        onChange={(v) => onPayer(v === '' || buildingId === null ? null : { contactGuid: v, buildingId, apartmentId })}
      >
        <option value="">{t('index.chooseContact')}</option>
        {(payers ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {t('index.contactOption', { name: c.fullName, role: t(`roles.${c.role}`) })}
          </option>
        ))}
      </Select>
      {apartmentId !== null && payers !== undefined && payers.length === 0 ? (
        <p className={styles.muted} role="status">
          {payersLoading ? t('index.loadingPayers') : t('index.noContacts')}
        </p>
      ) : null}
    </section>
  );
}
