import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding } from '../../directory/buildingPicker';
import { useOnlineList } from '../../session/useOnlineList';
import { useCan } from '../../session/useCan';
import { useSession } from '../../session/sessionContext';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import styles from '../../ui/fieldScreens.module.css';
import { BounceFeeSection } from './BounceFeeSection';
import { CheckLifeList } from './CheckLifeList';
import type { CheckLifePage, CheckView } from './checkLifeRepo';
import { buildingChecks } from './checkLifeRepo';
import { useOnline } from '../../ui/useOnline';

/** /check-life/:bid? — staff and the committee follow each check: due for deposit by date, then cleared or bounced. */
export function CheckLifeScreen() {
  const { t } = useTranslation(['billing', 'errors']);
  const online = useOnline();
  const can = useCan();
  const { session } = useSession();
  const { buildingId, kept, choose } = useAddressBuilding('/check-life', session.bID);
  const [view, setView] = useState<CheckView>('due');
  const [notice, setNotice] = useState<string | null>(null);
  // "Due" asks the server for its own today first (the list answers it), so the device's clock never decides.
  const { rows, error, reload } = useOnlineList<CheckLifePage>(buildingId === null ? null : `${buildingId}:${view}`, online, async () => {
    const id = buildingId ?? 0;
    if (view === 'all') return [await buildingChecks(id, 'all', null)];
    const { today } = await buildingChecks(id, 'all', null);
    return [await buildingChecks(id, 'due', today)];
  });
  const page = rows?.[0] ?? null;

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('billing:checks.title')}</h2>
      <SelectField
        label={t('billing:building')}
        value={buildingId === null ? '' : String(buildingId)}
        onValueChange={(v) => {
          choose(v);
          setNotice(null);
        }}
        options={buildingPickerOptions(kept ?? [], buildingId, page?.building ?? null, t('billing:chooseBuilding'))}
      />
      <SelectField
        label={t('billing:checks.show')}
        value={view}
        onValueChange={(v) => {
          setView(v === 'all' ? 'all' : 'due');
          setNotice(null);
        }}
        options={[
          { value: 'due', label: t('billing:checks.views.due') },
          { value: 'all', label: t('billing:checks.views.all') },
        ]}
      />
      {notice ? (
        <p className={styles.muted} role="status">
          {notice}
        </p>
      ) : null}
      {buildingId === null ? null : page ? (
        <>
          <CheckLifeList
            records={page.records}
            today={page.today}
            canAct={can('checkLife.act')}
            online={online}
            onMoved={(message) => {
              setNotice(message);
              reload();
            }}
          />
          <BounceFeeSection buildingId={buildingId} canEdit={can('checkLife.bounceFee')} online={online} />
        </>
      ) : !online ? (
        <EmptyState message={t('billing:checks.needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
