import type { BuildingRow } from '../../db/schema';

/** A synced building row for tests: give what the test is about, the rest is a plain demo building. */
export function testBuilding(row: Pick<BuildingRow, 'id' | 'number' | 'name' | 'city'> & Partial<BuildingRow>): BuildingRow {
  return {
    companyId: 1001,
    address: 'הרצל 1',
    apartmentsCount: 10,
    logoUrl: null,
    buttonColor: '#1d4ed8',
    pricePerKwh: null,
    bankAccount: null,
    accountName: null,
    propertyType: null,
    managementType: null,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    syncState: 'synced',
    ...row,
  };
}
