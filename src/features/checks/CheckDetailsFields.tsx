import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/DateField';
import { TextField } from '../../ui/TextField';
import styles from './Checks.module.css';

export type DetailsDraft = { amount: string; depositDate: string; bank: string; branch: string; account: string; checkNumber: string };

type Props = { value: DetailsDraft; onChange(next: DetailsDraft): void; moreOpen?: boolean };

/** Amount and deposit date up front; bank, branch, account and check numbers under "more details". */
export function CheckDetailsFields({ value, onChange, moreOpen = false }: Props) {
  const { t } = useTranslation('checks');
  const set = (field: keyof DetailsDraft) => (v: string) => onChange({ ...value, [field]: v });
  const digits = (field: keyof DetailsDraft) => (v: string) => onChange({ ...value, [field]: v.replace(/\D+/g, '') });
  return (
    <div className={styles.form}>
      <TextField label={t('check.amount')} value={value.amount} onValueChange={set('amount')} inputMode="decimal" autoComplete="off" required />
      <DateField label={t('check.depositDate')} value={value.depositDate} onValueChange={set('depositDate')} required />
      <details className={styles.details} open={moreOpen}>
        <summary>{t('check.moreDetails')}</summary>
        <div className={styles.form}>
          <TextField label={t('check.bank')} value={value.bank} onValueChange={digits('bank')} inputMode="numeric" />
          <TextField label={t('check.branch')} value={value.branch} onValueChange={digits('branch')} inputMode="numeric" />
          <TextField label={t('check.account')} value={value.account} onValueChange={digits('account')} inputMode="numeric" />
          <TextField label={t('check.number')} value={value.checkNumber} onValueChange={digits('checkNumber')} inputMode="numeric" />
        </div>
      </details>
    </div>
  );
}
