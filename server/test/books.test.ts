// The committee's books (issue 15) on the real server: an expense posts its ledger row once and moves
// with it, the same supplier's invoice number is refused twice, manual income and petty cash follow
// their rules, the budget has one line per group and year, and a quote is approved once and becomes one
// expense. Rights: a worker cannot see the books, a committee member sees only her building.
import { describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { call, expectRefused, loginAs, newId, signedInServer } from './harness.ts';

type Reply = { record: Rec; error?: { code: string; messageKey: string; field?: string } };

const rina = signedInServer<Reply>('rina');
const { post, patch, del, get } = rina;
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));

async function newSupplier(name = `ספק ${newId().slice(0, 6)}`): Promise<Rec> {
  const reply = await post('/suppliers', { id: newId(), name, domain: 'cleaning', phone: '0521112233', email: null, buildingIds: [101] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.record;
}

const expense = (supplierId: string | null, invoiceNumber: string | null, amountAgorot = 12_345) => ({
  id: newId(),
  buildingId: 101,
  date: today,
  description: 'ניקיון חדר מדרגות',
  amountAgorot,
  group: 'cleaning',
  supplierId,
  invoiceNumber,
  invoiceDate: today,
  invoiceAmountAgorot: amountAgorot,
  dueDate: null,
  reference: null,
  attachmentId: null,
});

const expenseRows = async () =>
  (await get<Rec & { kind: string; sourceId: string; amountAgorot: number }>('/buildings/101/ledger')).filter((e) => e.kind === 'expense');

describe('expenses', () => {
  it('posts one expense row to the ledger, moves it on an edit and removes it on a delete', async () => {
    const supplier = await newSupplier();
    const body = expense(supplier.id, 'INV-1001');
    const created = await post('/expenses', body);
    expect(created.status).toBe(201);
    expect(created.body.record).toMatchObject({ amountAgorot: 12_345, createdBy: 'רינה ביטון', version: 1 });
    expect((await expenseRows()).filter((e) => e.sourceId === body.id).map((e) => e.amountAgorot)).toEqual([12_345]);

    const edited = await patch(`/expenses/${body.id}`, { baseVersion: 1, changes: { amountAgorot: 20_000 } });
    expect(edited.status).toBe(200);
    expect((await expenseRows()).filter((e) => e.sourceId === body.id).map((e) => e.amountAgorot)).toEqual([20_000]);
    expect((await patch(`/expenses/${body.id}`, { baseVersion: 1, changes: { amountAgorot: 1 } })).status).toBe(409);

    expect((await del(`/expenses/${body.id}?baseVersion=2`)).status).toBe(200);
    expect((await expenseRows()).filter((e) => e.sourceId === body.id)).toEqual([]);
  });

  it('refuses the same supplier’s invoice number twice (spaces, dashes and case aside), on create and on edit', async () => {
    const supplier = await newSupplier();
    expect((await post('/expenses', expense(supplier.id, 'A-77'))).status).toBe(201);
    expectRefused(await post('/expenses', expense(supplier.id, 'a 77')), 'duplicateInvoice', { field: 'invoiceNumber', code: 'DUPLICATE_INVOICE' });
    // Another supplier may use the same number; an expense without a number is never a duplicate.
    const other = await newSupplier();
    expect((await post('/expenses', expense(other.id, 'A-77'))).status).toBe(201);
    expect((await post('/expenses', expense(supplier.id, null))).status).toBe(201);
    const third = expense(supplier.id, 'A-78');
    expect((await post('/expenses', third)).status).toBe(201);
    expectRefused(await patch(`/expenses/${third.id}`, { baseVersion: 1, changes: { invoiceNumber: 'A77' } }), 'duplicateInvoice');
  });

  it('applies an expense once for a repeated idempotency key', async () => {
    const body = expense(null, null, 777);
    const key = newId();
    expect((await post('/expenses', body, key)).status).toBe(201);
    const again = await post('/expenses', body, key);
    expect(again.status).toBe(201);
    expect((await expenseRows()).filter((e) => e.sourceId === body.id)).toHaveLength(1);
  });

  it('needs a date, a description, a positive amount and a group', async () => {
    expectRefused(await post('/expenses', { ...expense(null, null), description: ' ' }), 'requiredField', { field: 'description' });
    expectRefused(await post('/expenses', { ...expense(null, null), amountAgorot: 0 }), 'invalidAmount', { field: 'amountAgorot' });
    expectRefused(await post('/expenses', { ...expense(null, null), date: '2025-02-30' }), 'invalidDate', { field: 'date' });
  });
});

describe('income, opening balance and petty cash', () => {
  it('records manual income and petty cash, refusing to pay out more than the box holds', async () => {
    const entry = (kind: string, amountAgorot: number) => ({
      id: newId(),
      buildingId: 101,
      kind,
      date: today,
      amountAgorot,
      description: 'תנועה ידנית',
      group: null,
    });
    expect((await post('/ledger-entries', entry('income', 50_000))).status).toBe(201);
    expect((await post('/ledger-entries', entry('pettyCashIn', 10_000))).status).toBe(201);
    const ledger = await get<Rec & { kind: string; amountAgorot: number }>('/buildings/101/ledger');
    const box = ledger.reduce((s, e) => s + (e.kind === 'pettyCashIn' ? e.amountAgorot : e.kind === 'pettyCashOut' ? -e.amountAgorot : 0), 0);
    expectRefused(await post('/ledger-entries', entry('pettyCashOut', box + 1)), 'pettyCashShort', { field: 'amountAgorot' });
    const out = entry('pettyCashOut', 2_500);
    expect((await post('/ledger-entries', out)).status).toBe(201);
    expect((await post('/ledger-entries', entry('payment', 100))).status).toBe(422);
    // A payment or a charge is another feature's: it cannot be deleted as a manual entry.
    const charge = ledger.find((e) => e.kind === 'charge');
    if (!charge) throw new Error('the seed posts charges');
    expectRefused(await del(`/ledger-entries/${charge.id}?baseVersion=${charge.version}`), 'manualEntryOnly');
    expect((await del(`/ledger-entries/${out.id}?baseVersion=1`)).status).toBe(200);
  });
});

describe('budget', () => {
  it('keeps one line per group and year and lets its amount change', async () => {
    const line = { id: newId(), buildingId: 101, year: year - 3, group: 'gardening', amountAgorot: 1_200_000 };
    expect((await post('/budget-lines', line)).status).toBe(201);
    expectRefused(await post('/budget-lines', { ...line, id: newId() }), 'budgetLineExists', { field: 'group' });
    expect((await patch(`/budget-lines/${line.id}`, { baseVersion: 1, changes: { amountAgorot: 1_500_000 } })).body.record).toMatchObject({
      amountAgorot: 1_500_000,
      version: 2,
    });
    expect((await get('/buildings/101/budget')).some((b) => b.id === line.id)).toBe(true);
  });
});

describe('quotes', () => {
  it('is approved once by the committee, with who and when, and becomes one expense', async () => {
    const supplier = await newSupplier();
    const bid = { id: newId(), buildingId: 101, supplierId: supplier.id, date: today, amountAgorot: 450_000, description: 'צביעת לובי', attachmentId: null };
    expect((await post('/bids', bid)).status).toBe(201);
    const early = expense(supplier.id, 'Q-1', 450_000);
    expectRefused(await post('/expenses', { ...early, bidId: bid.id }), 'bidNotApproved');
    const approved = await post(`/bids/${bid.id}/approve`, { baseVersion: 1 });
    expect(approved.body.record).toMatchObject({ status: 'approved', approvedBy: 'רינה ביטון', version: 2 });
    expect(typeof approved.body.record.approvedAt).toBe('string');
    expectRefused(await post(`/bids/${bid.id}/approve`, { baseVersion: 2 }), 'bidAlreadyApproved');
    expect((await post('/expenses', { ...early, id: newId(), bidId: bid.id })).status).toBe(201);
    expectRefused(await post('/expenses', { ...expense(supplier.id, 'Q-2', 450_000), bidId: bid.id }), 'bidAlreadyExpensed');
    expect((await get('/buildings/101/bids')).find((b) => b.id === bid.id)).toMatchObject({ status: 'approved', version: 3 });
  });
});

describe('who may see the books', () => {
  it('refuses a worker the books and the suppliers', async () => {
    const avi = (await loginAs(rina.server, 'avi')).token;
    for (const path of [
      '/api/binyan/buildings/101/ledger',
      '/api/binyan/buildings/101/expenses',
      '/api/binyan/buildings/101/budget',
      '/api/binyan/suppliers',
    ]) {
      const reply = await call<{ error?: { code: string } }>(rina.server, 'GET', path, { token: avi });
      expect(reply.status, path).toBe(403);
      expect(reply.body.error?.code, path).toBe('NOT_ALLOWED');
    }
  });

  it('gives a committee member her building only, and the manager every building', async () => {
    for (const path of ['/buildings/102/ledger', '/buildings/102/expenses', '/buildings/102/bids']) {
      const reply = await call<{ error?: { code: string } }>(rina.server, 'GET', `/api/binyan${path}`, { token: rina.token });
      expect(reply.status, path).toBe(403);
      expect(reply.body.error?.code, path).toBe('BUILDING_NOT_ASSIGNED');
    }
    expect((await post('/expenses', { ...expense(null, null), buildingId: 102 })).status).toBe(403);
    const miri = (await loginAs(rina.server, 'miri')).token;
    expect((await call(rina.server, 'GET', '/api/binyan/buildings/102/ledger', { token: miri })).status).toBe(200);
    // Suppliers serving only another building are not hers.
    const other = await call<Reply>(rina.server, 'POST', '/api/binyan/suppliers', {
      token: miri,
      body: { id: newId(), name: 'מעליות הצפון', domain: 'elevator', phone: null, email: null, buildingIds: [102] },
    });
    expect(other.status).toBe(201);
    expect((await get('/suppliers')).some((s) => s.id === other.body.record.id)).toBe(false);
  });
});

describe('invoice attachments', () => {
  const param = (paramName: string, paramValue: string | number) => ({ paramName, paramValue, paramType: typeof paramValue === 'number' ? 8 : 12 });
  const upload = (parentID: string, bytes: Buffer) =>
    call<{ APIResponseCode: number; fileId?: string; error?: { messageKey: string } }>(rina.server, 'POST', '/api/files/upload/B64', {
      token: rina.token,
      idempotencyKey: newId(),
      body: [
        param('parentType', 'expenses'),
        param('parentID', parentID),
        param('orgID', 1001),
        param('createdBy', 1),
        param('srcFileName', 'invoice.pdf'),
        param('base64String', bytes.toString('base64')),
      ],
    });

  it('takes a supplier’s PDF invoice as sent, and refuses a file that is neither an image nor a PDF', async () => {
    const body = expense(null, null, 5_000);
    expect((await post('/expenses', body)).status).toBe(201);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const stored = await upload(body.id, pdf);
    expect(stored.body.APIResponseCode).toBe(0);
    const file = await call(rina.server, 'GET', `/api/files/getImg?src=${stored.body.fileId ?? ''}`, { token: rina.token });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.text).toBe(pdf.toString('latin1'));
    const refused = await upload(body.id, Buffer.from('just some text, not an invoice'));
    expect(refused.body.error?.messageKey).toBe('errors:onlyImageOrPdfAllowed');
  });
});

describe('a contact’s financial report', () => {
  it('gives the contact with their charges and payments, only in the member’s building', async () => {
    const charged = (await get<Rec & { kind: string; contactId: string | null }>('/buildings/101/ledger')).find((e) => e.kind === 'charge' && e.contactId);
    if (!charged?.contactId) throw new Error('the seed charges contacts of building 101');
    const report = await call<{ record: Rec; records: (Rec & { contactId: string; kind: string })[] }>(
      rina.server,
      'GET',
      `/api/binyan/contacts/${charged.contactId}/financial-report`,
      { token: rina.token },
    );
    expect(report.status).toBe(200);
    expect(report.body.record.id).toBe(charged.contactId);
    expect(report.body.records.length).toBeGreaterThan(0);
    expect(report.body.records.every((e) => e.contactId === charged.contactId && ['charge', 'payment'].includes(e.kind))).toBe(true);
    const miri = (await loginAs(rina.server, 'miri')).token;
    const elsewhere = (
      await call<{ records: (Rec & { kind: string; contactId: string | null })[] }>(rina.server, 'GET', '/api/binyan/buildings/102/ledger', { token: miri })
    ).body.records.find((e) => e.contactId);
    const refused = await call<{ error?: { code: string } }>(rina.server, 'GET', `/api/binyan/contacts/${elsewhere?.contactId ?? ''}/financial-report`, {
      token: rina.token,
    });
    expect(refused.status).toBe(403);
  });
});
