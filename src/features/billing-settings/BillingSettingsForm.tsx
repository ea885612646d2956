import { useState } from 'react';
import { receiptIssuerKinds } from '../../lib/domain/receiptIssuer';
import { useTranslation } from 'react-i18next';
import { newId } from '../../db/mutate';
import { isApiError } from '../../api/errors';
import { toLocalDateString } from '../../lib/dates';
import type { BillingSettingsDraft } from '../../lib/domain/billingSettingsRules';
import { draftOfSettings, settingsOfDraft, vatModes } from '../../lib/domain/billingSettingsRules';
import type { MessageParams } from '../../lib/validation/rules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { vatRateOn } from '../../lib/vat';
import { errorKeyOf } from '../../session/errorKey';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useFormats } from '../../ui/useFormats';
import styles from '../../ui/fieldScreens.module.css';
import type { BillingSettingsRecord } from './billingSettingsRepo';
import { conflictingSettings, saveBillingSettings } from './billingSettingsRepo';
import { FeeExample } from './FeeExample';
import { Alert } from '../../ui/Alert';

type FormError = { field: string; key: string; params?: MessageParams };

const numberFields = [
  { field: 'fixedAgorot', unit: 'nis' },
  { field: 'percentBasisPoints', unit: 'percent' },
  { field: 'foreignCardFixedAgorot', unit: 'nis' },
  { field: 'dinersAmexPercentBasisPoints', unit: 'percent' },
] as const;

/** The settings of one building as typed; what was typed stays on any error, and offline nothing is sent. */
export function BillingSettingsForm({ initial, online }: { initial: BillingSettingsRecord; online: boolean }) {
  const { t } = useTranslation(['billing', 'errors']);
  const f = useFormats();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState<BillingSettingsDraft>(() => draftOfSettings(initial));
  const [error, setError] = useState<FormError | null>(null);
  const [conflict, setConflict] = useState<BillingSettingsRecord | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per intended save: a retry after a lost answer is the same save, not a conflict.
  const [saveKey, setSaveKey] = useState(newId);
  const vatBasisPoints = vatRateOn(toLocalDateString(new Date()));
  const example = settingsOfDraft(draft).settings;

  function change(next: Partial<BillingSettingsDraft>) {
    setDraft((d) => ({ ...d, ...next }));
    setSaveKey(newId());
    setNotice(null);
    if (error && Object.keys(next).includes(error.field)) setError(null);
  }

  async function save() {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const saved = await saveBillingSettings(base.buildingId, base.version, draft, saveKey);
      setBase(saved);
      setDraft(draftOfSettings(saved));
      setConflict(null);
      setSaveKey(newId());
      setNotice(t('billing:saved'));
    } catch (e) {
      const refused = ruleFailureOf(e);
      const field = refused?.field ?? (isApiError(e) ? e.field : undefined) ?? 'form';
      setConflict(conflictingSettings(e));
      setError({ field, key: errorKeyOf(e, 'errors:errorSaving'), ...(refused?.params ? { params: refused.params } : {}) });
    } finally {
      setBusy(false);
    }
  }

  function takeCurrent(current: BillingSettingsRecord) {
    setBase(current);
    setDraft(draftOfSettings(current));
    setConflict(null);
    setError(null);
    setSaveKey(newId());
  }

  const fieldError = (field: string) => (error?.field === field ? t(error.key, error.params ?? {}) : null);
  const shown: readonly string[] = numberFields.map((n) => n.field);
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('billing:formTitle')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className={styles.choice}>
        <input type="checkbox" checked={draft.cardPayments} onChange={(e) => change({ cardPayments: e.target.checked })} />
        <span>{t('billing:cardPayments')}</span>
      </label>
      <label className={styles.choice}>
        <input type="checkbox" checked={draft.refuseRoomsWithDebt} onChange={(e) => change({ refuseRoomsWithDebt: e.target.checked })} />
        <span>{t('billing:refuseRoomsWithDebt')}</span>
      </label>
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:receiptIssuer.legend')}</legend>
        {receiptIssuerKinds.map((kind) => (
          <label key={kind} className={styles.choice}>
            <input
              type="radio"
              name="receiptIssuer"
              value={kind}
              checked={(draft.receiptIssuer ?? 'company') === kind}
              onChange={() => change({ receiptIssuer: kind })}
            />
            <span>{t(`billing:receiptIssuer.${kind}`)}</span>
          </label>
        ))}
        <p className={styles.muted}>{t('billing:receiptIssuer.hint')}</p>
      </fieldset>
      {numberFields.map(({ field, unit }) => (
        <TextField
          key={field}
          label={t(`billing:fields.${field}`)}
          hint={t(`billing:hints.${unit}`)}
          value={draft[field]}
          onValueChange={(v) => change({ [field]: v })}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          error={fieldError(field)}
        />
      ))}
      <fieldset className={styles.fieldset}>
        <legend>{t('billing:fields.vat')}</legend>
        {vatModes.map((mode) => (
          <label key={mode} className={styles.choice}>
            <input type="radio" name="vat" value={mode} checked={draft.vat === mode} onChange={() => change({ vat: mode })} />
            <span>{t(`billing:vat.${mode}`)}</span>
          </label>
        ))}
        <span className={styles.muted}>{t('billing:hints.premiumVat')}</span>
      </fieldset>
      <FeeExample settings={example} vatBasisPoints={vatBasisPoints} />
      {error && !shown.includes(error.field) ? <Alert className={styles.error}>{t(error.key, error.params ?? {})}</Alert> : null}
      {conflict ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => takeCurrent(conflict)}>
            {t('billing:takeCurrent')}
          </Button>
        </div>
      ) : null}
      {online ? null : <p className={styles.muted}>{t('billing:saveNeedsConnection')}</p>}
      <Button type="submit" block disabled={busy || !online} aria-busy={busy}>
        {t('billing:save')}
      </Button>
      {notice ? (
        <p className={styles.muted} role="status">
          {notice}
        </p>
      ) : null}
      {base.updatedAt ? <p className={styles.muted}>{t('billing:updatedAt', { date: f.dateTime(base.updatedAt) })}</p> : null}
    </form>
  );
}
