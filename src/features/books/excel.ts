// An exported table as an Excel workbook (write-excel-file, loaded only when a report is exported):
// amounts are numbers in shekels with two decimals, so the sheet can sum them; Hebrew sheets run right
// to left.
import { nisOf } from '../../lib/agorot';
import type { Cell, Table } from './reports';

const MONEY_FORMAT = '#,##0.00';

function cellOf(c: Cell, bold = false) {
  const weight = bold ? { fontWeight: 'bold' as const } : {};
  if (c === null) return null;
  if (typeof c === 'string') return { value: c, ...weight };
  return { value: nisOf(c.agorot), type: Number, format: MONEY_FORMAT, ...weight };
}

export async function tableXlsx(table: Table, options: { sheet: string; rightToLeft: boolean }): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  const data = [table.header.map((h) => cellOf(h, true)), ...table.rows.map((r) => r.map((c) => cellOf(c))), table.total.map((c) => cellOf(c, true))];
  return writeExcelFile(data, {
    sheet: options.sheet.slice(0, 31),
    rightToLeft: options.rightToLeft,
    columns: table.header.map(() => ({ width: 16 })),
  }).toBlob();
}
