import type { AppContext } from '../context.ts';
import { can } from '../../../src/lib/rights/rights.ts';
import { actorOf, buildingsOfUser } from '../http/rights.ts';
import type { UserRow } from './sessions.ts';

/** The session/user state of spec section 3, as the login calls answer it. */
export function userData(ctx: AppContext, user: UserRow): Record<string, unknown> {
  const { db } = ctx;
  const company = db.first(db.q.selectFrom('companies').select(['guid', 'name']).where('id', '=', user.companyId));
  const firstBuilding = db.first(
    db.q.selectFrom('worker_buildings').select('buildingId').where('userId', '=', user.id).orderBy('ord').limit(1),
  );
  const visible = buildingsOfUser(ctx, user);
  let openCalls = db.q
    .selectFrom('service_calls')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', user.companyId)
    .where('status', 'not in', ['closed', 'cancelled', 'planned']);
  if (visible !== null) openCalls = openCalls.where('buildingId', 'in', visible.size > 0 ? [...visible] : [-1]);
  const open = can(actorOf(user), 'serviceCalls.read') ? db.first(openCalls) : { n: 0 };
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
