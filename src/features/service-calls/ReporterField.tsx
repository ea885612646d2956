import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from '../../db/schema';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { NewReporterForm } from './NewReporterForm';
import { useBuildingContacts } from './useServiceCalls';
import styles from './CallForm.module.css';

export type Reporter = { contactId: string | null; name: string };

type Props = { buildingId: number | null; value: Reporter; onChange(value: Reporter): void };

/** Pick a contact of the building as the reporter, or add a new one. */
export function ReporterField({ buildingId, value, onChange }: Props) {
  const { t } = useTranslation('serviceCalls');
  const contacts = useBuildingContacts(buildingId);
  const [adding, setAdding] = useState(false);
  const pick = (id: string) => {
    const contact = contacts.find((c) => c.id === id);
    onChange(contact ? { contactId: contact.id, name: contact.fullName } : { contactId: null, name: '' });
  };
  const added = (contact: ContactRow) => {
    setAdding(false);
    onChange({ contactId: contact.id, name: contact.fullName });
  };
  return (
    <div className={styles.reporter}>
      <SelectField
        label={t('field.reporter')}
        value={value.contactId ?? ''}
        onValueChange={pick}
        hint={buildingId === null ? t('reporter.chooseBuildingFirst') : contacts.length === 0 ? t('reporter.noContacts') : undefined}
      >
        <option value="">{t('reporter.choose')}</option>
        {contacts.map((c) => (
          <option key={c.id} value={c.id}>
            {c.phone ? t('reporter.option', { name: c.fullName, phone: c.phone }) : c.fullName}
          </option>
        ))}
      </SelectField>
      {adding ? (
        <NewReporterForm buildingId={buildingId} onAdded={added} onCancel={() => setAdding(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('reporter.add')}
        </Button>
      )}
    </div>
  );
}
