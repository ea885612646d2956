// Facility kinds are server codes; known ones are translated, an unknown one is shown as it comes.
import type { TFunction } from 'i18next';

export function facilityKindLabel(t: TFunction, kind: string): string {
  return t(`maintenance:facilityKind.${kind}`, { defaultValue: kind });
}
