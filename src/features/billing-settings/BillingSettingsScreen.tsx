import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding } from '../../directory/buildingPicker';
import { useOnlineList } from '../../session/useOnlineList';
import { useSession } from '../../session/sessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import { BillingSettingsForm } from './BillingSettingsForm';
import type { BillingSettingsRecord } from './billingSettingsRepo';
import { buildingBillingSettings } from './billingSettingsRepo';

/** /billing-settings/:bid? — management staff set how a building's tenants pay by card and what it costs them. */
export function BillingSettingsScreen() {
  const { t } = useTranslation(['billing', 'errors']);
  const online = useOnline();
  const { session } = useSession();
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/billing-settings', session.bID);
  const { rows, error } = useOnlineList<BillingSettingsRecord>(buildingId, online, async () => [await buildingBillingSettings(buildingId ?? 0)]);
  // The form keeps the settings it was opened with while the connection comes and goes (nothing typed is
  // lost); only another building replaces them.
  const [kept, setKept] = useState<BillingSettingsRecord | null>(null);
  const fetched = rows?.[0] ?? null;
  if (fetched && fetched.buildingId !== kept?.buildingId) setKept(fetched);
  const record = kept !== null && kept.buildingId === buildingId ? kept : null;

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('billing:title')}</h2>
      <SelectField
        label={t('billing:building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={choose}
        options={buildingPickerOptions(buildings ?? [], buildingId, null, t('billing:chooseBuilding'))}
      />
      {buildingId === null ? null : record ? (
        <BillingSettingsForm key={record.buildingId} initial={record} online={online} />
      ) : !online ? (
        <EmptyState message={t('billing:needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
