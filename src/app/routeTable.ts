// Every route of spec section 2 in one table: its right (the rule table decides who may open it and
// whether the menu shows it), its path and its lazily loaded screen.
import type { Action } from '../lib/rights/rights';
import { buildingsPath } from '../lib/appPaths';
import { lazyScreen } from './lazyScreen';
import { dashboardNamespaces } from './startTexts';
import { readDashboardEarly } from '../features/buildings/earlyDashboard';
import type { LazyScreen } from './lazyScreen';

type Screen = LazyScreen;

/** The drawer's groups by area, in the drawer's order; the personal part (profile, app) comes last. */
export const menuGroups = ['field', 'office', 'money', 'community', 'personal'] as const;
export type MenuGroup = (typeof menuGroups)[number];

const profile: Screen = lazyScreen(() => import('../features/profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })));
const sync: Screen = lazyScreen(() => import('../features/sync/SyncScreen').then((m) => ({ default: m.SyncScreen })));
const checksIndex: Screen = lazyScreen(() => import('../features/checks/ChecksIndexScreen').then((m) => ({ default: m.ChecksIndexScreen })));
const checksGroups: Screen = lazyScreen(() => import('../features/checks/ChecksGroupsScreen').then((m) => ({ default: m.ChecksGroupsScreen })));
const checksFill: Screen = lazyScreen(() => import('../features/checks/ChecksFillScreen').then((m) => ({ default: m.ChecksFillScreen })));
const checksDeposits: Screen = lazyScreen(() => import('../features/checks/ChecksDepositsScreen').then((m) => ({ default: m.ChecksDepositsScreen })));
const checkCapture: Screen = lazyScreen(() => import('../features/checks/CheckCaptureScreen').then((m) => ({ default: m.CheckCaptureScreen })));
const home: Screen = lazyScreen(() => import('./HomeRoute').then((m) => ({ default: m.HomeRoute })));
const dashboard: Screen = lazyScreen(() => import('./DashboardRoute').then((m) => ({ default: m.DashboardRoute })), {
  namespaces: dashboardNamespaces,
  readEarly: readDashboardEarly,
});
const apartments: Screen = lazyScreen(() => import('../features/apartments/ApartmentsScreen').then((m) => ({ default: m.ApartmentsScreen })));
const searchContact: Screen = lazyScreen(() => import('../features/contacts/SearchContactScreen').then((m) => ({ default: m.SearchContactScreen })));
const dailyPlan: Screen = lazyScreen(() => import('../features/daily-plan/DailyPlanScreen').then((m) => ({ default: m.DailyPlanScreen })));
const serviceCalls: Screen = lazyScreen(() => import('../features/service-calls/ServiceCallsScreen').then((m) => ({ default: m.ServiceCallsScreen })));
const addServiceCall: Screen = lazyScreen(() => import('../features/service-calls/AddServiceCallScreen').then((m) => ({ default: m.AddServiceCallScreen })));

export type RouteId =
  | 'home'
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
  | 'checksDeposits'
  | 'checkCapture'
  | 'maintenanceAndFacilities'
  | 'maintenanceAndFacilitiesDetail'
  | 'dailyPlan'
  | 'financialReport'
  | 'books'
  | 'userProfile'
  | 'tenantRoom'
  | 'gates'
  | 'messages'
  | 'announcements'
  | 'applicationFeedback'
  | 'keys'
  | 'addKey'
  | 'mailItems'
  | 'addMailItem'
  | 'electricityMeter'
  | 'editReport'
  | 'readingList'
  | 'documents'
  | 'regulations'
  | 'gallery'
  | 'signForm'
  | 'reception'
  | 'profileRequests'
  | 'privacyTerms'
  | 'about'
  | 'installApp'
  | 'leads'
  | 'companySites'
  | 'sync'
  | 'pay'
  | 'cards'
  | 'receipt'
  | 'standingOrder'
  | 'buildingPayments'
  | 'tenantLinks'
  | 'billingSettings'
  | 'feeSchedule'
  | 'statements'
  | 'ownersReport'
  | 'tenantCalls'
  | 'tenantCallNew'
  | 'tenantCall'
  | 'checkLife'
  | 'polls'
  | 'buildingPeople'
  | 'buildingPeopleEdit'
  | 'tenantDesk'
  | 'threads'
  | 'threadNew'
  | 'thread';

export type AppRoute = {
  id: RouteId;
  /** What the user must be allowed (src/lib/rights) to open it; the menu hides it otherwise. */
  right: Action;
  /** react-router path; `?` marks an optional segment. */
  path: string;
  screen: Screen;
  /**
   * The drawer's group the route is shown in (routes that need an id are reached from other screens).
   * The user's home (homeRoute.ts) is the drawer's first entry instead, above the groups.
   */
  menu?: MenuGroup;
  /** Child routes rendered inside the parent screen's <Outlet/>. */
  children?: AppRoute[];
};

export const appRoutes: AppRoute[] = [
  // "/" is everyone's home (homeRoute.ts): a tenant's apartment, for staff a redirect to their home screen.
  { id: 'home', right: 'session.use', path: '/', screen: home },
  { id: 'dashboard', right: 'buildings.list', path: buildingsPath, screen: dashboard, menu: 'field' },
  { id: 'apartments', right: 'apartments.read', path: '/apartments', screen: apartments, menu: 'office' },
  { id: 'searchContact', right: 'contacts.read', path: '/search-contact', screen: searchContact, menu: 'office' },
  { id: 'serviceCalls', right: 'serviceCalls.read', path: '/service-calls/:bid?', screen: serviceCalls, menu: 'field' },
  { id: 'serviceCall', right: 'serviceCalls.read', path: '/service-call/:pid', screen: serviceCalls },
  { id: 'addServiceCalls', right: 'serviceCalls.create', path: '/add-service-calls/:bid?', screen: addServiceCall, menu: 'field' },
  {
    id: 'addMoney',
    right: 'charges.create',
    path: '/add-money/:bid?',
    screen: lazyScreen(() => import('../features/charges/AddMoneyScreen').then((m) => ({ default: m.AddMoneyScreen }))),
    menu: 'money',
  },
  {
    id: 'suppliers',
    right: 'suppliers.read',
    path: '/suppliers/:supplierid?',
    screen: lazyScreen(() => import('../features/books/SuppliersScreen').then((m) => ({ default: m.SuppliersScreen }))),
    menu: 'office',
  },
  {
    id: 'buildingSuppliers',
    right: 'suppliers.read',
    path: '/building-suppliers/:bid',
    screen: lazyScreen(() => import('../features/books/BuildingSuppliersScreen').then((m) => ({ default: m.BuildingSuppliersScreen }))),
  },
  { id: 'checksIndex', right: 'checks.deposit', path: '/checksindex', screen: checksIndex, menu: 'money' },
  { id: 'checksPage', right: 'checks.deposit', path: '/checks', screen: checksGroups },
  { id: 'checksFill', right: 'checks.deposit', path: '/checks/checksfill/:checksGroupId', screen: checksFill },
  { id: 'checkCapture', right: 'checks.deposit', path: '/check-capture', screen: checkCapture },
  { id: 'checksDeposits', right: 'checks.deposit', path: '/checks/deposits/:checksGroupId?', screen: checksDeposits },
  {
    id: 'maintenanceAndFacilities',
    right: 'maintenance.read',
    path: '/maintenance-and-facilities',
    screen: lazyScreen(() => import('../features/maintenance/MaintenanceScreen').then((m) => ({ default: m.MaintenanceScreen }))),
    menu: 'field',
    children: [
      {
        id: 'maintenanceAndFacilitiesDetail',
        right: 'maintenance.read',
        path: ':id',
        screen: lazyScreen(() => import('../features/maintenance/FacilityDetail').then((m) => ({ default: m.FacilityDetail }))),
      },
    ],
  },
  { id: 'dailyPlan', right: 'plan.read', path: '/daily-plan', screen: dailyPlan, menu: 'field' },
  {
    id: 'financialReport',
    right: 'books.read',
    path: '/financial-report/:contactId?',
    screen: lazyScreen(() => import('../features/books/FinancialReportScreen').then((m) => ({ default: m.FinancialReportScreen }))),
    menu: 'money',
  },
  {
    id: 'books',
    right: 'books.read',
    path: '/books/:bid?',
    screen: lazyScreen(() => import('../features/books/BooksScreen').then((m) => ({ default: m.BooksScreen }))),
    menu: 'money',
  },
  { id: 'userProfile', right: 'session.use', path: '/user-profile', screen: profile, menu: 'personal' },
  {
    id: 'tenantRoom',
    right: 'rooms.use',
    path: '/tenant-room',
    screen: lazyScreen(() => import('../features/tenant-room/TenantRoomScreen').then((m) => ({ default: m.TenantRoomScreen }))),
    menu: 'community',
  },
  {
    id: 'applicationFeedback',
    right: 'feedback.write',
    path: '/application-feedback',
    screen: lazyScreen(() => import('../features/feedback/FeedbackScreen').then((m) => ({ default: m.FeedbackScreen }))),
    menu: 'personal',
  },
  {
    id: 'keys',
    right: 'items.read',
    path: '/keys',
    screen: lazyScreen(() => import('../features/items/ItemsScreen').then((m) => ({ default: m.KeysScreen }))),
    menu: 'field',
  },
  {
    id: 'addKey',
    right: 'items.write',
    path: '/add-key',
    screen: lazyScreen(() => import('../features/items/AddItemScreen').then((m) => ({ default: m.AddKeyScreen }))),
  },
  {
    id: 'mailItems',
    right: 'items.read',
    path: '/mail-items',
    screen: lazyScreen(() => import('../features/items/ItemsScreen').then((m) => ({ default: m.MailItemsScreen }))),
    menu: 'field',
  },
  {
    id: 'addMailItem',
    right: 'items.write',
    path: '/add-mail-item',
    screen: lazyScreen(() => import('../features/items/AddItemScreen').then((m) => ({ default: m.AddMailItemScreen }))),
  },
  {
    id: 'electricityMeter',
    right: 'meters.read',
    path: '/electricity-meter/:bid',
    screen: lazyScreen(() => import('../features/meters/MetersScreen').then((m) => ({ default: m.MetersScreen }))),
  },
  {
    id: 'editReport',
    right: 'meters.read',
    path: '/consumption-report/:bid/:meterid',
    screen: lazyScreen(() => import('../features/meters/ConsumptionReportScreen').then((m) => ({ default: m.ConsumptionReportScreen }))),
  },
  {
    id: 'readingList',
    right: 'meters.read',
    path: '/reading-report/:bid/:meterid',
    screen: lazyScreen(() => import('../features/meters/ReadingsScreen').then((m) => ({ default: m.ReadingsScreen }))),
  },
  {
    id: 'documents',
    right: 'documents.read',
    path: '/documents',
    screen: lazyScreen(() => import('../features/documents/DocumentsScreen').then((m) => ({ default: m.DocumentsScreen }))),
    menu: 'office',
  },
  {
    id: 'regulations',
    right: 'documents.read',
    path: '/regulations',
    screen: lazyScreen(() => import('../features/documents/RegulationsScreen').then((m) => ({ default: m.RegulationsScreen }))),
    menu: 'office',
  },
  {
    id: 'gallery',
    right: 'gallery.read',
    path: '/gallery',
    screen: lazyScreen(() => import('../features/documents/GalleryScreen').then((m) => ({ default: m.GalleryScreen }))),
    menu: 'community',
  },
  {
    id: 'signForm',
    right: 'documents.sign',
    path: '/sign-form',
    screen: lazyScreen(() => import('../features/documents/SignFormScreen').then((m) => ({ default: m.SignFormScreen }))),
    menu: 'office',
  },
  {
    id: 'reception',
    right: 'receptionist.desk',
    path: '/reception',
    screen: lazyScreen(() => import('../features/reception/ReceptionScreen').then((m) => ({ default: m.ReceptionScreen }))),
    menu: 'field',
  },
  {
    id: 'profileRequests',
    right: 'profile.decide',
    path: '/profile-requests',
    screen: lazyScreen(() => import('../features/profile/ProfileRequestsScreen').then((m) => ({ default: m.ProfileRequestsScreen }))),
    menu: 'office',
  },
  {
    id: 'privacyTerms',
    right: 'session.use',
    path: '/privacy-terms',
    screen: lazyScreen(() => import('../features/profile/PrivacyTermsScreen').then((m) => ({ default: m.PrivacyTermsScreen }))),
    menu: 'personal',
  },
  {
    id: 'about',
    right: 'session.use',
    path: '/about',
    screen: lazyScreen(() => import('../features/about/AboutScreen').then((m) => ({ default: m.AboutScreen }))),
    menu: 'personal',
  },
  {
    id: 'installApp',
    right: 'session.use',
    path: '/install-app',
    screen: lazyScreen(() => import('../features/about/AboutScreen').then((m) => ({ default: m.InstallScreen }))),
    menu: 'personal',
  },
  {
    id: 'leads',
    right: 'leads.read',
    path: '/leads',
    screen: lazyScreen(() => import('../features/contact-us/LeadsScreen').then((m) => ({ default: m.LeadsScreen }))),
    menu: 'office',
  },
  {
    id: 'companySites',
    right: 'companySites.manage',
    path: '/company-sites',
    screen: lazyScreen(() => import('../features/company-site/CompanySitesScreen').then((m) => ({ default: m.CompanySitesScreen }))),
    menu: 'office',
  },
  {
    id: 'gates',
    right: 'gates.open',
    path: '/gates',
    screen: lazyScreen(() => import('../features/gates/GatesScreen').then((m) => ({ default: m.GatesScreen }))),
    menu: 'community',
  },
  {
    id: 'announcements',
    right: 'announcements.read',
    path: '/announcements',
    screen: lazyScreen(() => import('../features/messages/AnnouncementsScreen').then((m) => ({ default: m.AnnouncementsScreen }))),
    menu: 'community',
  },
  {
    id: 'messages',
    right: 'messages.send',
    path: '/messages',
    screen: lazyScreen(() => import('../features/messages/MessagesScreen').then((m) => ({ default: m.MessagesScreen }))),
    menu: 'community',
  },
  { id: 'sync', right: 'session.use', path: '/sync', screen: sync, menu: 'personal' },
  {
    id: 'pay',
    right: 'account.pay',
    path: '/pay/:apartmentId?',
    screen: lazyScreen(() => import('../features/tenant/PayScreen').then((m) => ({ default: m.PayScreen }))),
    menu: 'money',
  },
  {
    id: 'cards',
    right: 'account.pay',
    path: '/cards',
    screen: lazyScreen(() => import('../features/tenant/CardsScreen').then((m) => ({ default: m.CardsScreen }))),
    menu: 'money',
  },
  {
    id: 'standingOrder',
    right: 'account.pay',
    path: '/standing-order',
    screen: lazyScreen(() => import('../features/tenant/StandingOrderScreen').then((m) => ({ default: m.StandingOrderScreen }))),
    menu: 'money',
  },
  {
    id: 'buildingPayments',
    right: 'payments.read',
    path: '/payments/:bid?',
    screen: lazyScreen(() => import('../features/collections/PaymentsScreen').then((m) => ({ default: m.PaymentsScreen }))),
    menu: 'money',
  },
  {
    id: 'tenantLinks',
    right: 'tenants.invite',
    path: '/tenant-links/:bid?',
    screen: lazyScreen(() => import('../features/tenant-links/TenantLinksScreen').then((m) => ({ default: m.TenantLinksScreen }))),
    menu: 'office',
  },
  {
    id: 'feeSchedule',
    right: 'feeSchedule.read',
    path: '/fee-schedule/:bid?',
    screen: lazyScreen(() => import('../features/fee-schedule/FeeScheduleScreen').then((m) => ({ default: m.FeeScheduleScreen }))),
  },
  {
    id: 'statements',
    right: 'books.read',
    path: '/statements/:bid?',
    screen: lazyScreen(() => import('../features/books/StatementsScreen').then((m) => ({ default: m.StatementsScreen }))),
  },
  {
    id: 'ownersReport',
    right: 'ownersReport.read',
    path: '/owners-report/:bid?',
    screen: lazyScreen(() => import('../features/books/OwnersReportScreen').then((m) => ({ default: m.OwnersReportScreen }))),
    menu: 'money',
  },
  {
    id: 'checkLife',
    right: 'checkLife.read',
    path: '/check-life/:bid?',
    screen: lazyScreen(() => import('../features/check-life/CheckLifeScreen').then((m) => ({ default: m.CheckLifeScreen }))),
  },
  {
    id: 'billingSettings',
    right: 'billingSettings.edit',
    path: '/billing-settings/:bid?',
    screen: lazyScreen(() => import('../features/billing-settings/BillingSettingsScreen').then((m) => ({ default: m.BillingSettingsScreen }))),
  },
  {
    id: 'tenantCalls',
    right: 'tenantCalls.read',
    path: '/my-reports',
    screen: lazyScreen(() => import('../features/service-calls/tenant/TenantCallsScreen').then((m) => ({ default: m.TenantCallsScreen }))),
    menu: 'community',
  },
  {
    id: 'tenantCallNew',
    right: 'tenantCalls.report',
    path: '/my-reports/new',
    screen: lazyScreen(() => import('../features/service-calls/tenant/NewTenantReportScreen').then((m) => ({ default: m.NewTenantReportScreen }))),
  },
  {
    id: 'tenantCall',
    right: 'tenantCalls.read',
    path: '/my-reports/:id',
    screen: lazyScreen(() => import('../features/service-calls/tenant/TenantCallScreen').then((m) => ({ default: m.TenantCallScreen }))),
  },
  {
    id: 'polls',
    right: 'polls.read',
    path: '/polls/:bid?',
    screen: lazyScreen(() => import('../features/polls/PollsScreen').then((m) => ({ default: m.PollsScreen }))),
    menu: 'community',
  },
  {
    id: 'buildingPeople',
    right: 'buildingPeople.read',
    path: '/building-people/:bid?',
    screen: lazyScreen(() => import('../features/building-people/BuildingPeopleScreen').then((m) => ({ default: m.BuildingPeopleScreen }))),
    menu: 'community',
  },
  {
    id: 'buildingPeopleEdit',
    right: 'buildingPeople.edit',
    path: '/building-people/:bid/edit',
    screen: lazyScreen(() => import('../features/building-people/EditBuildingPeopleScreen').then((m) => ({ default: m.EditBuildingPeopleScreen }))),
  },
  {
    id: 'tenantDesk',
    right: 'desk.tenantRead',
    path: '/desk',
    screen: lazyScreen(() => import('../features/desk/TenantDeskScreen').then((m) => ({ default: m.TenantDeskScreen }))),
    menu: 'community',
  },
  {
    id: 'threads',
    right: 'threads.read',
    path: '/threads',
    screen: lazyScreen(() => import('./threadScreens').then((m) => ({ default: m.ThreadsScreen }))),
    menu: 'community',
  },
  {
    id: 'threadNew',
    right: 'threads.open',
    path: '/threads/new',
    screen: lazyScreen(() => import('./threadScreens').then((m) => ({ default: m.NewThreadScreen }))),
  },
  { id: 'thread', right: 'threads.read', path: '/threads/:id', screen: lazyScreen(() => import('./threadScreens').then((m) => ({ default: m.ThreadScreen }))) },
  {
    id: 'receipt',
    right: 'account.read',
    path: '/receipt/:id',
    screen: lazyScreen(() => import('../features/tenant/ReceiptScreen').then((m) => ({ default: m.ReceiptScreen }))),
  },
];

/** The drawer links: a menu route's path without its optional segments. */
export function menuPath(route: AppRoute): string {
  return route.path.replace(/\/:[^/]+\?/g, '') || '/';
}
