import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useOnline } from '../ui/useOnline';
import styles from '../ui/fieldScreens.module.css';
import { errorKeyOf } from './errorKey';
import { downloadApartmentStatement } from './statements';

type Props = { apartmentId: string; number: string; year: number; label: string };

/** Saves an apartment's yearly statement as a PDF in the UI language (the tenant's home, the office's list); needs the connection. */
export function StatementDownload({ apartmentId, number, year, label }: Props) {
  const { t, i18n } = useTranslation(['statements', 'errors']);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadApartmentStatement(apartmentId, number, year, i18n.language);
    } catch (e) {
      setError(errorKeyOf(e, 'errors:errorReceiving'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} disabled={!online || busy} aria-busy={busy}>
        {label}
      </Button>
      {error ? (
        <span className={styles.error} role="alert">
          {t(error)}
        </span>
      ) : null}
    </>
  );
}
