// Keys and mail items of a building as the server has them: read by the items screens (which also write
// them, features/items) and by the front desk (features/reception). Their one pull lives here.
import type { ApiClient } from '../api/client';
import { pullInto } from '../sync/replay/pull';

export type ItemKind = 'keys' | 'mailItems';

/** Path of each kind under the product prefix. */
export const itemPaths: Readonly<Record<ItemKind, string>> = { keys: 'keys', mailItems: 'mail-items' };

export async function pullItems(api: ApiClient, kind: ItemKind, buildingId: number) {
  return pullInto(api, { table: kind, path: itemPaths[kind], query: { buildingId }, scope: (row) => row.buildingId === buildingId });
}
