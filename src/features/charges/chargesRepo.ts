// Quick charges (/add-money): written on the device and sent through the outbox like every staff
// write, so they work offline and reach the server exactly once. Like feedback, a charge has no table
// of its own: it is a local record in `meta` with its own sync state until the ledger has it.
import { newId } from '../../db/mutate';
import type { ChargeReason, QuickChargeInput } from '../../lib/domain/chargeRules';
import { validateQuickCharge } from '../../lib/domain/chargeRules';
import { refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';
import { pullApartments } from '../../directory/apartmentsRepo';
import { api } from '../../session/api';

export const CHARGE_PREFIX = 'charge.add:';

export type NewCharge = QuickChargeInput & { reason: ChargeReason };

export type StoredCharge = {
  id: string;
  buildingId: number;
  apartmentId: string | null;
  allApartments: boolean;
  reason: ChargeReason;
  description: string;
  amount: number;
  dueDate: string;
  createdAt: string;
};

/** Checks the server's rule, then stores the charge and its outbox entry together; returns its id. */
export async function addCharge(input: NewCharge): Promise<string> {
  refuse(validateQuickCharge(input));
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${CHARGE_PREFIX}${id}`;
  const value: StoredCharge = {
    id,
    buildingId: input.buildingId ?? 0,
    apartmentId: input.allApartments ? null : input.apartmentId,
    allApartments: input.allApartments,
    reason: input.reason,
    description: input.description.trim(),
    amount: input.amount ?? 0,
    dueDate: input.dueDate,
    createdAt: new Date().toISOString(),
  };
  const { createdAt: _createdAt, ...payload } = value;
  await createRecord({ table: 'meta', id: key, row: { key, value }, path: 'charges', payload, userKey: actor.userKey });
  return id;
}

/** The building's apartments from the server, with the page's client (the screen's background pull). */
export const pullBuildingApartments = (buildingId: number) => pullApartments(api, buildingId);
