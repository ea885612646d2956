import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { nisOf } from '../../lib/agorot';
import { agorotFromText } from '../../lib/domain/books';
import { refundableAgorot } from '../../lib/domain/refundRules';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import { refundPayment } from './collectionsRepo';
import { Alert } from '../../ui/Alert';

type Props = { payment: PaymentRecord; onClose(): void; onRefunded(amountAgorot: number): void };

/** Refund all of a card payment (the amount left, proposed) or part of it; what was typed stays on an error. */
export function RefundDialog({ payment, onClose, onRefunded }: Props) {
  const { t } = useTranslation(['collections', 'errors']);
  const f = useFormats();
  const left = refundableAgorot(payment.totalAgorot, payment.refundedAgorot ?? 0);
  const [amount, setAmount] = useState(String(nisOf(left)));
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per opened form: a retry after a lost answer is the same refund.
  const [refundId] = useState(newId);

  async function submit() {
    const agorot = agorotFromText(amount);
    setBusy(true);
    setError(null);
    try {
      await refundPayment(payment, refundId, Number.isNaN(agorot) ? Number.NaN : agorot);
      onRefunded(agorot);
    } catch (e) {
      setError({ field: ruleFailureOf(e)?.field ?? 'form', key: errorKeyOf(e, 'errors:refundFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open
      title={t('collections:refund.title', { number: payment.receiptNumber ?? '' })}
      onClose={onClose}
      formId="refund-form"
      submitLabel={t('collections:refund.submit')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <p className={styles.muted}>{t('collections:refund.left', { amount: f.agorot(left), total: f.agorot(payment.totalAgorot) })}</p>
      <TextField
        label={t('collections:refund.amount')}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        autoComplete="off"
        error={error?.field === 'amount' ? t(error.key) : null}
      />
      {error && error.field !== 'amount' ? <Alert className={styles.error}>{t(error.key)}</Alert> : null}
    </FormDialog>
  );
}
