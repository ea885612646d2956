import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { agorotOfText } from '../../lib/domain/feeScheduleRules';
import { validateBounceFee } from '../../lib/domain/checkLifeRules';
import { errorKeyOf } from '../../session/errorKey';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import type { BounceFeePage } from './checkLifeRepo';
import { addBounceFee, bounceFeesOf } from './checkLifeRepo';
import { Alert } from '../../ui/Alert';

type Props = { buildingId: number; canEdit: boolean; online: boolean };

/** The building's bounce fee: the one in effect, every change kept, and (with the right) a change from a date on. */
export function BounceFeeSection({ buildingId, canEdit, online }: Props) {
  const { t } = useTranslation(['billing', 'errors']);
  const f = useFormats();
  const { rows, reload } = useOnlineList<BounceFeePage>(buildingId, online, async () => [await bounceFeesOf(buildingId)]);
  const page = rows?.[0] ?? null;
  const [from, setFrom] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState(() => newId());

  async function save() {
    const input = { effectiveFrom: from.trim() || (page?.today ?? ''), amountAgorot: agorotOfText(amount) ?? Number.NaN };
    const failure = validateBounceFee(input);
    if (failure) return setError({ field: failure.field, key: `errors:${failure.messageKey}` });
    setSaving(true);
    setError(null);
    try {
      await addBounceFee(buildingId, input, key);
      setKey(newId());
      setAmount('');
      setFrom('');
      reload();
    } catch (e) {
      setError({ field: '', key: errorKeyOf(e, 'errors:errorSaving') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="bounce-fee">
      <h3 id="bounce-fee" className={styles.heading}>
        {t('billing:checks.fee.title')}
      </h3>
      {page ? (
        <>
          <p>{page.inEffectAgorot > 0 ? t('billing:checks.fee.inEffect', { amount: f.agorot(page.inEffectAgorot) }) : t('billing:checks.fee.noFee')}</p>
          {page.records.length > 0 ? (
            <ul className={styles.list} aria-label={t('billing:checks.fee.history')}>
              {page.records.map((r) => (
                <li key={r.id}>{t('billing:checks.fee.line', { date: f.date(r.effectiveFrom), amount: f.agorot(r.amountAgorot) })}</li>
              ))}
            </ul>
          ) : null}
          {canEdit ? (
            <form
              className={styles.form}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <TextField
                label={t('billing:checks.fee.amount')}
                hint={t('billing:hints.nis')}
                value={amount}
                onValueChange={setAmount}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                error={error?.field === 'amountAgorot' ? t(error.key) : undefined}
              />
              <TextField
                label={t('billing:checks.fee.from')}
                hint={t('billing:checks.fee.fromHint', { today: page.today })}
                value={from}
                onValueChange={setFrom}
                dir="ltr"
                autoComplete="off"
                error={error?.field === 'effectiveFrom' ? t(error.key) : undefined}
              />
              {error && error.field === '' ? <Alert className={styles.error}>{t(error.key)}</Alert> : null}
              <Button type="submit" disabled={!online || saving}>
                {t('billing:checks.fee.save')}
              </Button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
