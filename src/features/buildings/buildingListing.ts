// Search and order of the buildings dashboard (session state `buildingsSearch` / `buildingsOrder`).
import type { Building } from '../../lib/domain/entities';

export const buildingOrders = ['name', 'city', 'number', 'openCalls'] as const;
export type BuildingOrder = (typeof buildingOrders)[number];

export const DEFAULT_BUILDING_ORDER: BuildingOrder = 'name';

export function parseBuildingOrder(value: string | null | undefined): BuildingOrder {
  return (buildingOrders as readonly string[]).includes(value ?? '') ? (value as BuildingOrder) : DEFAULT_BUILDING_ORDER;
}

export type BuildingListItem<B extends Building = Building> = { building: B; openCalls: number };

function normalized(value: string): string {
  return value
    .toLocaleLowerCase()
    .replace(/["'׳״-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every word of the query must appear in the name, address, city or number (any order). */
export function matchesBuilding(building: Building, query: string): boolean {
  const words = normalized(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalized(`${building.name} ${building.address} ${building.city} ${building.number}`);
  return words.every((word) => haystack.includes(word));
}

/** Sorted with the collation of the UI language; ties fall back to the building number. */
export function filterAndSortBuildings<B extends Building>(
  buildings: readonly B[],
  openCalls: ReadonlyMap<number, number>,
  query: string,
  order: BuildingOrder,
  locale = 'he',
): BuildingListItem<B>[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const items = buildings.filter((b) => matchesBuilding(b, query)).map((building) => ({ building, openCalls: openCalls.get(building.id) ?? 0 }));
  const byNumber = (a: BuildingListItem<B>, b: BuildingListItem<B>) => a.building.number - b.building.number;
  const compare: Record<BuildingOrder, (a: BuildingListItem<B>, b: BuildingListItem<B>) => number> = {
    name: (a, b) => collator.compare(a.building.name, b.building.name) || byNumber(a, b),
    city: (a, b) => collator.compare(a.building.city, b.building.city) || collator.compare(a.building.name, b.building.name) || byNumber(a, b),
    number: byNumber,
    openCalls: (a, b) => b.openCalls - a.openCalls || collator.compare(a.building.name, b.building.name) || byNumber(a, b),
  };
  return items.sort(compare[order]);
}

/** Up to two initials for a building without a logo ("בית הרצל" → "בה"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => [...w][0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** Black or white text, whichever reads better on `color` (#rgb or #rrggbb); white for anything else. */
export function textColorOn(color: string): '#ffffff' | '#0f172a' {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return '#ffffff';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white = 1.05 / (L + 0.05); with the dark text ≈ (L + 0.05) / 0.0565.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0565 ? '#ffffff' : '#0f172a';
}
