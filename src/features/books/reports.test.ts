import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../lib/domain/ledger';
import { unzipSync, strFromU8 } from 'fflate';
import { tableXlsx } from './excel';
import { detailedRows, detailedTable, periodicRows, periodicTable, tableCsv, yearRange } from './reports';

const entry = (id: string, kind: LedgerEntry['kind'], date: string, amountAgorot: number): LedgerEntry => ({
  id,
  buildingId: 1,
  kind,
  date,
  amountAgorot,
  apartmentId: null,
  debtKind: null,
  dueDate: null,
  group: kind === 'expense' ? 'cleaning' : null,
  description: `row ${id}`,
  settles: [],
});

const ledger = [
  entry('a', 'openingBalance', '2025-12-31', 100_000),
  entry('b', 'payment', '2026-01-05', 50_000),
  entry('c', 'expense', '2026-01-31', 12_345),
  entry('d', 'charge', '2026-02-01', 50_000),
  entry('e', 'income', '2026-04-01', 20_000),
  entry('f', 'expense', '2026-12-31', 1),
];

describe('activity reports', () => {
  it('keeps the year’s movements, month ends included, without the charges', () => {
    expect(detailedRows(ledger, yearRange(2026)).map((e) => e.id)).toEqual(['b', 'c', 'e', 'f']);
  });

  it('totals income against expenses per quarter', () => {
    expect(periodicRows(ledger, 'quarter', yearRange(2026))).toEqual([
      { period: '2026-Q1', income: 50_000, expenses: 12_345, net: 37_655 },
      { period: '2026-Q2', income: 20_000, expenses: 0, net: 20_000 },
      { period: '2026-Q4', income: 0, expenses: 1, net: -1 },
    ]);
  });

  it('exports CSV whose totals line matches the rows', () => {
    const texts = {
      header: ['date', 'kind', 'group', 'description', 'in', 'out'],
      kindName: (k: string) => k,
      groupName: (g: string | null) => g ?? '',
      description: (e: { description: string }) => e.description,
      total: 'total',
    };
    const csv = tableCsv(detailedTable(detailedRows(ledger, yearRange(2026)), texts));
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFdate,kind,group,description,in,out',
      '2026-01-05,payment,,row b,500.00,',
      '2026-01-31,expense,cleaning,row c,,123.45',
      '2026-04-01,income,,row e,200.00,',
      '2026-12-31,expense,cleaning,row f,,0.01',
      'total,,,,700.00,123.46',
      '',
    ]);
    const periodic = tableCsv(periodicTable(periodicRows(ledger, 'year', yearRange(2026)), ['period', 'income', 'expenses', 'net'], 'total'));
    expect(periodic.split('\r\n')).toEqual(['\uFEFFperiod,income,expenses,net', '2026,700.00,123.46,576.54', 'total,700.00,123.46,576.54', '']);
  });

  it('exports an Excel sheet whose amounts are numbers in shekels, right to left for Hebrew', async () => {
    const table = periodicTable(periodicRows(ledger, 'quarter', yearRange(2026)), ['תקופה', 'הכנסות', 'הוצאות', 'נטו'], 'סה"כ');
    const blob = await tableXlsx(table, { sheet: '2026', rightToLeft: true });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(sheet).toContain('rightToLeft="1"');
    for (const value of ['500', '123.45', '376.55', '700', '576.54']) expect(sheet).toContain(`<v>${value}</v>`);
    for (const text of ['תקופה', '2026-Q1', 'סה"כ']) expect(strings).toContain(text);
  });
});
