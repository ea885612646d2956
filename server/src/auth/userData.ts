import type { AppContext } from '../context.ts';
import type { UserRow } from './sessions.ts';

/** The session/user state of spec section 3, as the login calls answer it. */
export function userData(ctx: AppContext, user: UserRow): Record<string, unknown> {
  const { db } = ctx;
  const company = db.first(db.q.selectFrom('companies').select(['guid', 'name']).where('id', '=', user.companyId));
  const firstBuilding = db.first(
    db.q.selectFrom('worker_buildings').select('buildingId').where('userId', '=', user.id).orderBy('ord').limit(1),
  );
  const open = db.first(
    db.q
      .selectFrom('service_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('companyId', '=', user.companyId)
      .where('status', 'not in', ['closed', 'cancelled', 'planned']),
  );
  return {
    userName: user.userName,
    userID: user.id,
    compID: user.companyId,
    compGUID: company?.guid ?? null,
    companyName: company?.name ?? null,
    contactID: user.contactId,
    bID: firstBuilding?.buildingId ?? null,
    uID: user.id,
    dealerNumber: null,
    companiesCount: 1,
    createHok: 0,
    languageId: user.languageId,
    PermSrvCall: user.permSrvCall,
    PermClearing: user.permClearing,
    WorkerName: user.fullName,
    role: user.role,
    allowReceptionistModule: user.allowReceptionistModule,
    showChecksDeposit: user.showChecksDeposit,
    isBuildingValidToChex: 1,
    workerID: user.workerNumber,
    workerGUID: user.workerGuid,
    openServiceCallsCnt: open?.n ?? 0,
  };
}
