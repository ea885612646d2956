// The billing settings, fee schedule and payments screens follow the building their address names.
import { vi } from 'vitest';
import { PaymentsScreen } from '../features/collections/PaymentsScreen';
import { buildingPayments } from '../features/collections/collectionsRepo';
import { FeeScheduleScreen } from '../features/fee-schedule/FeeScheduleScreen';
import { buildingFeeSchedules } from '../features/fee-schedule/feeScheduleRepo';
import { BillingSettingsScreen } from '../features/billing-settings/BillingSettingsScreen';
import { buildingBillingSettings } from '../features/billing-settings/billingSettingsRepo';
import { describeAddressBuilding } from './testing/addressBuildingCases';

// The screens' data never comes: these tests are about which building they ask for.
const { never } = vi.hoisted(() => ({ never: () => new Promise<never>(() => undefined) }));
vi.mock('../features/billing-settings/billingSettingsRepo', () => ({ buildingBillingSettings: vi.fn(never) }));
vi.mock('../features/fee-schedule/feeScheduleRepo', () => ({ buildingFeeSchedules: vi.fn(never) }));
vi.mock('../features/collections/collectionsRepo', () => ({ buildingPayments: vi.fn(never) }));

const screens = [
  { name: 'billing settings', base: '/billing-settings', screen: <BillingSettingsScreen />, load: vi.mocked(buildingBillingSettings) },
  { name: 'fee schedule', base: '/fee-schedule', screen: <FeeScheduleScreen />, load: vi.mocked(buildingFeeSchedules) },
  { name: 'payments', base: '/payments', screen: <PaymentsScreen />, load: vi.mocked(buildingPayments) },
];

describeAddressBuilding(screens);
