import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { downloadBlob, downloadText } from '../../ui/download';
import { tableXlsx } from './excel';
import type { Table } from './reports';
import { tableCsv } from './reports';

/** `onFailed` gets the key of the reason to show. */
type Props = { fileName: string; sheet: string; table(): Table; onFailed(reasonKey: string): void };

/** CSV, Excel and print of the report on screen (the print view hides the controls). */
export function ExportButtons({ fileName, sheet, table, onFailed }: Props) {
  const { t } = useTranslation('books');
  const { locale } = useFormats();
  async function excel() {
    try {
      downloadBlob(`${fileName}.xlsx`, await tableXlsx(table(), { sheet, rightToLeft: locale === 'he' }));
    } catch {
      // The Excel library is kept on first use (sw/onDemand.ts); CSV and print work offline.
      onFailed(navigator.onLine ? 'errors:anErrorOccurred' : 'books:reports.excelNeedsConnection');
    }
  }
  return (
    <div className={`${styles.actions} ${own.noPrint}`}>
      <Button variant="secondary" onClick={() => downloadText(`${fileName}.csv`, tableCsv(table()))}>
        {t('reports.csv')}
      </Button>
      <Button variant="secondary" onClick={() => void excel()}>
        {t('reports.excel')}
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        {t('reports.print')}
      </Button>
    </div>
  );
}
