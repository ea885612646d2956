import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { nisOf } from '../../lib/agorot';
import { agorotFromText } from '../../lib/domain/books';
import { CREDIT_REASON_MAX, creditableAgorot } from '../../lib/domain/creditRules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import { creditCharge } from './creditsRepo';
import { Alert } from '../../ui/Alert';

type Props = { charge: { id: string; amountAgorot: number; text: string }; creditedAgorot: number; onClose(): void; onCredited(amountAgorot: number): void };

/** Credit all of a charge (what is left, proposed) or part of it, with the reason; what was typed stays on an error. */
export function CreditDialog({ charge, creditedAgorot, onClose, onCredited }: Props) {
  const { t } = useTranslation(['books', 'errors']);
  const f = useFormats();
  const left = creditableAgorot(charge.amountAgorot, creditedAgorot);
  const [amount, setAmount] = useState(String(nisOf(left)));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: string; key: string; max?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per opened form: a retry after a lost answer is the same credit.
  const [creditId] = useState(newId);

  async function submit() {
    const agorot = agorotFromText(amount);
    setBusy(true);
    setError(null);
    try {
      await creditCharge({
        chargeId: charge.id,
        chargeAgorot: charge.amountAgorot,
        creditedAgorot,
        creditId,
        amountAgorot: Number.isNaN(agorot) ? Number.NaN : agorot,
        reason,
      });
      onCredited(agorot);
    } catch (e) {
      const failure = ruleFailureOf(e);
      setError({ field: failure?.field ?? 'form', key: errorKeyOf(e, 'errors:somethingWentWrong'), max: CREDIT_REASON_MAX });
    } finally {
      setBusy(false);
    }
  }

  const message = (field: string) => (error?.field === field ? t(error.key, { max: error.max }) : null);
  return (
    <FormDialog
      open
      title={t('books:credit.title', { charge: charge.text })}
      onClose={onClose}
      formId="credit-form"
      submitLabel={t('books:credit.submit')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <p className={styles.muted}>{t('books:credit.left', { amount: f.agorot(left), total: f.agorot(charge.amountAgorot) })}</p>
      <TextField label={t('books:credit.amount')} value={amount} onValueChange={setAmount} inputMode="decimal" autoComplete="off" error={message('amount')} />
      <TextField
        label={t('books:credit.reason')}
        value={reason}
        onValueChange={setReason}
        autoComplete="off"
        maxLength={CREDIT_REASON_MAX}
        error={message('reason')}
      />
      {error && error.field !== 'amount' && error.field !== 'reason' ? <Alert className={styles.error}>{t(error.key)}</Alert> : null}
    </FormDialog>
  );
}
