import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuildingRow, SupplierRow } from '../../db/schema';
import type { BudgetGroup } from '../../lib/domain/books';
import { budgetGroups } from '../../lib/domain/books';
import { FormDialog } from '../../ui/FormDialog';
import { PhoneInput } from '../../ui/PhoneInput';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useRuleForm } from '../../ui/useRuleForm';
import styles from '../../ui/fieldScreens.module.css';
import { addSupplier, updateSupplier } from './suppliersRepo';
import { Alert } from '../../ui/Alert';

type Props = {
  editing: SupplierRow | null;
  buildings: readonly BuildingRow[];
  defaultBuildingIds: number[];
  onClose(): void;
  onSaved(message: string): void;
  onFailed(): void;
};

/** Add or correct a supplier: name, field of work, phone, e-mail and the buildings it serves. */
export function SupplierForm({ editing, buildings, defaultBuildingIds, onClose, onSaved, onFailed }: Props) {
  const { t } = useTranslation(['books']);
  const [v, setV] = useState({
    name: editing?.name ?? '',
    domain: (editing?.domain ?? 'maintenance') as BudgetGroup,
    phone: editing?.phone ?? '',
    email: editing?.email ?? '',
  });
  const [buildingIds, setBuildingIds] = useState<number[]>(editing?.buildingIds ?? defaultBuildingIds);
  const { setFailure, busy, errorOf, errorBesides, save } = useRuleForm(onFailed);
  const set = (field: keyof typeof v) => (value: string) => {
    setV((old) => ({ ...old, [field]: value }));
    setFailure(null);
  };
  const other = errorBesides(['name', 'domain', 'phone', 'email']);
  return (
    <FormDialog
      open
      title={editing ? t('books:supplier.editTitle') : t('books:supplier.newTitle')}
      onClose={onClose}
      formId="supplier-form"
      formClassName={styles.form}
      submitLabel={t('books:supplier.save')}
      busy={busy}
      onSubmit={() =>
        void save(async () => {
          const input = { ...v, buildingIds };
          if (editing) await updateSupplier(editing.id, input);
          else await addSupplier(input);
          onSaved(t('books:supplier.saved'));
        })
      }
    >
      <TextField label={t('books:supplier.name')} value={v.name} onValueChange={set('name')} error={errorOf('name')} />
      <SelectField
        label={t('books:supplier.domain')}
        value={v.domain}
        onValueChange={set('domain')}
        options={budgetGroups.map((g) => ({ value: g, label: t(`books:groups.${g}`) }))}
      />
      <PhoneInput label={t('books:supplier.phone')} value={v.phone} onValueChange={set('phone')} error={errorOf('phone')} />
      <TextField label={t('books:supplier.email')} type="email" value={v.email} onValueChange={set('email')} error={errorOf('email')} />
      <fieldset className={styles.fieldset}>
        <legend>{t('books:supplier.buildings')}</legend>
        {buildings.map((b) => (
          <label key={b.id} className={styles.choice}>
            <input
              type="checkbox"
              checked={buildingIds.includes(b.id)}
              onChange={(e) => setBuildingIds((ids) => (e.target.checked ? [...ids, b.id] : ids.filter((x) => x !== b.id)))}
            />
            {b.name}
          </label>
        ))}
      </fieldset>
      {other ? <Alert className={styles.error}>{other}</Alert> : null}
    </FormDialog>
  );
}
