import { menuGroups } from './routeTable';
import type { AppRoute, MenuGroup, RouteId } from './routeTable';

export type MenuSectionOf = { group: MenuGroup; routes: AppRoute[] };

/**
 * The drawer's groups in order, each with the menu routes the user may open in the route table's order;
 * the home route is left out (it is the drawer's first entry) and a group with nothing left is not shown.
 */
export function menuGroupsOf(routes: readonly AppRoute[], homeId: RouteId, allowed: (route: AppRoute) => boolean): MenuSectionOf[] {
  return menuGroups
    .map((group) => ({ group, routes: routes.filter((r) => r.menu === group && r.id !== homeId && allowed(r)) }))
    .filter((section) => section.routes.length > 0);
}
