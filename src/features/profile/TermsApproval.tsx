import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { termsVersion } from '../../lib/terms';
import { Button } from '../../ui/Button';
import { approveTerms } from './profileRepo';
import { TermsText } from './TermsText';
import styles from './ProfileScreen.module.css';
import { Alert } from '../../ui/Alert';

/** Shown instead of the app until the user approves the current terms (spec 5); works offline. */
export function TermsApproval() {
  const { t } = useTranslation(['terms', 'errors']);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checked) {
      setError(t('errors:termsNotApproved'));
      return;
    }
    setBusy(true);
    try {
      await approveTerms();
    } catch {
      setError(t('errors:anErrorOccurred'));
      setBusy(false);
    }
  };
  return (
    <section className={styles.screen} aria-labelledby="terms-title">
      <h2 id="terms-title" className={styles.heading}>
        {t('title')}
      </h2>
      <p className={styles.muted}>{t('version', { version: termsVersion })}</p>
      <TermsText headingLevel={3} />
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={checked}
            onChange={(e) => setChecked(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'terms-error' : undefined}
          />
          {t('agree')}
        </label>
        {error ? (
          <Alert id="terms-error" className={styles.error}>
            {error}
          </Alert>
        ) : null}
        <Button type="submit" block disabled={busy} aria-busy={busy}>
          {t('approve')}
        </Button>
      </form>
    </section>
  );
}
