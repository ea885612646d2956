// CSV for the books' exports: RFC 4180 quoting, CRLF lines, and a byte-order mark so a spreadsheet
// opens Hebrew text as UTF-8. A cell that starts like a formula is prefixed with an apostrophe, so an
// exported description can never run as one.

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Whole agorot as a plain decimal amount in shekels (1234 → "12.34", −5 → "-0.05"), for a CSV cell. */
export function csvAmount(agorot: number): string {
  const sign = agorot < 0 ? '-' : '';
  const abs = Math.abs(agorot);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
