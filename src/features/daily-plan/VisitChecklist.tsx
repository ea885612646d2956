import { useTranslation } from 'react-i18next';
import type { ChecklistItem } from '../../lib/domain/entities';
import styles from './DailyPlanScreen.module.css';

/** Plan checklist ids are `<buildingId>-<template id>`; the template id picks the translated label. */
export function templateIdOf(itemId: string): string {
  const dash = itemId.indexOf('-');
  return dash < 0 ? itemId : itemId.slice(dash + 1);
}

type Props = { items: ChecklistItem[]; legendId: string; onToggle(itemId: string, done: boolean): void };

export function VisitChecklist({ items, legendId, onToggle }: Props) {
  const { t } = useTranslation('dailyPlan');
  const done = items.filter((i) => i.done).length;
  return (
    <fieldset className={styles.checklist} aria-describedby={`${legendId}-progress`}>
      <legend id={legendId} className={styles.legend}>
        {t('checklist.title')}
      </legend>
      <p id={`${legendId}-progress`} className={styles.progressText}>
        {t('checklist.progress', { done, total: items.length })}
      </p>
      {items.map((item) => (
        <label key={item.id} className={styles.checkItem}>
          <input type="checkbox" checked={item.done} onChange={(e) => onToggle(item.id, e.target.checked)} />
          <span>{t(`checklist.items.${templateIdOf(item.id)}`, { defaultValue: item.label })}</span>
        </label>
      ))}
    </fieldset>
  );
}
