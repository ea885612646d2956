import { useTranslation } from 'react-i18next';
import type { FilterOperator, FilterRule, SortRule } from '../../lib/filters';
import { filterOperators } from '../../lib/filters';
import { DateField } from '../../ui/DateField';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import styles from './Books.module.css';

type Props<F extends string> = {
  /** The fields a list may be filtered and sorted by, with their labels. */
  fields: readonly { value: F; label: string; type: 'text' | 'number' | 'date' }[];
  rule: FilterRule<F>;
  sort: SortRule<F>;
  onRule(rule: FilterRule<F>): void;
  onSort(sort: SortRule<F>): void;
};

/** One filter (the spec's nine operators) and one sort over a list, in the list's own fields. */
export function FilterBar<F extends string>({ fields, rule, sort, onRule, onSort }: Props<F>) {
  const { t } = useTranslation('books');
  const type = fields.find((f) => f.value === rule.field)?.type ?? 'text';
  const fieldOptions = fields.map((f) => ({ value: f.value, label: f.label }));
  return (
    <fieldset className={styles.filters}>
      <legend>{t('filters.legend')}</legend>
      <SelectField
        label={t('filters.field')}
        value={rule.field}
        onValueChange={(field) => onRule({ ...rule, field: field as F, value: '' })}
        options={fieldOptions}
      />
      <SelectField
        label={t('filters.operator')}
        value={rule.operator}
        onValueChange={(operator) => onRule({ ...rule, operator: operator as FilterOperator })}
        options={filterOperators.map((o) => ({ value: o, label: t(`filters.operators.${o}`) }))}
      />
      {type === 'date' ? (
        <DateField label={t('filters.value')} value={rule.value === null ? '' : String(rule.value)} onValueChange={(value) => onRule({ ...rule, value })} />
      ) : (
        <TextField
          label={t('filters.value')}
          inputMode={type === 'number' ? 'decimal' : undefined}
          value={rule.value === null ? '' : String(rule.value)}
          onValueChange={(value) =>
            onRule({ ...rule, value: type === 'number' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value })
          }
        />
      )}
      <SelectField label={t('filters.sortBy')} value={sort.field} onValueChange={(field) => onSort({ ...sort, field: field as F })} options={fieldOptions} />
      <SelectField
        label={t('filters.direction')}
        value={sort.direction}
        onValueChange={(direction) => onSort({ ...sort, direction: direction === 'asc' ? 'asc' : 'desc' })}
        options={[
          { value: 'asc', label: t('filters.asc') },
          { value: 'desc', label: t('filters.desc') },
        ]}
      />
    </fieldset>
  );
}
