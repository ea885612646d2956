// A screen whose address names a building (/check-life/101): its picker shows that building chosen,
// whether or not the device holds it yet (a first sign-in has not taken the buildings yet; a committee
// member's device holds only their own), and choosing another building moves to that building's address.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { allBuildings } from './buildingsRepo';

export type PickerOption = { value: string; label: string };
type Named = { id: number; name: string };

/** The building an address names (`:bid`), or null when it names none or no real id. */
export function buildingOfAddress(bid: string | undefined): number | null {
  const id = Number(bid);
  return bid && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The picker's options: the buildings the device holds, the chosen one added when it does not hold it
 * (by the name the server gave, else its number), and the "choose" placeholder only while none is chosen.
 */
export function buildingPickerOptions(kept: readonly Named[], chosen: number | null, named: Named | null, placeholder: string): PickerOption[] {
  const options = kept.map((b) => ({ value: String(b.id), label: b.name }));
  if (chosen === null) return [{ value: '', label: placeholder }, ...options];
  if (!kept.some((b) => b.id === chosen)) options.push({ value: String(chosen), label: named?.id === chosen ? named.name : String(chosen) });
  return options;
}

/**
 * The building of a screen at `base/:bid?`: the address's, else the user's `current` building. `choose`
 * moves to the chosen building's address, so the address, the picker and the screen always agree.
 */
export function useAddressBuilding(
  base: string,
  current: number | null,
): { buildingId: number | null; kept: Named[] | undefined; choose(value: string): void } {
  const params = useParams();
  const navigate = useNavigate();
  const kept = useLiveQuery(() => allBuildings(), []);
  const buildingId = buildingOfAddress(params.bid) ?? (current || null);
  return {
    buildingId,
    kept,
    choose: (value) => {
      if (value && value !== String(buildingId)) void navigate(`${base}/${value}`);
    },
  };
}

/**
 * Runs `reset` in the render that first shows another building, whether the picker chose it or the address
 * changed (back, forward, a link): what was typed or shown for the last building does not stay.
 */
export function useOnBuildingChange(buildingId: number | null, reset: () => void): void {
  const [shown, setShown] = useState(buildingId);
  if (shown !== buildingId) {
    setShown(buildingId);
    reset();
  }
}
