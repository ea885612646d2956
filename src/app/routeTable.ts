// Every route of spec section 2 in one table. A feature engineer swaps `screen` for their screen:
//   screen: lazy(() => import('../features/keys/KeysScreen').then((m) => ({ default: m.KeysScreen }))),
// Screens not built yet show the translated "coming soon" page.
import { lazy } from 'react';
import type { Action } from '../lib/rights/rights';
import type { ComponentType, LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

export const comingSoon: Screen = lazy(() => import('./ComingSoon').then((m) => ({ default: m.ComingSoon })));
const profile: Screen = lazy(() => import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })));
const sync: Screen = lazy(() => import('../features/sync/SyncScreen').then((m) => ({ default: m.SyncScreen })));
const checksIndex: Screen = lazy(() => import('../features/checks/ChecksIndexScreen').then((m) => ({ default: m.ChecksIndexScreen })));
const checksGroups: Screen = lazy(() => import('../features/checks/ChecksGroupsScreen').then((m) => ({ default: m.ChecksGroupsScreen })));
const checksFill: Screen = lazy(() => import('../features/checks/ChecksFillScreen').then((m) => ({ default: m.ChecksFillScreen })));
const checkCapture: Screen = lazy(() => import('../features/checks/CheckCaptureScreen').then((m) => ({ default: m.CheckCaptureScreen })));
const dashboard: Screen = lazy(() => import('./DashboardRoute').then((m) => ({ default: m.DashboardRoute })));
const apartments: Screen = lazy(() => import('../features/apartments/ApartmentsScreen').then((m) => ({ default: m.ApartmentsScreen })));
const searchContact: Screen = lazy(() => import('../features/contacts/SearchContactScreen').then((m) => ({ default: m.SearchContactScreen })));
const dailyPlan: Screen = lazy(() => import('../features/daily-plan/DailyPlanScreen').then((m) => ({ default: m.DailyPlanScreen })));
const serviceCalls: Screen = lazy(() => import('../features/service-calls/ServiceCallsScreen').then((m) => ({ default: m.ServiceCallsScreen })));
const addServiceCall: Screen = lazy(() => import('../features/service-calls/AddServiceCallScreen').then((m) => ({ default: m.AddServiceCallScreen })));

export type RouteId =
  | 'dashboard'
  | 'apartments'
  | 'searchContact'
  | 'serviceCalls'
  | 'serviceCall'
  | 'addServiceCalls'
  | 'addMoney'
  | 'suppliers'
  | 'buildingSuppliers'
  | 'checksIndex'
  | 'checksPage'
  | 'checksFill'
  | 'checkCapture'
  | 'maintenanceAndFacilities'
  | 'maintenanceAndFacilitiesDetail'
  | 'dailyPlan'
  | 'financialReport'
  | 'userProfile'
  | 'tenantRoom'
  | 'applicationFeedback'
  | 'keys'
  | 'addKey'
  | 'mailItems'
  | 'addMailItem'
  | 'electricityMeter'
  | 'editReport'
  | 'readingList'
  | 'sync'
  | 'pay'
  | 'cards'
  | 'receipt'
  | 'standingOrder'
  | 'buildingPayments';

export type AppRoute = {
  id: RouteId;
  /** What the user must be allowed (src/lib/rights) to open it; the menu hides it otherwise. */
  right: Action;
  /** react-router path; `?` marks an optional segment. */
  path: string;
  screen: Screen;
  /** Shown in the navigation drawer (routes that need an id are reached from other screens). */
  menu?: boolean;
  /** Child routes rendered inside the parent screen's <Outlet/>. */
  children?: AppRoute[];
};

export const appRoutes: AppRoute[] = [
  { id: 'dashboard', right: 'buildings.read', path: '/', screen: dashboard, menu: true },
  { id: 'apartments', right: 'apartments.read', path: '/apartments', screen: apartments, menu: true },
  { id: 'searchContact', right: 'contacts.read', path: '/search-contact', screen: searchContact, menu: true },
  { id: 'serviceCalls', right: 'serviceCalls.read', path: '/service-calls/:bid?', screen: serviceCalls, menu: true },
  { id: 'serviceCall', right: 'serviceCalls.read', path: '/service-call/:pid', screen: serviceCalls },
  { id: 'addServiceCalls', right: 'serviceCalls.create', path: '/add-service-calls/:bid?', screen: addServiceCall, menu: true },
  { id: 'addMoney', right: 'charges.create', path: '/add-money/:bid?', screen: lazy(() => import('../features/charges/AddMoneyScreen').then((m) => ({ default: m.AddMoneyScreen }))), menu: true },
  { id: 'suppliers', right: 'suppliers.read', path: '/suppliers/:supplierid?', screen: comingSoon, menu: true },
  { id: 'buildingSuppliers', right: 'suppliers.read', path: '/building-suppliers/:bid', screen: comingSoon },
  { id: 'checksIndex', right: 'checks.deposit', path: '/checksindex', screen: checksIndex, menu: true },
  { id: 'checksPage', right: 'checks.deposit', path: '/checks', screen: checksGroups },
  { id: 'checksFill', right: 'checks.deposit', path: '/checks/checksfill/:checksGroupId', screen: checksFill },
  { id: 'checkCapture', right: 'checks.deposit', path: '/check-capture', screen: checkCapture },
  {
    id: 'maintenanceAndFacilities', right: 'maintenance.read',
    path: '/maintenance-and-facilities',
    screen: lazy(() => import('../features/maintenance/MaintenanceScreen').then((m) => ({ default: m.MaintenanceScreen }))),
    menu: true,
    children: [{ id: 'maintenanceAndFacilitiesDetail', right: 'maintenance.read', path: ':id', screen: lazy(() => import('../features/maintenance/FacilityDetail').then((m) => ({ default: m.FacilityDetail }))) }],
  },
  { id: 'dailyPlan', right: 'plan.read', path: '/daily-plan', screen: dailyPlan, menu: true },
  { id: 'financialReport', right: 'books.read', path: '/financial-report/:contactId?', screen: comingSoon, menu: true },
  { id: 'userProfile', right: 'session.use', path: '/user-profile', screen: profile, menu: true },
  { id: 'tenantRoom', right: 'rooms.use', path: '/tenant-room', screen: comingSoon, menu: true },
  { id: 'applicationFeedback', right: 'feedback.write', path: '/application-feedback', screen: lazy(() => import('../features/feedback/FeedbackScreen').then((m) => ({ default: m.FeedbackScreen }))), menu: true },
  { id: 'keys', right: 'items.read', path: '/keys', screen: lazy(() => import('../features/items/ItemsScreen').then((m) => ({ default: m.KeysScreen }))), menu: true },
  { id: 'addKey', right: 'items.write', path: '/add-key', screen: lazy(() => import('../features/items/AddItemScreen').then((m) => ({ default: m.AddKeyScreen }))) },
  { id: 'mailItems', right: 'items.read', path: '/mail-items', screen: lazy(() => import('../features/items/ItemsScreen').then((m) => ({ default: m.MailItemsScreen }))), menu: true },
  { id: 'addMailItem', right: 'items.write', path: '/add-mail-item', screen: lazy(() => import('../features/items/AddItemScreen').then((m) => ({ default: m.AddMailItemScreen }))) },
  { id: 'electricityMeter', right: 'meters.read', path: '/electricity-meter/:bid', screen: lazy(() => import('../features/meters/MetersScreen').then((m) => ({ default: m.MetersScreen }))) },
  { id: 'editReport', right: 'meters.read', path: '/consumption-report/:bid/:meterid', screen: lazy(() => import('../features/meters/ConsumptionReportScreen').then((m) => ({ default: m.ConsumptionReportScreen }))) },
  { id: 'readingList', right: 'meters.read', path: '/reading-report/:bid/:meterid', screen: lazy(() => import('../features/meters/ReadingsScreen').then((m) => ({ default: m.ReadingsScreen }))) },
  { id: 'sync', right: 'session.use', path: '/sync', screen: sync, menu: true },
  { id: 'pay', right: 'account.pay', path: '/pay/:apartmentId?', screen: lazy(() => import('../features/tenant/PayScreen').then((m) => ({ default: m.PayScreen }))), menu: true },
  { id: 'cards', right: 'account.pay', path: '/cards', screen: lazy(() => import('../features/tenant/CardsScreen').then((m) => ({ default: m.CardsScreen }))), menu: true },
  { id: 'standingOrder', right: 'account.pay', path: '/standing-order', screen: lazy(() => import('../features/tenant/StandingOrderScreen').then((m) => ({ default: m.StandingOrderScreen }))), menu: true },
  { id: 'buildingPayments', right: 'payments.read', path: '/payments/:bid?', screen: lazy(() => import('../features/collections/PaymentsScreen').then((m) => ({ default: m.PaymentsScreen }))), menu: true },
  { id: 'receipt', right: 'account.read', path: '/receipt/:id', screen: lazy(() => import('../features/tenant/ReceiptScreen').then((m) => ({ default: m.ReceiptScreen }))) },
];

/** The drawer links: a menu route's path without its optional segments. */
export function menuPath(route: AppRoute): string {
  return route.path.replace(/\/:[^/]+\?/g, '') || '/';
}
