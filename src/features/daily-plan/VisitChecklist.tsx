import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem } from '../../lib/domain/entities';
import styles from './DailyPlanScreen.module.css';

/** Plan checklist ids are `<buildingId>-<template id>`; the template id picks the translated label. */
export function templateIdOf(itemId: string): string {
  const dash = itemId.indexOf('-');
  return dash < 0 ? itemId : itemId.slice(dash + 1);
}

type Props = { items: ChecklistItem[]; legendId: string; onToggle(itemId: string, done: boolean): Promise<unknown> };

export function VisitChecklist({ items: saved, legendId, onToggle }: Props) {
  const { t } = useTranslation('dailyPlan');
  // A tick shows at once; the saved visit (live query) takes over as soon as it has the same value.
  const [ticks, setTicks] = useState<ReadonlyMap<string, boolean>>(new Map());
  useEffect(() => {
    setTicks((current) => {
      const left = [...current].filter(([id, done]) => saved.find((i) => i.id === id)?.done !== done);
      return left.length === current.size ? current : new Map(left);
    });
  }, [saved]);
  const items = saved.map((item) => ({ ...item, done: ticks.get(item.id) ?? item.done }));
  const done = items.filter((i) => i.done).length;

  function toggle(itemId: string, value: boolean) {
    setTicks((current) => new Map(current).set(itemId, value));
    onToggle(itemId, value).catch(() =>
      setTicks((current) => {
        const next = new Map(current);
        next.delete(itemId);
        return next;
      }),
    );
  }
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
          <input type="checkbox" checked={item.done} onChange={(e) => toggle(item.id, e.target.checked)} />
          <span>{t(`checklist.items.${templateIdOf(item.id)}`, { defaultValue: item.label })}</span>
        </label>
      ))}
    </fieldset>
  );
}
