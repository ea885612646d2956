// A year of a building's books for the demo company (issue 15): suppliers, this year's and last year's
// budget per group, expenses every month with their invoice (each posting its ledger row), an opening
// balance, roof-rent income, petty-cash movements and quotes (one approved). Its own PRNG stream, so
// the rest of the demo data does not change.
import type { Bid, BudgetGroup, BudgetLineRecord, Expense, Supplier } from '../../../src/lib/domain/books.ts';
import { toLocalDateString } from '../../../src/lib/dates.ts';
import type { Db } from '../db/database.ts';
import { bids, budgetLines, expenses, ledgerRowOfExpense, suppliers } from '../data/books.ts';
import { ledger } from '../data/ledger.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { createRng } from './prng.ts';

const supplierSeeds: { name: string; domain: BudgetGroup; phone: string; email: string | null }[] = [
  { name: 'ניקיון הברק בע"מ', domain: 'cleaning', phone: '0521230001', email: 'office@barak-clean.co.il' },
  { name: 'מעליות שחר', domain: 'elevator', phone: '0521230002', email: 'service@shahar-lifts.co.il' },
  { name: 'גינון ירוק עד', domain: 'gardening', phone: '0521230003', email: null },
  { name: 'חשמל ותאורה כהן', domain: 'maintenance', phone: '0521230004', email: 'cohen@hashmal-demo.co.il' },
  { name: 'הראל ביטוח מבנים', domain: 'insurance', phone: '0521230005', email: 'binyanim@harel-demo.co.il' },
];

/** Monthly spend per group in agorot (a 12-flat building); the budget is a year of it, give or take. */
const monthly: Partial<Record<BudgetGroup, number>> = {
  cleaning: 180_000,
  elevator: 95_000,
  gardening: 60_000,
  electricity: 70_000,
  water: 40_000,
  maintenance: 50_000,
  insurance: 45_000,
};

const descriptions: Record<BudgetGroup, string> = {
  cleaning: 'ניקיון חדר מדרגות ולובי',
  electricity: 'חשבון חשמל שטחים משותפים',
  water: 'חשבון מים גינה',
  elevator: 'שירות ותחזוקת מעלית',
  gardening: 'גיזום והשקיה',
  maintenance: 'תיקוני תאורה בחניון',
  insurance: 'ביטוח מבנה חודשי',
  management: 'דמי ניהול',
  other: 'הוצאה אחרת',
};

export async function seedBooks(db: Db, companyId: number, buildingIds: readonly number[], now: Date): Promise<void> {
  const rng = createRng(20_261_215);
  const at = now.toISOString();
  const thisYear = now.getFullYear();
  const base = { version: 1, updatedAt: at };
  const supplierOf = new Map<BudgetGroup, Supplier>();
  for (const s of supplierSeeds) {
    const record: Supplier = { id: rng.uuid(), ...s, buildingIds: [...buildingIds], ...base };
    await suppliers.insert(db, record, companyId);
    supplierOf.set(s.domain, record);
  }
  let invoice = 4000;
  for (const buildingId of buildingIds) {
    for (const year of [thisYear - 1, thisYear]) {
      for (const [group, perMonth] of Object.entries(monthly) as [BudgetGroup, number][]) {
        const line: BudgetLineRecord = {
          id: rng.uuid(),
          buildingId,
          year,
          group,
          amountAgorot: Math.round((perMonth * 12 * rng.int(95, 110)) / 100 / 1000) * 1000,
          ...base,
        };
        await budgetLines.insert(db, line, companyId);
      }
    }
    const manual = (kind: StoredLedgerEntry['kind'], date: string, amountAgorot: number, description: string): StoredLedgerEntry => {
      const id = rng.uuid();
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
        description,
        settles: [],
        sourceKind: 'manual',
        sourceId: id,
        createdAt: at,
        createdBy: 'seed',
        ...base,
      };
    };
    // Twelve months ending with this one.
    const start = new Date(thisYear - 1, now.getMonth() + 1, 1);
    await ledger.insert(db, manual('openingBalance', toLocalDateString(start), rng.int(80_000, 120_000) * 100, 'יתרת פתיחה'), companyId);
    await ledger.insert(db, manual('pettyCashIn', toLocalDateString(start), 100_000, 'הפקדה לקופה קטנה'), companyId);
    for (let m = 0; m < 12; m += 1) {
      const month = new Date(start.getFullYear(), start.getMonth() + m, 1);
      const day = (d: number) => toLocalDateString(new Date(month.getFullYear(), month.getMonth(), Math.min(d, 28)));
      if (day(rng.int(1, 28)) > toLocalDateString(now)) break;
      for (const [group, perMonth] of Object.entries(monthly) as [BudgetGroup, number][]) {
        const date = day(rng.int(1, 28));
        if (date > toLocalDateString(now)) continue;
        const amountAgorot = Math.round((perMonth * rng.int(80, 120)) / 100);
        const supplier = supplierOf.get(group) ?? null;
        invoice += 1;
        const expense: Expense = {
          id: rng.uuid(),
          buildingId,
          date,
          description: descriptions[group],
          amountAgorot,
          group,
          supplierId: supplier?.id ?? null,
          invoiceNumber: supplier ? String(invoice) : null,
          invoiceDate: supplier ? date : null,
          invoiceAmountAgorot: supplier ? amountAgorot : null,
          dueDate: null,
          reference: null,
          attachmentId: null,
          bidId: null,
          createdBy: 'seed',
          ...base,
        };
        await expenses.insert(db, expense, companyId);
        await ledger.insert(db, ledgerRowOfExpense(expense, at), companyId);
      }
      if (m % 3 === 0) await ledger.insert(db, manual('income', day(10), 150_000, 'השכרת גג לאנטנה סלולרית'), companyId);
      const cashDate = day(rng.int(1, 28));
      if (cashDate <= toLocalDateString(now)) await ledger.insert(db, manual('pettyCashOut', cashDate, rng.int(30, 90) * 100, 'חומרי ניקוי ונורות'), companyId);
    }
    const bidDate = toLocalDateString(new Date(now.getFullYear(), now.getMonth(), 1));
    for (const [i, [group, amount, description]] of (
      [
        ['maintenance', 1_850_000, 'צביעת חדר המדרגות'],
        ['elevator', 2_400_000, 'החלפת דלתות מעלית'],
        ['maintenance', 1_620_000, 'צביעת חדר המדרגות – הצעה שנייה'],
      ] as const
    ).entries()) {
      const supplier = supplierOf.get(group);
      if (!supplier) continue;
      const approved = i === 1;
      const bid: Bid = {
        id: rng.uuid(),
        buildingId,
        supplierId: supplier.id,
        date: bidDate,
        amountAgorot: amount,
        description,
        attachmentId: null,
        status: approved ? 'approved' : 'open',
        approvedBy: approved ? 'רינה ביטון' : null,
        approvedAt: approved ? at : null,
        expenseId: null,
        ...base,
      };
      await bids.insert(db, bid, companyId);
    }
  }
}
