// What the quick-charge screen shows: the building's apartments, and the charges sent from this device.
import { db } from '../../db/db';
import type { ApartmentRow, SyncState } from '../../db/schema';
import { CHARGE_PREFIX } from './chargesRepo';
import type { StoredCharge } from './chargesRepo';

export type ChargeRow = { key: string; value: StoredCharge; syncState: SyncState };

export async function apartmentsOf(buildingId: number): Promise<ApartmentRow[]> {
  const rows = await db.apartments.where('buildingId').equals(buildingId).toArray();
  return rows.sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}

/** Charges added on this device, newest first. */
export async function chargesSent(): Promise<ChargeRow[]> {
  const rows = (await db.meta.where('key').startsWith(CHARGE_PREFIX).toArray()) as ChargeRow[];
  return rows.sort((a, b) => (a.value.createdAt < b.value.createdAt ? 1 : -1));
}
