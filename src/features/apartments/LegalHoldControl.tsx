import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import type { LegalHold } from './legalHoldsRepo';
import { clearHold, holdApartment } from './legalHoldsRepo';
import { Alert } from '../../ui/Alert';

type Props = { apartmentId: string; number: string; hold: LegalHold | null; online: boolean; onChanged(): void };

/** Management staff: whether the apartment is in legal proceedings (who, when, why), and setting or clearing it. */
export function LegalHoldControl({ apartmentId, number, hold, online, onChanged }: Props) {
  const { t } = useTranslation(['billing', 'errors']);
  const f = useFormats();
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newId);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      setKey(newId());
      setEditing(false);
      setReason('');
      setNotice(done);
      onChanged();
    } catch (e) {
      const refused = ruleFailureOf(e);
      setError({ field: refused?.field ?? 'form', text: t(errorKeyOf(e, 'errors:errorSaving'), refused?.params ?? {}) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.form} role="group" aria-label={t('billing:hold.legend')}>
      {hold ? (
        <>
          <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('billing:hold.held')}</span>
          <span>{hold.reason}</span>
          <span className={styles.muted}>
            {hold.createdByName
              ? t('billing:hold.by', { name: hold.createdByName, date: f.date(hold.createdAt) })
              : t('billing:hold.on', { date: f.date(hold.createdAt) })}
          </span>
          <div className={styles.actions}>
            <Button variant="secondary" disabled={!online || busy} onClick={() => setConfirming(true)}>
              {t('billing:hold.clear')}
            </Button>
          </div>
        </>
      ) : editing ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => holdApartment(apartmentId, reason, key), t('billing:hold.didSet', { number }));
          }}
        >
          <TextField
            label={t('billing:hold.reason')}
            value={reason}
            onValueChange={(v) => {
              setReason(v);
              setKey(newId());
            }}
            error={error?.field === 'reason' ? error.text : null}
            autoComplete="off"
          />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" disabled={!online || busy} aria-busy={busy}>
              {t('billing:hold.save')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              {t('billing:hold.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={!online}
            onClick={() => {
              setEditing(true);
              setNotice(null);
            }}
          >
            {t('billing:hold.set')}
          </Button>
        </div>
      )}
      {error && error.field !== 'reason' ? <Alert className={styles.error}>{error.text}</Alert> : null}
      {notice ? (
        <p className={styles.muted} role="status">
          {notice}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('billing:hold.clearTitle')}
        message={t('billing:hold.clearMessage', { number })}
        confirmLabel={t('billing:hold.clear')}
        onConfirm={() => {
          setConfirming(false);
          void run(() => clearHold(apartmentId, key), t('billing:hold.didClear', { number }));
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
