import { useTranslation } from 'react-i18next';
import type { BuildingRow } from '../../db/schema';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { TextField } from '../../ui/TextField';
import { SelectField } from '../../ui/SelectField';
import { callOrders } from './listOrder';
import type { CallOrder } from './listOrder';
import styles from './CallsList.module.css';

export const callTabs: readonly ServiceCallTab[] = ['open', 'closed', 'planned'];
export const ALL_BUILDINGS = 'all';

type Props = {
  buildings: readonly BuildingRow[];
  buildingId: number | null;
  onBuilding(value: string): void;
  tab: ServiceCallTab;
  onTab(tab: ServiceCallTab): void;
  search: string;
  onSearch(value: string): void;
  order: CallOrder;
  onOrder(order: CallOrder): void;
};

export function CallsToolbar({ buildings, buildingId, onBuilding, tab, onTab, search, onSearch, order, onOrder }: Props) {
  const { t } = useTranslation('serviceCalls');
  const moveTab = (delta: number) => {
    const next = callTabs[(callTabs.indexOf(tab) + delta + callTabs.length) % callTabs.length] ?? 'open';
    onTab(next);
    document.getElementById(`calls-tab-${next}`)?.focus();
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.filterRow}>
        <SelectField label={t('list.building')} value={buildingId === null ? ALL_BUILDINGS : String(buildingId)} onValueChange={onBuilding}>
          <option value={ALL_BUILDINGS}>{t('list.allBuildings')}</option>
          {buildingId !== null && !buildings.some((b) => b.id === buildingId) ? (
            <option value={buildingId}>{t('add.buildingNumber', { id: buildingId })}</option>
          ) : null}
          {buildings.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('list.order')} value={order} onValueChange={(v) => onOrder(callOrders.find((o) => o === v) ?? 'openedAt')}>
          {callOrders.map((o) => (
            <option key={o} value={o}>
              {t(`order.${o}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div
        role="tablist"
        aria-label={t('list.tabs')}
        className={styles.tabs}
        onKeyDown={(e) => {
          const rtl = document.documentElement.dir === 'rtl';
          if (e.key === 'ArrowRight') moveTab(rtl ? -1 : 1);
          if (e.key === 'ArrowLeft') moveTab(rtl ? 1 : -1);
        }}
      >
        {callTabs.map((name) => (
          <button
            key={name}
            id={`calls-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="calls-panel"
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => onTab(name)}
          >
            {t(`tab.${name}`)}
          </button>
        ))}
      </div>
      <TextField type="search" label={t('list.search')} hint={t('list.searchHint')} value={search} onValueChange={onSearch} enterKeyHint="search" />
    </div>
  );
}
