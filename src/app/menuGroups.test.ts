import { describe, expect, it } from 'vitest';
import { can, roles } from '../lib/rights/rights';
import type { Actor, Flags, Role } from '../lib/rights/rights';
import { routeIcons } from '../ui/icons';
import { homeRouteOf } from './homeRoute';
import { menuGroupsOf } from './menuGroups';
import { appRoutes, menuGroups } from './routeTable';

const allOn: Flags = { PermSrvCall: 1, PermClearing: 1, showChecksDeposit: 1, allowReceptionistModule: 1 };
const allOff: Flags = { PermSrvCall: 0, PermClearing: 0, showChecksDeposit: 0, allowReceptionistModule: 0 };
const actor = (role: Role, flags: Flags = allOn): Actor => ({ role, flags });

function menuOf(a: Actor) {
  const home = homeRouteOf(a, appRoutes);
  return {
    home: home.id,
    groups: menuGroupsOf(appRoutes, home.id, (r) => can(a, r.right)).map(({ group, routes }) => [group, routes.map((r) => r.id)] as const),
  };
}

describe('the menu by area', () => {
  it('puts every menu route in one known group, with its icon', () => {
    const inMenu = appRoutes.filter((r) => r.menu !== undefined);
    expect(inMenu.length).toBeGreaterThan(30);
    for (const route of inMenu) {
      expect(menuGroups, route.id).toContain(route.menu);
      expect(routeIcons[route.id], route.id).toBeDefined();
    }
  });

  it('keeps every route a user may open in the menu: the home first, each other one in exactly one group', () => {
    for (const role of roles) {
      for (const flags of [allOn, allOff]) {
        const a = actor(role, flags);
        const { home, groups } = menuOf(a);
        const shown = [home, ...groups.flatMap(([, ids]) => ids)];
        const allowed = appRoutes.filter((r) => r.menu !== undefined && can(a, r.right)).map((r) => r.id);
        expect(new Set(shown).size, role).toBe(shown.length);
        expect(shown.filter((id) => id !== 'home').sort(), role).toEqual(allowed.filter((id) => id !== 'home').sort());
      }
    }
  });

  it('gives a field worker the day’s plan first, then the field, office, money, community and personal groups', () => {
    const { home, groups } = menuOf(actor('worker'));
    expect(home).toBe('dailyPlan');
    expect(groups.map(([g]) => g)).toEqual(['field', 'office', 'money', 'community', 'personal']);
    const field = groups.find(([g]) => g === 'field')?.[1];
    expect(field).toEqual(expect.arrayContaining(['dashboard', 'serviceCalls', 'maintenanceAndFacilities']));
    expect(field).not.toContain('dailyPlan');
  });

  it('shows a tenant no field work: their apartment first, then what they have in the other groups', () => {
    const { home, groups } = menuOf(actor('owner'));
    expect(home).toBe('home');
    expect(groups.map(([g]) => g)).toEqual(['office', 'money', 'community', 'personal']);
    expect(groups.find(([g]) => g === 'money')?.[1]).toEqual(expect.arrayContaining(['pay', 'cards', 'standingOrder']));
    expect(groups.flatMap(([, ids]) => ids)).not.toContain('dashboard');
  });

  it('leaves out a group the user has nothing in', () => {
    // A supplier: service calls are their home; without them (the flag off) the buildings list is.
    expect(menuOf(actor('supplier')).groups.map(([g]) => g)).toEqual(['field', 'community', 'personal']);
    expect(menuOf(actor('supplier', allOff)).groups.map(([g]) => g)).toEqual(['community', 'personal']);
  });
});

describe('the home screen of each role', () => {
  it('is the screen the role uses most', () => {
    const homes = Object.fromEntries(roles.map((role) => [role, homeRouteOf(actor(role), appRoutes).id]));
    expect(homes).toEqual({
      worker: 'dailyPlan',
      manager: 'dashboard',
      maintenanceManager: 'dashboard',
      committee: 'financialReport',
      owner: 'home',
      renter: 'home',
      receptionist: 'reception',
      supplier: 'serviceCalls',
      admin: 'dashboard',
    });
  });

  it('falls back to the buildings list when a flag switches the role’s own screen off', () => {
    expect(homeRouteOf(actor('receptionist', allOff), appRoutes).id).toBe('dashboard');
    expect(homeRouteOf(actor('supplier', allOff), appRoutes).id).toBe('dashboard');
  });

  it('is always a screen the user may open', () => {
    for (const role of roles)
      for (const flags of [allOn, allOff]) expect(can(actor(role, flags), homeRouteOf(actor(role, flags), appRoutes).right), role).toBe(true);
  });
});
