import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pullApartments } from '../../directory/apartmentsRepo';
import { pullBuildings } from '../../directory/buildingsRepo';
import { pullContacts } from '../../directory/contactsRepo';
import { creditableAgorot, creditedOf } from '../../lib/domain/creditRules';
import { useSession } from '../../session/sessionContext';
import { useCan } from '../../session/useCan';
import { useServerRefresh } from '../../session/useServerRefresh';
import { Button } from '../../ui/Button';
import { ContactIconGroup } from '../../ui/ContactIconGroup';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useFormats } from '../../ui/useFormats';
import { useLedgerText } from '../../ui/useLedgerText';
import { useResult } from '../../ui/useResult';
import styles from '../../ui/fieldScreens.module.css';
import own from './Books.module.css';
import { AmountFacts } from './AmountFacts';
import type { AccountLine } from './booksQueries';
import { buildingAccounts, contactReport, defaultBuildingId } from './booksQueries';
import { CreditDialog } from './CreditDialog';
import { pullBooks, pullContactReport } from './booksRepo';
import { ExportButtons } from './ExportButtons';
import type { Table } from './reports';
import { ScrollArea } from './ScrollArea';
import { buildingsPath } from '../../lib/appPaths';

/** /financial-report/:contactId? — a contact's charges and payments, or (no id) every contact of the current building. */
export function FinancialReportScreen() {
  const contactId = useParams().contactId;
  return contactId ? <ContactReportView contactId={contactId} /> : <BuildingReportView />;
}

function Totals({ account }: { account: AccountLine }) {
  const { t } = useTranslation('books');
  return (
    <AmountFacts
      facts={[
        { label: t('report.charged'), agorot: account.charged },
        { label: t('report.paid'), agorot: account.paid },
        { label: t('report.balance'), agorot: account.balance, over: account.balance > 0 },
      ]}
    />
  );
}

function ContactReportView({ contactId }: { contactId: string }) {
  const { t } = useTranslation(['books']);
  const f = useFormats();
  const ledgerText = useLedgerText();
  const report = useLiveQuery(() => contactReport(contactId), [contactId]);
  const refresh = useServerRefresh(`financial-report:${contactId}`, (api) => pullContactReport(api, contactId));
  const result = useResult();
  const can = useCan();
  const [crediting, setCrediting] = useState<{ id: string; amountAgorot: number; text: string } | null>(null);
  const [credited, setCredited] = useState<string | null>(null);
  if (report === undefined) return <Spinner />;
  if (report === null) {
    if (refresh.state === 'loading') return <Spinner />;
    return (
      <EmptyState
        title={t('books:report.missingTitle')}
        message={t('books:report.missing')}
        action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>}
      />
    );
  }
  const { contact, building, apartment, rows, account } = report;

  const table = (): Table => ({
    header: [t('books:expense.date'), t('books:entry.kind'), t('books:expense.description'), t('books:report.charged'), t('books:report.paid')],
    rows: rows.map((e) => [
      e.date,
      t(`books:kinds.${e.kind}`),
      ledgerText(e),
      e.kind === 'charge' ? { agorot: e.amountAgorot } : e.kind === 'credit' ? { agorot: -e.amountAgorot } : null,
      e.kind === 'payment' ? { agorot: e.amountAgorot } : e.kind === 'refund' || e.kind === 'bounce' ? { agorot: -e.amountAgorot } : null,
    ]),
    total: [t('books:budget.total'), null, null, { agorot: account.charged }, { agorot: account.paid }],
  });

  return (
    <div className={styles.screen}>
      <section className={styles.summary} aria-labelledby="report-contact">
        <div>
          <h2 id="report-contact" className={styles.heading}>
            {contact.fullName}
          </h2>
          <p className={styles.muted}>
            {building?.name ?? ''}
            {apartment ? ` · ${t('books:report.apartment', { number: apartment.number })}` : ''}
          </p>
        </div>
        <ContactIconGroup name={contact.fullName} email={contact.email} phone={contact.phone} />
        <Link className={`${styles.link} ${own.noPrint}`} to="/financial-report">
          {t('books:report.allContacts')}
        </Link>
      </section>
      <section aria-labelledby="report-lines" className={styles.form}>
        <h2 id="report-lines" className={styles.heading}>
          {t('books:report.lines')}
        </h2>
        <Totals account={account} />
        <ExportButtons fileName={`report-${contact.id}`} sheet={contact.fullName} table={table} onFailed={result.fail} />
        {rows.length === 0 ? <EmptyState message={t('books:report.noLines')} /> : null}
        {rows.length > 0 ? (
          <ScrollArea label={t('books:report.lines')}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>{t('books:report.lines')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('books:expense.date')}</th>
                  <th scope="col">{t('books:expense.description')}</th>
                  <th scope="col">{t('books:report.charged')}</th>
                  <th scope="col">{t('books:report.paid')}</th>
                  {can('charges.credit') ? (
                    <th scope="col" className={own.noPrint}>
                      <span className={styles.visuallyHidden}>{t('books:credit.column')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id}>
                    <td>{f.date(e.date)}</td>
                    <td>{e.kind === 'credit' ? t('books:credit.row', { reason: ledgerText(e), by: e.createdBy ?? '' }) : ledgerText(e)}</td>
                    <td className={own.numeric}>{e.kind === 'charge' ? f.agorot(e.amountAgorot) : e.kind === 'credit' ? f.agorot(-e.amountAgorot) : ''}</td>
                    <td className={own.numeric}>
                      {e.kind === 'payment' ? f.agorot(e.amountAgorot) : e.kind === 'refund' || e.kind === 'bounce' ? f.agorot(-e.amountAgorot) : ''}
                    </td>
                    {can('charges.credit') ? (
                      <td className={own.noPrint}>
                        {e.kind === 'charge' && creditableAgorot(e.amountAgorot, creditedOf(rows, e.id)) > 0 ? (
                          <Button
                            variant="secondary"
                            aria-label={t('books:credit.open', { charge: ledgerText(e), date: f.date(e.date) })}
                            onClick={() => setCrediting({ id: e.id, amountAgorot: e.amountAgorot, text: ledgerText(e) })}
                          >
                            {t('books:credit.button')}
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ) : null}
        {credited ? (
          <p className={styles.muted} role="status">
            {credited}
          </p>
        ) : null}
      </section>
      {crediting ? (
        <CreditDialog
          charge={crediting}
          creditedAgorot={creditedOf(rows, crediting.id)}
          onClose={() => setCrediting(null)}
          onCredited={(amount) => {
            setCredited(t('books:credit.done', { amount: f.agorot(amount), charge: crediting.text }));
            setCrediting(null);
            refresh.retry();
          }}
        />
      ) : null}
    </div>
  );
}

function BuildingReportView() {
  const { t } = useTranslation(['books']);
  const { session } = useSession();
  const chosen = useLiveQuery(() => defaultBuildingId(session.bID), [session.bID]);
  const bid = chosen ?? 0;
  const valid = bid > 0;
  const data = useLiveQuery(() => (valid ? buildingAccounts(bid) : null), [bid, valid]);
  const refresh = useServerRefresh(valid ? `financial-report-building:${bid}` : null, async (api) => {
    await pullBuildings(api);
    await Promise.all([pullApartments(api, bid), pullContacts(api, bid), pullBooks(api, bid)]);
  });
  const result = useResult();
  if (chosen === undefined) return <Spinner />;
  if (!valid)
    return (
      <EmptyState
        title={t('books:noBuilding.title')}
        message={t('books:noBuilding.message')}
        action={
          <Link className={styles.link} to={buildingsPath}>
            {t('books:noBuilding.choose')}
          </Link>
        }
      />
    );
  if (!data) return <Spinner />;

  const lines = data.lines;
  const total = data.total;
  const table = (): Table => ({
    header: [t('books:report.contact'), t('books:report.apartmentColumn'), t('books:report.charged'), t('books:report.paid'), t('books:report.balance')],
    rows: lines.map((l) => [l.contact.fullName, l.apartmentNumber, { agorot: l.charged }, { agorot: l.paid }, { agorot: l.balance }]),
    total: [t('books:budget.total'), null, { agorot: total.charged }, { agorot: total.paid }, { agorot: total.balance }],
  });

  return (
    <div className={styles.screen}>
      <section aria-labelledby="report-building" className={styles.form}>
        <h2 id="report-building" className={styles.heading}>
          {t('books:report.buildingTitle', { name: data.building?.name ?? '' })}
        </h2>
        <Totals account={data.total} />
        <ExportButtons fileName={`report-${bid}`} sheet={data.building?.name ?? String(bid)} table={table} onFailed={result.fail} />
        {refresh.state === 'loading' && data.lines.length === 0 ? <Spinner /> : null}
        {refresh.state === 'failed' && data.lines.length === 0 ? (
          <EmptyState message={t('books:loadFailed')} action={<Button onClick={refresh.retry}>{t('books:retry')}</Button>} />
        ) : null}
        {refresh.state === 'done' && data.lines.length === 0 ? <EmptyState message={t('books:report.noLines')} /> : null}
        <ul className={styles.list}>
          {data.lines.map((l) => (
            <li key={l.contact.id} className={styles.card}>
              <div className={styles.cardHeader}>
                <h3 className={styles.cardTitle}>
                  <Link className={styles.link} to={`/financial-report/${encodeURIComponent(l.contact.id)}`}>
                    {l.contact.fullName}
                  </Link>
                </h3>
                {l.apartmentNumber ? <span className={styles.muted}>{t('books:report.apartment', { number: l.apartmentNumber })}</span> : null}
              </div>
              <Totals account={l} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
