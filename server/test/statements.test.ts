// Statements (issue 29 item 7): an apartment's yearly statement PDF in the reader's language with the
// receipts' font and right-to-left lines, a building's year per apartment, the half-yearly report for the
// owners with debts aged on the half's last day, and the accountant's monthly CSV — their totals, and who
// may read them (the apartment's tenants, the building's owners, the office; never another apartment,
// building or company, a supplier, or nobody). Rows are posted in 2011, before anything the demo holds.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nisOf } from '../../src/lib/agorot.ts';
import { formatNis } from '../../src/lib/money.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import type { StoredLedgerEntry } from '../src/data/ledger.ts';
import { ledger } from '../src/data/ledger.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { drawn, pdfFontNames, pdfLines } from './pdfContent.ts';
import { approveTerms } from './terms.ts';

type Totals = {
  openingAgorot: number;
  chargedAgorot: number;
  paidAgorot: number;
  refundedAgorot: number;
  bouncedAgorot: number;
  creditedAgorot: number;
  closingAgorot: number;
};
type Body = {
  rows?: (Totals & { apartmentId: string; number: string })[];
  totals?: Totals;
  incomeAgorot?: number;
  expensesAgorot?: number;
  openingBalanceAgorot?: number;
  closingBalanceAgorot?: number;
  asOf?: string;
  book?: { id: string; kind: string; apartment: string | null; incomeAgorot: number; expenseAgorot: number }[];
  debts?: { apartmentId: string; number: string; pastDue: number; current: number; coming: number; totalAgorot: number }[];
  debtTotals?: { totalAgorot: number; pastDue: number };
  expensesByGroup?: { group: string; amountAgorot: number }[];
  apartments?: { apartmentId: string; number: string }[];
  error?: { code: string; messageKey: string };
};

let server: TestServer;
let db: Database;
const tokens: Record<string, string> = {};
let mine = { id: '', number: '' };
let talis = { id: '', number: '' };
const ids = { charge2010: newId(), charge: newId(), payment: newId(), refund: newId(), chargeB: newId(), expense: newId(), income: newId(), other: newId() };

const as = (user: string, path: string) => call<Body>(server, 'GET', path, { token: tokens[user] ?? '' });
const fileOf = async (user: string, path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: tokens[user] ? { authorization: tokens[user] } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

function row(
  id: string,
  buildingId: number,
  kind: StoredLedgerEntry['kind'],
  date: string,
  amountAgorot: number,
  more: Partial<StoredLedgerEntry> = {},
): StoredLedgerEntry {
  return {
    id,
    buildingId,
    kind,
    date,
    amountAgorot,
    apartmentId: null,
    contactId: null,
    debtKind: null,
    dueDate: null,
    group: null,
    description: `${kind} ${date}`,
    settles: [],
    sourceKind: 'manual',
    sourceId: id,
    createdAt: '2011-01-01T00:00:00.000Z',
    createdBy: 'test',
    version: 1,
    updatedAt: '2011-01-01T00:00:00.000Z',
    ...more,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.database);
  for (const [name, company] of [
    ['moshe', 1001],
    ['tali', 1001],
    ['rina', 1001],
    ['miri', 1001],
    ['avi', 1001],
    ['eli', 1001],
    ['other', 2002],
  ] as const)
    tokens[name] = (await loginAs(server, name, company)).token;
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens[name] ?? '');
  const home = async (user: string) => {
    const a = (await call<Body>(server, 'GET', '/api/binyan/my/account', { token: tokens[user] ?? '' })).body.apartments?.[0];
    if (!a) throw new Error(`${user} has a home`);
    const unit = await db.first(db.q.selectFrom('apartments').select(['id', 'number']).where('id', '=', a.apartmentId));
    return { id: a.apartmentId, number: String(unit?.number ?? '') };
  };
  mine = await home('moshe');
  talis = await home('tali');
  const company = Number((await db.first(db.q.selectFrom('buildings').select('companyId').where('id', '=', 101)))?.companyId);
  for (const e of [
    row(ids.charge2010, 101, 'charge', '2010-12-01', 1_000, { apartmentId: mine.id, debtKind: 'currentCommittee', dueDate: '2010-12-10' }),
    row(ids.charge, 101, 'charge', '2011-01-01', 30_000, {
      apartmentId: mine.id,
      debtKind: 'currentCommittee',
      dueDate: '2011-01-10',
      description: 'דמי ועד ינואר',
    }),
    row(ids.payment, 101, 'payment', '2011-02-01', 20_000, {
      apartmentId: mine.id,
      settles: [{ chargeId: ids.charge, amountAgorot: 20_000 }],
      description: 'העברה בנקאית',
    }),
    row(ids.refund, 101, 'refund', '2011-03-01', 5_000, { apartmentId: mine.id, settles: [{ chargeId: ids.charge, amountAgorot: 5_000 }] }),
    row(ids.expense, 101, 'expense', '2011-04-01', 8_000, { group: 'cleaning', sourceKind: 'expense' }),
    row(ids.chargeB, 101, 'charge', '2011-05-01', 12_345, { apartmentId: talis.id, debtKind: 'special', dueDate: '2011-05-20' }),
    row(ids.income, 101, 'income', '2011-06-15', 10_000),
    row(ids.other, 102, 'expense', '2011-02-10', 99_900, { group: 'elevator' }),
  ])
    await ledger.insert(db, e, company);
});
afterAll(async () => {
  await db.close();
  await server.close();
});

const pdfPath = (apartmentId: string, lang = 'he') => `/api/binyan/apartments/${apartmentId}/statement.pdf?year=2011&lang=${lang}`;

describe('an apartment’s yearly statement', () => {
  it('is a PDF in the reader’s language, in the receipts’ fonts, right to left in Hebrew, with the balance carried in and out', async () => {
    const he = await fileOf('moshe', pdfPath(mine.id));
    expect(he.status).toBe(200);
    expect(he.type).toBe('application/pdf');
    const doc = await PDFDocument.load(he.bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe('דוח שנתי 2011');
    expect(await pdfFontNames(he.bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const lines = await pdfLines(he.bytes);
    // 10 carried in; +300 charged, −200 paid, +50 refunded: 160 owed at the end.
    for (const text of [
      'דוח שנתי 2011',
      'יתרה לתחילת השנה',
      formatNis(nisOf(1_000), 'he'),
      'יתרה לסוף השנה',
      formatNis(nisOf(16_000), 'he'),
      'דמי ועד: דמי ועד ינואר',
      '01/02/2011',
    ])
      expect(lines, text).toContain(drawn(text, 'rtl'));
    expect(lines).toContain('2011 יתנש חוד');
    const en = await pdfLines((await fileOf('moshe', pdfPath(mine.id, 'en'))).bytes);
    for (const text of [
      'Yearly statement 2011',
      'Total charged',
      formatNis(nisOf(30_000), 'en'),
      'Total paid',
      formatNis(nisOf(20_000), 'en'),
      'Total refunded',
      formatNis(nisOf(5_000), 'en'),
    ])
      expect(en, text).toContain(drawn(text, 'ltr'));
    const ru = await PDFDocument.load((await fileOf('moshe', pdfPath(mine.id, 'ru'))).bytes, { updateMetadata: false });
    expect(ru.getTitle()).toBe('Годовая выписка 2011');
    // The same statement on the same day gives the same bytes.
    expect((await fileOf('moshe', pdfPath(mine.id))).bytes.equals(he.bytes)).toBe(true);
  });

  it('runs over as many pages as the year needs, each numbered, the table’s header repeated', async () => {
    const company = Number((await db.first(db.q.selectFrom('buildings').select('companyId').where('id', '=', 101)))?.companyId);
    for (let i = 0; i < 60; i++)
      await ledger.insert(
        db,
        row(newId(), 101, 'charge', `2012-${String(1 + (i % 12)).padStart(2, '0')}-05`, 100 + i, {
          apartmentId: mine.id,
          dueDate: '2012-12-31',
          description: `שורה ${i}`,
        }),
        company,
      );
    const { bytes } = await fileOf('moshe', `/api/binyan/apartments/${mine.id}/statement.pdf?year=2012&lang=en`);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(2);
    const lines = await pdfLines(bytes);
    expect(lines).toContain('Page 1 of 2');
    expect(lines).toContain('Page 2 of 2');
    expect(lines.filter((l) => l === 'Balance').length).toBe(2);
  });

  it('is given to the apartment’s tenants and the building’s office, and refused to everyone else', async () => {
    expect((await fileOf('miri', pdfPath(mine.id))).status).toBe(200);
    expect((await fileOf('rina', pdfPath(mine.id))).status).toBe(200);
    expect((await fileOf('tali', pdfPath(talis.id))).status).toBe(200);
    // Another apartment of the same building is not the tenant's.
    expect((await fileOf('tali', pdfPath(mine.id))).status).toBe(404);
    expect((await fileOf('moshe', pdfPath(talis.id))).status).toBe(404);
    // A worker and a supplier have no right to statements; another company does not find the apartment; nobody signed in is turned away.
    expect((await fileOf('avi', pdfPath(mine.id))).status).toBe(403);
    expect((await fileOf('eli', pdfPath(mine.id))).status).toBe(403);
    expect((await fileOf('other', pdfPath(mine.id))).status).toBe(403);
    expect((await fileOf('nobody', pdfPath(mine.id))).status).toBe(401);
    expect((await fileOf('miri', pdfPath('no-such-apartment'))).status).toBe(404);
    expect((await as('moshe', `/api/binyan/apartments/${mine.id}/statement.pdf?year=twenty`)).status).toBe(422);
  });
});

describe('a building’s year', () => {
  it('gives each apartment its totals and the building their sums', async () => {
    const reply = await as('rina', '/api/binyan/buildings/101/statement?year=2011');
    expect(reply.status).toBe(200);
    const rows = reply.body.rows ?? [];
    expect(rows.find((r) => r.apartmentId === mine.id)).toMatchObject({
      openingAgorot: 1_000,
      chargedAgorot: 30_000,
      paidAgorot: 20_000,
      refundedAgorot: 5_000,
      bouncedAgorot: 0,
      closingAgorot: 16_000,
    });
    expect(rows.find((r) => r.apartmentId === talis.id)).toMatchObject({ chargedAgorot: 12_345, closingAgorot: 12_345 });
    expect(reply.body.totals).toMatchObject({ chargedAgorot: 42_345, paidAgorot: 20_000, refundedAgorot: 5_000 });
    expect(reply.body.totals?.closingAgorot).toBe(rows.reduce((s, r) => s + r.closingAgorot, 0));
  });

  it('is the office’s: not a tenant’s, a worker’s, a supplier’s, another building’s or company’s', async () => {
    expect((await as('miri', '/api/binyan/buildings/101/statement?year=2011')).status).toBe(200);
    for (const user of ['moshe', 'tali', 'avi', 'eli']) expect((await as(user, '/api/binyan/buildings/101/statement?year=2011')).status, user).toBe(403);
    // Another building than one's own is refused as the other building routes do.
    expect((await as('rina', '/api/binyan/buildings/102/statement?year=2011')).status).toBe(403);
    expect((await as('other', '/api/binyan/buildings/101/statement?year=2011')).status).toBe(403);
    expect((await as('nobody', '/api/binyan/buildings/101/statement?year=2011')).status).toBe(401);
  });
});

describe('the half-yearly report to the owners', () => {
  const path = (bid = 101, half = 1) => `/api/binyan/buildings/${bid}/half-year-report?year=2011&half=${half}`;

  it('books the half’s income and expenses, the account before and after, and the debts aged on the half’s last day', async () => {
    const reply = await as('moshe', path());
    expect(reply.status).toBe(200);
    const r = reply.body;
    expect(r.asOf).toBe('2011-06-30');
    expect(r.book?.map((l) => l.id)).toEqual([ids.payment, ids.refund, ids.expense, ids.income]);
    expect(r.book?.[0]?.apartment).toBe(mine.number);
    // A refund is money given back: it stays a refund, on the expenses side (a bounced check is not one: checkLife.test.ts).
    expect(r.book?.find((l) => l.id === ids.refund)).toMatchObject({ kind: 'refund', incomeAgorot: 0, expenseAgorot: 5_000 });
    expect(r.incomeAgorot).toBe(30_000);
    expect(r.expensesAgorot).toBe(13_000);
    expect((r.openingBalanceAgorot ?? 0) + 30_000 - 13_000).toBe(r.closingBalanceAgorot);
    expect(r.expensesByGroup).toEqual([{ group: 'cleaning', amountAgorot: 8_000 }]);
    expect(r.debts).toEqual(
      expect.arrayContaining([
        { apartmentId: mine.id, number: mine.number, pastDue: 16_000, current: 0, coming: 0, totalAgorot: 16_000 },
        { apartmentId: talis.id, number: talis.number, pastDue: 12_345, current: 0, coming: 0, totalAgorot: 12_345 },
      ]),
    );
    // Nothing of another building is in it.
    expect(r.book?.some((l) => l.id === ids.other)).toBe(false);
  });

  it('is read by the building’s owners and its office; not by a renter, a worker, a supplier, another building or company', async () => {
    expect((await as('rina', path())).status).toBe(200);
    expect((await as('miri', path())).status).toBe(200);
    expect((await as('tali', path())).status).toBe(403);
    expect((await as('avi', path())).status).toBe(403);
    expect((await as('eli', path())).status).toBe(403);
    expect((await as('moshe', path(102))).status).toBe(403);
    expect((await as('other', path())).status).toBe(403);
    expect((await as('nobody', path())).status).toBe(401);
    expect((await as('moshe', path(101, 3))).status).toBe(422);
  });
});

describe('the accountant’s monthly export', () => {
  const path = (month: string, bid = 101) => `/api/binyan/buildings/${bid}/ledger-export.csv?month=${month}`;

  it('has one row per movement of the month: kind, date, apartment, agorot and a reference', async () => {
    const csv = await fileOf('rina', path('2011-02'));
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'id,kind,date,apartment,amount_agorot,reference,description',
      `${ids.payment},payment,2011-02-01,${mine.number},20000,manual:${ids.payment},העברה בנקאית`,
    ]);
    const april = (await fileOf('miri', path('2011-04'))).bytes.toString('utf8');
    expect(april).toContain(`${ids.expense},expense,2011-04-01,,8000,`);
    const march = (await fileOf('rina', path('2011-03'))).bytes.toString('utf8');
    expect(march).toContain(`${ids.refund},refund,2011-03-01,${mine.number},5000,`);
  });

  it('is the office’s only', async () => {
    for (const user of ['moshe', 'tali', 'avi', 'eli', 'other']) expect((await fileOf(user, path('2011-02'))).status, user).toBe(403);
    expect((await fileOf('nobody', path('2011-02'))).status).toBe(401);
    expect((await fileOf('rina', path('2011-02', 102))).status).toBe(403);
    expect((await fileOf('rina', path('2011-13'))).status).toBe(422);
  });
});
