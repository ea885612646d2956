import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serviceCallDomains } from '../../../lib/domain/entities';
import type { ServiceCallDomain } from '../../../lib/domain/entities';
import type { TenantCallArea } from '../../../lib/domain/tenantCalls';
import type { RuleFailure } from '../../../lib/validation/rules';
import { RuleError } from '../../../lib/validation/rules';
import { Button } from '../../../ui/Button';
import { ErrorToast } from '../../../ui/ErrorToast';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { PhotoPicker } from '../PhotoPicker';
import { usePhotoPicker } from '../usePhotoPicker';
import { AlreadyReported } from './TenantCallsScreen';
import { reportFault } from './tenantCallsRepo';
import { useTenantCalls } from './useTenantCalls';
import styles from '../../../ui/conversation.module.css';
import { Alert } from '../../../ui/Alert';

/** Issue 31: a tenant reports a fault of their apartment or a common area, with photos; saved on the phone first (outbox), so it works offline. */
export function NewTenantReportScreen() {
  const { t } = useTranslation(['tenantCalls', 'serviceCalls', 'errors']);
  const navigate = useNavigate();
  const picker = usePhotoPicker();
  const { stored } = useTenantCalls();
  const [area, setArea] = useState<TenantCallArea | null>(null);
  const [domain, setDomain] = useState<ServiceCallDomain | ''>('');
  const [description, setDescription] = useState('');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`) : null);
  const neighbours = (stored?.records ?? []).filter((c) => c.area === 'common' && !c.mine && !c.following);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const id = await reportFault({ area, domain: domain === '' ? null : domain, description }, picker.photos);
      picker.clear();
      void navigate(`/my-reports/${id}`, { state: { saved: true } });
    } catch (error) {
      if (error instanceof RuleError) setFailure(error.failure);
      else setSaveFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const closeToast = useCallback(() => setSaveFailed(false), []);
  const areaError = errorOf('area');
  const descriptionError = errorOf('description');

  return (
    <section className={styles.screen} aria-labelledby="tenant-report-title">
      <h1 id="tenant-report-title" className={styles.heading}>
        {t('new')}
      </h1>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.choices} aria-describedby={areaError ? 'tenant-report-area-error' : undefined}>
          <legend className={styles.legend}>{t('whereLegend')}</legend>
          {(['apartment', 'common'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="area" value={value} checked={area === value} onChange={() => setArea(value)} />
              {t(`area.${value}`)}
            </label>
          ))}
          {areaError ? <Alert id="tenant-report-area-error">{areaError}</Alert> : null}
        </fieldset>
        {area === 'common' && neighbours.length > 0 ? <AlreadyReported calls={neighbours} /> : null}
        <SelectField
          label={t('domainLabel')}
          value={domain}
          onValueChange={(value) => setDomain(serviceCallDomains.find((d) => d === value) ?? '')}
          error={errorOf('domain')}
          options={[{ value: '', label: t('domainChoose') }, ...serviceCallDomains.map((d) => ({ value: d, label: t(`serviceCalls:domain.${d}`) }))]}
        />
        <Field label={t('descriptionLabel')} error={descriptionError} hint={t('descriptionHint')}>
          {(control) => (
            <textarea {...control} className={`${control.className} ${styles.textarea}`} value={description} onChange={(e) => setDescription(e.target.value)} />
          )}
        </Field>
        <PhotoPicker picker={picker} idPrefix="tenant-report" />
        <Button type="submit" block disabled={busy || picker.progress !== null}>
          {t('send')}
        </Button>
      </form>
      <ErrorToast open={saveFailed} summary={t('errors:errorSubmittingReport')} onClose={closeToast} />
    </section>
  );
}
