import { FileDownloadButton } from './FileDownloadButton';
import { downloadApartmentStatement } from './statements';

type Props = { apartmentId: string; number: string; year: number; label: string };

/** Saves an apartment's yearly statement as a PDF in the UI language (the tenant's home, the office's list); needs the connection. */
export function StatementDownload({ apartmentId, number, year, label }: Props) {
  return <FileDownloadButton label={label} download={(language) => downloadApartmentStatement(apartmentId, number, year, language)} />;
}
