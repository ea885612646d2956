import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { israelToday } from '../../lib/domain/debtAge';
import { SelectField } from '../../ui/SelectField';
import styles from '../../ui/fieldScreens.module.css';
import { StatementDownload } from '../../session/StatementDownload';
import { statementYears } from '../../session/statements';

/** On the tenant's home: a year and its statement of the apartment as a PDF (last year's by default, the one a tenant asks for). */
export function YearlyStatement({ apartmentId, number }: { apartmentId: string; number: string }) {
  const { t } = useTranslation('statements');
  const years = statementYears(israelToday(new Date()));
  const [year, setYear] = useState(years[1] ?? years[0] ?? 2000);
  return (
    <section aria-labelledby={`statement-${apartmentId}`}>
      <h2 id={`statement-${apartmentId}`} className={styles.subheading}>
        {t('yearly.title')}
      </h2>
      <SelectField
        label={t('year')}
        value={String(year)}
        onValueChange={(v) => setYear(Number(v))}
        options={years.map((y) => ({ value: String(y), label: String(y) }))}
      />
      <div className={styles.actions}>
        <StatementDownload apartmentId={apartmentId} number={number} year={year} label={t('yearly.download', { year })} />
      </div>
    </section>
  );
}
