import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '../../db/schema';
import { Button } from '../../ui/Button';
import { PhoneInput } from '../../ui/PhoneInput';
import { TextField } from '../../ui/TextField';
import { addContact } from '../../directory/contactsRepo';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import styles from './CallForm.module.css';
import shared from './ServiceCalls.module.css';
import { Alert } from '../../ui/Alert';

type Props = { buildingId: number | null; onAdded(contact: ContactRow): void; onCancel(): void };

/** "Add a new reporter": a contact of the building, refused without a building or when already registered. */
export function NewReporterForm({ buildingId, onAdded, onCancel }: Props) {
  const { t } = useTranslation(['serviceCalls', 'errors']);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<{ field: string | null; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const errorFor = (field: string) => (error?.field === field ? error.text : null);

  const save = async () => {
    setSaving(true);
    try {
      const contact = await addContact({ buildingId, firstName, lastName, phone: phone || null });
      setError(null);
      onAdded(contact);
    } catch (e) {
      setError({ field: ruleFailureOf(e)?.field ?? null, text: t(errorKeyOf(e, 'errors:errorSaving')) });
    } finally {
      setSaving(false);
    }
  };
  const general = error && !['firstName', 'lastName', 'phone'].includes(error.field ?? '') ? error.text : null;

  return (
    <fieldset className={styles.subForm}>
      <legend className={styles.legend}>{t('serviceCalls:reporter.newTitle')}</legend>
      <TextField
        label={t('serviceCalls:reporter.firstName')}
        value={firstName}
        onValueChange={setFirstName}
        error={errorFor('firstName')}
        autoComplete="given-name"
      />
      <TextField
        label={t('serviceCalls:reporter.lastName')}
        value={lastName}
        onValueChange={setLastName}
        error={errorFor('lastName')}
        autoComplete="family-name"
      />
      <PhoneInput label={t('serviceCalls:reporter.phone')} value={phone} onValueChange={setPhone} error={errorFor('phone')} />
      {general ? <Alert className={shared.fieldError}>{general}</Alert> : null}
      <div className={shared.buttonRow}>
        <Button variant="secondary" onClick={onCancel}>
          {t('serviceCalls:reporter.cancelNew')}
        </Button>
        <Button onClick={() => void save()} disabled={saving}>
          {t('serviceCalls:reporter.saveNew')}
        </Button>
      </div>
    </fieldset>
  );
}
