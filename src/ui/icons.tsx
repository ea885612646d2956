// The app's icons: lucide-react, the one icon set, inlined as SVG in the bundle (nothing fetched at run
// time). Icons are decoration next to a text label, so they are hidden from assistive technology.
import {
  Building2,
  CalendarCheck,
  Camera,
  ChartColumn,
  ClipboardList,
  CloudDownload,
  DoorOpen,
  FileText,
  Gauge,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Mail,
  Menu,
  MessageSquareText,
  Plus,
  RefreshCw,
  Search,
  Send,
  Smartphone,
  Truck,
  User,
  Users,
  Wallet,
  Wrench,
  Zap,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export type IconComponent = LucideIcon;

/** Icons of the routes (menu and quick links), by route id of the route table. */
export const routeIcons: Readonly<Record<string, IconComponent>> = {
  dashboard: LayoutDashboard,
  apartments: Building2,
  searchContact: Search,
  serviceCalls: Wrench,
  serviceCall: Wrench,
  addServiceCalls: Plus,
  addMoney: Wallet,
  suppliers: Truck,
  buildingSuppliers: Truck,
  checksIndex: FileText,
  checksPage: FileText,
  checksFill: FileText,
  checkCapture: Camera,
  maintenanceAndFacilities: ClipboardList,
  maintenanceAndFacilitiesDetail: ClipboardList,
  dailyPlan: CalendarCheck,
  financialReport: ChartColumn,
  userProfile: User,
  tenantRoom: DoorOpen,
  applicationFeedback: MessageSquareText,
  keys: KeyRound,
  addKey: KeyRound,
  mailItems: Mail,
  addMailItem: Mail,
  electricityMeter: Zap,
  editReport: Gauge,
  readingList: Gauge,
  sync: RefreshCw,
};

/** Icons of the main actions. */
export const actionIcons = {
  add: Plus,
  camera: Camera,
  install: Smartphone,
  menu: Menu,
  send: Send,
  sync: RefreshCw,
  takeDayOffline: CloudDownload,
  contacts: Users,
  inbox: Inbox,
} satisfies Record<string, IconComponent>;

type Props = { icon: IconComponent; size?: number; className?: string };

/** One icon, sized to the text beside it. */
export function Icon({ icon: Glyph, size = 20, className }: Props) {
  return <Glyph aria-hidden="true" focusable="false" size={size} strokeWidth={2} className={className} />;
}
