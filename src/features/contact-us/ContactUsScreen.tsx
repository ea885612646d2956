import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import type { LeadInput } from '../../lib/validation/leadRules';
import { validateLead } from '../../lib/validation/leadRules';
import type { RuleFailure } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { PhoneInput } from '../../ui/PhoneInput';
import { TextField } from '../../ui/TextField';
import styles from './ContactUs.module.css';
import { Alert } from '../../ui/Alert';
import { sendLead } from './leadsRepo';

const empty: LeadInput = { fullName: '', phone: '', email: '', building: '', note: '' };

/** /contact-us (no sign-in): a prospective customer leaves their details; a representative calls back. */
export function ContactUsScreen() {
  const { t } = useTranslation(['contactUs', 'errors']);
  const { session } = useSession();
  const [lead, setLead] = useState<LeadInput>(empty);
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const set = (patch: Partial<LeadInput>) => setLead((l) => ({ ...l, ...patch }));
  const errorOf = (field: string) => (failure?.field === field ? t(`errors:${failure.messageKey}`, failure.params) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = validateLead(lead);
    setFailure(refused);
    setSendError(null);
    if (refused) return;
    setBusy(true);
    try {
      await sendLead(lead, session.compID);
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.field)
        setFailure({ field: error.field, messageKey: error.messageKey.replace(/^errors:/, '') as RuleFailure['messageKey'] });
      else
        setSendError(
          t(
            isApiError(error) && error.status === 429
              ? 'errors:tooManyRequests'
              : navigator.onLine
                ? errorKeyOf(error, 'errors:anErrorOccurred')
                : 'contactUs:offline',
          ),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('contactUs:title')}</h1>
        {sent ? (
          <p role="status">{t('contactUs:thanks')}</p>
        ) : (
          <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
            <p>{t('contactUs:intro')}</p>
            <TextField
              label={t('contactUs:fullName')}
              value={lead.fullName}
              onValueChange={(fullName) => set({ fullName })}
              error={errorOf('fullName')}
              autoComplete="name"
              required
            />
            <PhoneInput label={t('contactUs:phone')} value={lead.phone} onValueChange={(phone) => set({ phone })} error={errorOf('phone')} required />
            <TextField
              type="email"
              label={t('contactUs:email')}
              value={lead.email}
              onValueChange={(email) => set({ email })}
              error={errorOf('email')}
              autoComplete="email"
            />
            <TextField
              label={t('contactUs:building')}
              hint={t('contactUs:buildingHint')}
              value={lead.building}
              onValueChange={(building) => set({ building })}
              error={errorOf('building')}
              autoComplete="street-address"
              required
            />
            <Field label={t('contactUs:note')} error={errorOf('note')}>
              {(control) => <textarea {...control} value={lead.note} onChange={(e) => set({ note: e.target.value })} rows={3} />}
            </Field>
            {sendError ? <Alert className={styles.error}>{sendError}</Alert> : null}
            <Button type="submit" block disabled={busy} aria-busy={busy}>
              {busy ? t('contactUs:sending') : t('contactUs:send')}
            </Button>
          </form>
        )}
        <Link className={styles.link} to="/login">
          {t('contactUs:toLogin')}
        </Link>
      </div>
      <LanguageSwitch />
    </main>
  );
}
