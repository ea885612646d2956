// Statements (issue 29 item 7) are drawn from the whole ledger on the server and read online only: the
// office's year per apartment and monthly export, the owners' half-yearly report, an apartment's PDF.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { api, callWithRelogin } from '../../session/api';
import { downloadServerFile } from '../../session/serverFile';

export { statementYears } from '../../session/statements';

const totals = {
  openingAgorot: z.number(),
  chargedAgorot: z.number(),
  paidAgorot: z.number(),
  refundedAgorot: z.number(),
  bouncedAgorot: z.number(),
  creditedAgorot: z.number(),
  closingAgorot: z.number(),
};
const buildingAnswer = z.looseObject({
  year: z.number(),
  building: z.looseObject({ id: z.number(), name: z.string() }),
  rows: z.array(z.looseObject({ apartmentId: z.string(), number: z.string(), ...totals })),
  totals: z.looseObject(totals),
});
export type BuildingStatementView = z.infer<typeof buildingAnswer>;

const ages = { pastDue: z.number(), current: z.number(), coming: z.number(), totalAgorot: z.number() };
const reportAnswer = z.looseObject({
  year: z.number(),
  half: z.number(),
  building: z.looseObject({ id: z.number(), name: z.string(), address: z.string(), city: z.string() }),
  asOf: z.string(),
  openingBalanceAgorot: z.number(),
  closingBalanceAgorot: z.number(),
  incomeAgorot: z.number(),
  expensesAgorot: z.number(),
  book: z.array(
    z.looseObject({
      id: z.string(),
      date: z.string(),
      kind: z.string(),
      group: z.nullable(z.string()),
      description: z.string(),
      descriptionKey: z.optional(z.nullable(z.string())),
      descriptionParams: z.optional(z.nullable(z.record(z.string(), z.string()))),
      apartment: z.nullable(z.string()),
      incomeAgorot: z.number(),
      expenseAgorot: z.number(),
    }),
  ),
  expensesByGroup: z.array(z.looseObject({ group: z.string(), amountAgorot: z.number() })),
  debts: z.array(z.looseObject({ apartmentId: z.string(), number: z.string(), ...ages })),
  debtTotals: z.looseObject(ages),
});
export type HalfYearReportView = z.infer<typeof reportAnswer>;

export async function buildingStatement(buildingId: number, year: number): Promise<BuildingStatementView> {
  return answerOf(buildingAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/statement?year=${year}`)));
}

export async function halfYearReport(buildingId: number, year: number, half: 1 | 2): Promise<HalfYearReportView> {
  return answerOf(reportAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/half-year-report?year=${year}&half=${half}`)));
}

export function downloadLedgerExport(buildingId: number, month: string): Promise<void> {
  return downloadServerFile(`buildings/${buildingId}/ledger-export.csv?month=${encodeURIComponent(month)}`, `ledger-${buildingId}-${month}.csv`);
}
