// Each role's home screen (issue 31 item 6): where the sign-in lands, what "/" opens and the drawer's first
// entry. One rule: the first screen of the role's list the user may open (the flags of spec section 6 can
// take one away: a guard without the desk module, a supplier without service calls).
import type { Actor, Role } from '../lib/rights/rights';
import { can } from '../lib/rights/rights';
import type { AppRoute, RouteId } from './routeTable';

const homes: Record<Role, readonly RouteId[]> = {
  // The day's round: the plan is what a field worker opens the app for.
  worker: ['dailyPlan', 'dashboard'],
  manager: ['dashboard'],
  maintenanceManager: ['dashboard'],
  admin: ['dashboard'],
  // The front desk: visitors, parcels and keys of the guard's building.
  receptionist: ['reception', 'dashboard'],
  // A committee collects the committee fees (spec section 1): who owes what, its financial report.
  committee: ['financialReport', 'dashboard'],
  // A tenant's apartment: balance, debts, payments (issue 14).
  owner: ['home'],
  renter: ['home'],
  // A supplier works the service calls of their contracts.
  supplier: ['serviceCalls', 'dashboard'],
};

/** What everyone may open, should every screen of the role's list be switched off. */
const lastResort: RouteId = 'userProfile';

export function homeRouteOf(actor: Actor, routes: readonly AppRoute[]): AppRoute {
  const allowed = (id: RouteId) => routes.find((r) => r.id === id && can(actor, r.right));
  for (const id of homes[actor.role]) {
    const route = allowed(id);
    if (route) return route;
  }
  const fallback = allowed(lastResort);
  if (!fallback) throw new Error(`The route table has no ${lastResort} route`);
  return fallback;
}
