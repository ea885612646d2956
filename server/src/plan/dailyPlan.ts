// The daily plan is derived, not stored: a worker's assigned buildings, rotated by weekday, each with
// a checklist picked from a fixed template. Any date, including today, always has a plan.
import type { DailyPlan, DailyPlanEntry } from '../../../src/lib/domain/entities.ts';

export const checklistTemplate = [
  { id: 'lobby', label: 'ניקיון הלובי ותיבות הדואר' },
  { id: 'stairs', label: 'בדיקת תאורה בחדר המדרגות' },
  { id: 'elevator', label: 'בדיקת תקינות המעלית' },
  { id: 'garbage', label: 'ניקיון חדר האשפה' },
  { id: 'garden', label: 'השקיית הגינה' },
  { id: 'parking', label: 'בדיקת שער החניה' },
  { id: 'fire', label: 'בדיקת ארון כיבוי האש' },
  { id: 'roof', label: 'בדיקת הגג והמרזבים' },
] as const;

const DAY_MS = 86_400_000;
const MAX_BUILDINGS_PER_DAY = 3;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function dailyPlanFor(workerId: string, buildingIds: readonly number[], date: string): DailyPlan {
  const day = dayNumber(date);
  const count = Math.min(MAX_BUILDINGS_PER_DAY, buildingIds.length);
  const entries: DailyPlanEntry[] = [];
  for (let i = 0; i < count; i++) {
    const buildingId = buildingIds[(day + i) % buildingIds.length] as number;
    const items = [0, 1, 2, 3].map((k) => checklistTemplate[(buildingId + day + k * 2) % checklistTemplate.length]!);
    const unique = [...new Map(items.map((t) => [t.id, t])).values()];
    entries.push({
      buildingId,
      order: i + 1,
      checklist: unique.map((t) => ({ id: `${buildingId}-${t.id}`, label: t.label })),
    });
  }
  return { planDate: date, workerId, entries };
}
