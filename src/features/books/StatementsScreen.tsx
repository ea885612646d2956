import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buildingPickerOptions, useAddressBuilding } from '../../directory/buildingPicker';
import { israelToday } from '../../lib/domain/debtAge';
import { errorKeyOf } from '../../session/errorKey';
import { useSession } from '../../session/sessionContext';
import { useOnlineList } from '../../session/useOnlineList';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { ExportButtons } from './ExportButtons';
import type { Table } from './reports';
import { ScrollArea } from './ScrollArea';
import { StatementDownload } from '../../session/StatementDownload';
import type { BuildingStatementView } from './statementsRepo';
import { buildingStatement, downloadLedgerExport, statementYears } from './statementsRepo';
import { Alert } from '../../ui/Alert';

const columns = ['openingAgorot', 'chargedAgorot', 'paidAgorot', 'refundedAgorot', 'bouncedAgorot', 'creditedAgorot', 'closingAgorot'] as const;

/** /statements/:bid? — the office's statements of a building: the year per apartment (CSV, Excel, each apartment's PDF) and the accountant's month. */
export function StatementsScreen() {
  const { t } = useTranslation(['statements', 'errors']);
  const online = useOnline();
  const { session } = useSession();
  const today = israelToday(new Date());
  const { buildingId, kept: buildings, choose } = useAddressBuilding('/statements', session.bID);
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const { rows, error } = useOnlineList<BuildingStatementView>(buildingId === null ? null : `${buildingId}:${year}`, online, async () => [
    await buildingStatement(buildingId ?? 0, year),
  ]);
  const statement = rows?.[0] ?? null;

  return (
    <div className={styles.screen}>
      <h2 className={styles.heading}>{t('statements:title')}</h2>
      <div className={`${styles.form} ${own.noPrint}`}>
        <SelectField
          label={t('statements:building')}
          value={buildingId === null ? '' : String(buildingId)}
          onValueChange={choose}
          options={buildingPickerOptions(buildings ?? [], buildingId, statement?.building ?? null, t('statements:chooseBuilding'))}
        />
        <SelectField
          label={t('statements:year')}
          value={String(year)}
          onValueChange={(v) => setYear(Number(v))}
          options={statementYears(today).map((y) => ({ value: String(y), label: String(y) }))}
        />
        {buildingId !== null ? (
          <Link className={styles.link} to={`/owners-report/${buildingId}`}>
            {t('statements:report.link')}
          </Link>
        ) : null}
      </div>
      {buildingId === null ? null : !online ? (
        <EmptyState message={t('statements:needsConnection')} />
      ) : error ? (
        <EmptyState message={t(error)} />
      ) : !statement ? (
        <Spinner />
      ) : (
        <>
          <YearTable buildingId={buildingId} statement={statement} />
          <MonthExport buildingId={buildingId} thisMonth={today.slice(0, 7)} />
        </>
      )}
    </div>
  );
}

function YearTable({ buildingId, statement }: { buildingId: number; statement: BuildingStatementView }) {
  const { t } = useTranslation(['statements', 'errors']);
  const f = useFormats();
  const [failed, setFailed] = useState<string | null>(null);
  const year = statement.year;
  const header = [t('statements:columns.apartment'), ...columns.map((c) => t(`statements:columns.${c}`))];
  const table = (): Table => ({
    header,
    rows: statement.rows.map((r) => [r.number, ...columns.map((c) => ({ agorot: r[c] }))]),
    total: [t('statements:total'), ...columns.map((c) => ({ agorot: statement.totals[c] }))],
  });
  const caption = t('statements:yearly.heading', { year });
  return (
    <section aria-labelledby="year-statement" className={styles.form}>
      <h3 id="year-statement" className={styles.heading}>
        {caption}
      </h3>
      <div className={own.noPrint}>
        <ExportButtons fileName={`statement-${buildingId}-${year}`} sheet={String(year)} table={table} onFailed={setFailed} />
        {failed ? <Alert className={styles.error}>{t(failed)}</Alert> : null}
      </div>
      {statement.rows.length === 0 ? (
        <EmptyState message={t('statements:yearly.none')} />
      ) : (
        <ScrollArea label={caption}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{caption}</caption>
            <thead>
              <tr>
                {header.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
                <th scope="col" className={own.noPrint}>
                  {t('statements:columns.pdf')}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.rows.map((r) => (
                <tr key={r.apartmentId}>
                  <th scope="row">{r.number}</th>
                  {columns.map((c) => (
                    <td key={c} className={own.numeric}>
                      {f.agorot(r[c])}
                    </td>
                  ))}
                  <td className={own.noPrint}>
                    <StatementDownload
                      apartmentId={r.apartmentId}
                      number={r.number}
                      year={year}
                      label={t('statements:yearly.downloadOf', { year, number: r.number })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('statements:total')}</th>
                {columns.map((c) => (
                  <td key={c} className={own.numeric}>
                    {f.agorot(statement.totals[c])}
                  </td>
                ))}
                <td className={own.noPrint} />
              </tr>
            </tfoot>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}

/** This month and the 23 before it, the latest first (yyyy-mm). */
function recentMonths(thisMonth: string): string[] {
  const [y, m] = thisMonth.split('-').map(Number);
  return Array.from({ length: 24 }, (_, i) => {
    const index = (y ?? 2000) * 12 + (m ?? 1) - 1 - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

function MonthExport({ buildingId, thisMonth }: { buildingId: number; thisMonth: string }) {
  const { t } = useTranslation(['statements', 'errors']);
  const online = useOnline();
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const f = useFormats();
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadLedgerExport(buildingId, month);
    } catch (e) {
      setError(errorKeyOf(e, 'errors:errorReceiving'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="month-export" className={`${styles.form} ${own.noPrint}`}>
      <h3 id="month-export" className={styles.heading}>
        {t('statements:month.heading')}
      </h3>
      <p className={styles.muted}>{t('statements:month.hint')}</p>
      <SelectField
        label={t('statements:month.label')}
        value={month}
        onValueChange={setMonth}
        options={recentMonths(thisMonth).map((m) => ({
          value: m,
          label: `${f.monthName(new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 15))} ${m.slice(0, 4)}`,
        }))}
      />
      <div className={styles.actions}>
        <Button onClick={() => void download()} disabled={!online || busy} aria-busy={busy}>
          {t('statements:month.download')}
        </Button>
      </div>
      {error ? <Alert className={styles.error}>{t(error)}</Alert> : null}
    </section>
  );
}
