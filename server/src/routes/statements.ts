// Statements of the one ledger (issue 29 item 7), computed by src/lib/domain/statements.ts:
//  - an apartment's yearly statement as a PDF in the reader's language, for the apartment's tenants and the
//    building's office (the file is authorised through the apartment it belongs to);
//  - a building's year per apartment (JSON; the screen exports it to CSV and Excel) for the office;
//  - the half-yearly report the committee owes the owners, for the building's owners and its office;
//  - the accountant's monthly export of the ledger (CSV, one row per movement) for the office.
// All read only; none is kept on the device (they need the connection).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toCsv } from '../../../src/lib/csv.ts';
import { israelToday } from '../../../src/lib/domain/debtAge.ts';
import type { ExportEntry } from '../../../src/lib/domain/statements.ts';
import {
  apartmentStatement,
  buildingStatement,
  halfYearOf,
  halfYearReport,
  ledgerExportHeader,
  ledgerExportRows,
  yearOf,
} from '../../../src/lib/domain/statements.ts';
import type { Apartment, Building } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import { expenses } from '../data/books.ts';
import { apartments } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import { payments } from '../data/payments.ts';
import { loadBuilding, loadOwned } from '../http/access.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { mayDo } from '../http/rights.ts';
import { parse } from '../http/validate.ts';
import { tenantHomes } from '../money/tenantAccount.ts';
import { receiptLanguageOf } from '../payments/receiptTexts.ts';
import { statementPdf } from '../statements/statementPdf.ts';
import { buildingParams, idParams, paramsOf } from '../http/params.ts';

const year = z.coerce.number().int().min(2000).max(2100);
const yearQuery = z.object({ year, lang: z.string().optional() });
const halfQuery = z.object({ year, half: z.enum(['1', '2']).transform((h): 1 | 2 => (h === '1' ? 1 : 2)) });
const monthQuery = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidDate') });

const byNumber = (a: Apartment, b: Apartment) => a.number.localeCompare(b.number, 'he', { numeric: true });

export function statementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const today = () => israelToday(new Date(ctx.nowIso()));
  const unitsOf = async (buildingId: number) => (await apartments.list(db, { buildingId }, { orderBy: 'id' })).sort(byNumber);

  /** The apartment, when the caller is its tenant or the office of its building; any other is not found. */
  const visibleApartment = async (req: FastifyRequest, id: string): Promise<{ apartment: Apartment; building: Building }> => {
    if (mayDo(req, 'books.read')) {
      const apartment = await loadOwned(db, req, apartments, id);
      return { apartment, building: await loadBuilding(db, req, apartment.buildingId) };
    }
    const home = (await tenantHomes(db, req)).find((h) => h.apartment.id === id);
    if (!home) throw fail.notFound();
    return home;
  };

  app.get('/api/binyan/apartments/:id/statement.pdf', { config: { right: 'statements.read' } }, async (req, reply) => {
    const q = parse(yearQuery, req.query);
    const { apartment, building } = await visibleApartment(req, paramsOf(idParams, req).id);
    const entries = await ledger.ofApartment(db, authOf(req).companyId, apartment.id);
    const madeOn = today();
    const pdf = await statementPdf(
      {
        year: q.year,
        statement: apartmentStatement(entries, apartment.id, yearOf(q.year)),
        apartment: { number: apartment.number, address: building.address, city: building.city },
        madeOn,
        madeAt: new Date(`${madeOn}T00:00:00Z`),
      },
      receiptLanguageOf(q.lang),
    );
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="statement-${q.year}-${encodeURIComponent(apartment.number)}.pdf"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });

  app.get('/api/binyan/buildings/:bid/statement', { config: { right: 'books.read' } }, async (req, reply) => {
    const q = parse(yearQuery, req.query);
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const entries = await ledger.ofBuilding(db, authOf(req).companyId, b.id, { to: yearOf(q.year).to });
    const statement = buildingStatement(entries, await unitsOf(b.id), yearOf(q.year));
    return reply.header('Cache-Control', 'private, no-store').send({ year: q.year, buildingId: b.id, building: { id: b.id, name: b.name }, ...statement });
  });

  app.get('/api/binyan/buildings/:bid/half-year-report', { config: { right: 'ownersReport.read' } }, async (req, reply) => {
    const q = parse(halfQuery, req.query);
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    // An owner reads the report of a building they own an apartment in; the office any of its buildings.
    if (!mayDo(req, 'books.read') && !(await tenantHomes(db, req)).some((h) => h.building.id === b.id && h.contact.role === 'owner')) throw fail.notFound();
    const range = halfYearOf(q.year, q.half);
    const entries = await ledger.ofBuilding(db, authOf(req).companyId, b.id, { to: range.to });
    const units = await unitsOf(b.id);
    const report = halfYearReport(entries, units, range, today());
    // Owners see what each apartment owes by its number; the book shows the apartment's number, never who paid.
    const numberOf = new Map(units.map((a) => [a.id, a.number]));
    return reply.header('Cache-Control', 'private, no-store').send({
      year: q.year,
      half: q.half,
      building: { id: b.id, name: b.name, address: b.address, city: b.city },
      ...report,
      book: report.book.map(({ apartmentId, ...line }) => ({ ...line, apartment: apartmentId ? (numberOf.get(apartmentId) ?? null) : null })),
    });
  });

  app.get('/api/binyan/buildings/:bid/ledger-export.csv', { config: { right: 'books.read' } }, async (req, reply) => {
    const q = parse(monthQuery, req.query);
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const { companyId } = authOf(req);
    const entries = await ledger.ofBuilding(db, companyId, b.id, { from: `${q.month}-01`, to: `${q.month}-31` });
    const numberOf = new Map((await unitsOf(b.id)).map((a) => [a.id, a.number]));
    const receipts = new Map((await payments.ofBuilding(db, companyId, b.id)).filter((p) => p.receiptNumber !== null).map((p) => [p.id, p.receiptNumber]));
    const invoices = new Map((await expenses.ofBuilding(db, b.id)).filter((e) => e.invoiceNumber).map((e) => [e.id, e.invoiceNumber]));
    const referenceOf = (e: ExportEntry): string | null => {
      const receipt = e.sourceId ? receipts.get(e.sourceId) : undefined;
      if (e.kind === 'payment' && receipt !== undefined && receipt !== null) return `receipt ${receipt}`;
      const invoice = e.sourceKind === 'expense' && e.sourceId ? invoices.get(e.sourceId) : undefined;
      return invoice ? `invoice ${invoice}` : null;
    };
    const described = entries.map((e) => ({
      ...e,
      description: e.description || [e.descriptionKey, ...Object.values(e.descriptionParams ?? {})].filter(Boolean).join(' '),
    }));
    const csv = toCsv([[...ledgerExportHeader], ...ledgerExportRows(described, q.month, (id) => numberOf.get(id) ?? id, referenceOf)]);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="ledger-${b.id}-${q.month}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });
}
