// Ledger rows written under a client's id (manual rows, quick charges): the id is the table's primary key
// across companies, so a used one is refused before anything is written (issue 27) — never a 500 that
// tells another company's row exists. The caller's own row, in a building they see, comes back as
// `current` (a create replayed after its key expired); anyone else's is not shown.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ledger } from '../data/ledger.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { visibleBuildingIds } from '../http/rights.ts';

export async function refuseTakenLedgerId(tx: Db, req: FastifyRequest, id: string): Promise<void> {
  // Unguarded: the primary key refuses a second row anyway (db/database.ts).
  const owner = await ledger.ownerOf(tx.unguarded, id);
  if (!owner) return;
  const { companyId } = authOf(req);
  if (owner.companyId === companyId) {
    const visible = await visibleBuildingIds(tx, req);
    const mine = visible === null || visible.has(owner.buildingId) ? await ledger.find(tx, id, companyId) : undefined;
    if (mine) throw fail.exists(mine);
  }
  throw fail.idTaken();
}
