// The statements and the owners' report follow the building their address names.
import { vi } from 'vitest';
import { OwnersReportScreen } from '../features/books/OwnersReportScreen';
import { StatementsScreen } from '../features/books/StatementsScreen';
import { buildingStatement, halfYearReport } from '../features/books/statementsRepo';
import type * as StatementsRepo from '../features/books/statementsRepo';
import { describeAddressBuilding } from './testing/addressBuildingCases';

// The screens' data never comes: these tests are about which building they ask for.
const { never } = vi.hoisted(() => ({ never: () => new Promise<never>(() => undefined) }));
vi.mock('../features/books/statementsRepo', async (original) => ({
  ...(await original<typeof StatementsRepo>()),
  buildingStatement: vi.fn(never),
  halfYearReport: vi.fn(never),
}));

const screens = [
  { name: 'statements', base: '/statements', screen: <StatementsScreen />, load: vi.mocked(buildingStatement) },
  { name: "owners' report", base: '/owners-report', screen: <OwnersReportScreen />, load: vi.mocked(halfYearReport) },
];

describeAddressBuilding(screens);
