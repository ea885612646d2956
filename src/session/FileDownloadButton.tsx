import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useOnline } from '../ui/useOnline';
import styles from '../ui/fieldScreens.module.css';
import { errorKeyOf } from './errorKey';
import { Alert } from '../ui/Alert';

type Props = { label: string; download(language: string): Promise<void> };

/** A button that saves a file the server draws in the UI language (a receipt, a statement); needs the connection, says why it failed. */
export function FileDownloadButton({ label, download }: Props) {
  const { t, i18n } = useTranslation('errors');
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      await download(i18n.language);
    } catch (e) {
      setError(errorKeyOf(e, 'errors:errorReceiving'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void save()} disabled={!online || busy} aria-busy={busy}>
        {label}
      </Button>
      {error ? (
        <Alert as="span" className={styles.error}>
          {t(error)}
        </Alert>
      ) : null}
    </>
  );
}
