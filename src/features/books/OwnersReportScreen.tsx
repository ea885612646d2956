import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildingPickerOptions, useAddressBuilding } from '../../directory/buildingPicker';
import { israelToday } from '../../lib/domain/debtAge';
import { useSession } from '../../session/sessionContext';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { AmountFacts } from './AmountFacts';
import { ScrollArea } from './ScrollArea';
import type { HalfYearReportView } from './statementsRepo';
import { halfYearReport, statementYears } from './statementsRepo';

/** /owners-report/:bid? — the half-yearly financial report a committee owes the owners: the book, the balance, open debts by age. */
export function OwnersReportScreen() {
  const { t } = useTranslation(['statements', 'errors']);
  const online = useOnline();
  const { session } = useSession();
  const today = israelToday(new Date());
  const thisHalf = Number(today.slice(5, 7)) <= 6 ? 1 : 2;
  // The last half that is over is what is due to the owners; the current one can be chosen too.
  const [choice, setChoice] = useState(thisHalf === 1 ? `${Number(today.slice(0, 4)) - 1}-2` : `${today.slice(0, 4)}-1`);
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/owners-report', session.bID);
  const [year, half] = choice.split('-').map(Number);
  const { rows, error } = useOnlineList<HalfYearReportView>(buildingId === null ? null : `${buildingId}:${choice}`, online, async () => [
    await halfYearReport(buildingId ?? 0, year ?? 0, half === 2 ? 2 : 1),
  ]);
  const report = rows?.[0] ?? null;
  const buildingOptions = buildingPickerOptions(buildings ?? [], buildingId, report?.building ?? null, t('statements:chooseBuilding'));
  const halves = statementYears(today)
    .flatMap((y) => [2, 1].map((h) => ({ y, h })))
    .filter(({ y, h }) => `${y}-${h}` <= `${today.slice(0, 4)}-${thisHalf}`);

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('statements:report.title')}</h2>
      <div className={`${styles.form} ${own.noPrint}`}>
        {/* A committee of one building has nothing to choose. */}
        {buildingOptions.filter((o) => o.value !== '').length > 1 ? (
          <SelectField
            label={t('statements:building')}
            value={buildingId === null ? '' : String(buildingId)}
            onValueChange={choose}
            options={buildingOptions}
          />
        ) : null}
        <SelectField
          label={t('statements:half')}
          value={choice}
          onValueChange={setChoice}
          options={halves.map(({ y, h }) => ({ value: `${y}-${h}`, label: t('statements:halfOf', { year: y, half: t(`statements:halves.${h}`) }) }))}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => window.print()}>
            {t('statements:print')}
          </Button>
        </div>
      </div>
      {buildingId === null ? null : !online ? (
        <EmptyState message={t('statements:needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : !report ? (
        <Spinner />
      ) : (
        <Report report={report} />
      )}
    </div>
  );
}

function Report({ report: r }: { report: HalfYearReportView }) {
  const { t } = useTranslation(['statements', 'books']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const period = t('statements:halfOf', { year: r.year, half: t(`statements:halves.${r.half}`) });
  return (
    <article aria-labelledby="owners-report" className={styles.form}>
      <h3 id="owners-report" className={styles.heading}>
        {t('statements:report.heading', { name: r.building.name, period })}
      </h3>
      <p className={styles.muted}>{`${r.building.address}, ${r.building.city}`}</p>
      <AmountFacts
        facts={[
          { label: t('statements:report.opening'), agorot: r.openingBalanceAgorot },
          { label: t('statements:report.income'), agorot: r.incomeAgorot },
          { label: t('statements:report.expenses'), agorot: r.expensesAgorot },
          { label: t('statements:report.closing'), agorot: r.closingBalanceAgorot },
        ]}
      />

      <h4 className={styles.heading}>{t('statements:report.book')}</h4>
      {r.book.length === 0 ? (
        <p className={styles.muted}>{t('statements:report.noMovements')}</p>
      ) : (
        <ScrollArea label={t('statements:report.book')}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('statements:report.book')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statements:report.columns.date')}</th>
                <th scope="col">{t('statements:report.columns.kind')}</th>
                <th scope="col">{t('statements:report.columns.description')}</th>
                <th scope="col">{t('statements:columns.apartment')}</th>
                <th scope="col">{t('statements:report.income')}</th>
                <th scope="col">{t('statements:report.expenses')}</th>
              </tr>
            </thead>
            <tbody>
              {r.book.map((l) => (
                <tr key={l.id}>
                  <td>{f.date(l.date)}</td>
                  <td>{t(`books:kinds.${l.kind}`, { defaultValue: l.kind })}</td>
                  <td>{ledgerText(l)}</td>
                  <td>{l.apartment ?? ''}</td>
                  <td className={own.numeric}>{l.incomeAgorot ? f.agorot(l.incomeAgorot) : ''}</td>
                  <td className={own.numeric}>{l.expenseAgorot ? f.agorot(l.expenseAgorot) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}

      {r.expensesByGroup.length > 0 ? (
        <>
          <h4 className={styles.heading}>{t('statements:report.byGroup')}</h4>
          <dl className={styles.facts}>
            {r.expensesByGroup.map((g) => (
              <div key={g.group}>
                <dt>{t(`books:groups.${g.group}`, { defaultValue: g.group })}</dt>
                <dd className={own.amount}>{f.agorot(g.amountAgorot)}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      <h4 className={styles.heading}>{t('statements:report.debts', { date: f.date(r.asOf) })}</h4>
      {r.debts.length === 0 ? (
        <p className={styles.muted}>{t('statements:report.noDebts')}</p>
      ) : (
        <ScrollArea label={t('statements:report.debts', { date: f.date(r.asOf) })}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t('statements:report.debts', { date: f.date(r.asOf) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statements:columns.apartment')}</th>
                <th scope="col">{t('statements:ages.pastDue')}</th>
                <th scope="col">{t('statements:ages.current')}</th>
                <th scope="col">{t('statements:ages.coming')}</th>
                <th scope="col">{t('statements:total')}</th>
              </tr>
            </thead>
            <tbody>
              {r.debts.map((d) => (
                <tr key={d.apartmentId}>
                  <th scope="row">{d.number}</th>
                  <td className={own.numeric}>{f.agorot(d.pastDue)}</td>
                  <td className={own.numeric}>{f.agorot(d.current)}</td>
                  <td className={own.numeric}>{f.agorot(d.coming)}</td>
                  <td className={own.numeric}>{f.agorot(d.totalAgorot)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('statements:total')}</th>
                <td className={own.numeric}>{f.agorot(r.debtTotals.pastDue)}</td>
                <td className={own.numeric}>{f.agorot(r.debtTotals.current)}</td>
                <td className={own.numeric}>{f.agorot(r.debtTotals.coming)}</td>
                <td className={own.numeric}>{f.agorot(r.debtTotals.totalAgorot)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollArea>
      )}
    </article>
  );
}
