// An apartment's yearly statement as a PDF (issue 29 item 7), drawn by the server in the UI language:
// the tenant's home and the office's statements screen save it the same way. Needs the connection.
import { downloadServerFile } from './serverFile';

export function downloadApartmentStatement(apartmentId: string, number: string, year: number, language: string): Promise<void> {
  return downloadServerFile(
    `apartments/${encodeURIComponent(apartmentId)}/statement.pdf?year=${year}&lang=${encodeURIComponent(language)}`,
    `statement-${year}-${number}.pdf`,
  );
}

/** The years a statement is offered for: this year and the five before it, the latest first. */
export function statementYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => year - i);
}
