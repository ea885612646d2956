import type { AppContext } from '../context.ts';
import { can } from '../../../src/lib/rights/rights.ts';
import { billingSettings } from '../data/payments.ts';
import { serviceCalls } from '../data/serviceCalls.ts';
import { companies, users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { actorOf, buildingsOfUser } from '../http/rights.ts';

/** The session/user state of spec section 3, as the login calls answer it. */
export async function userData(ctx: AppContext, user: UserRow): Promise<Record<string, unknown>> {
  const { db } = ctx;
  const company = await companies.byId(db, user.companyId);
  const [firstBuilding] = await users.assignedBuildings(db, user.id);
  const accounts = await users.companiesOf(db, user);
  // Spec 3: whether the home building takes card payments (isBuildingValidToChex) and a tenant may set a standing order (createHok).
  const cards = firstBuilding === undefined ? false : ((await billingSettings.of(db, firstBuilding))?.cardPayments ?? false);
  const open = can(actorOf(user), 'serviceCalls.read') ? await serviceCalls.countOpen(db, user.companyId, await buildingsOfUser(db, user)) : 0;
  return {
    userName: user.userName,
    userID: user.id,
    compID: user.companyId,
    compGUID: company?.guid ?? null,
    companyName: company?.name ?? null,
    contactID: user.contactId,
    bID: firstBuilding ?? null,
    uID: user.id,
    dealerNumber: null,
    companiesCount: Math.max(1, accounts.length),
    createHok: cards && can(actorOf(user), 'account.pay') ? 1 : 0,
    languageId: user.languageId,
    PermSrvCall: user.permSrvCall,
    PermClearing: user.permClearing,
    WorkerName: user.fullName,
    role: user.role,
    allowReceptionistModule: user.allowReceptionistModule,
    showChecksDeposit: user.showChecksDeposit,
    isBuildingValidToChex: cards ? 1 : 0,
    workerID: user.workerNumber,
    workerGUID: user.workerGuid,
    openServiceCallsCnt: open,
  };
}
