// Screenshots of the committee's money screens (issue 29): a building's fee schedule with a change kept,
// and its checks (a payment of two, one of them due for deposit), in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-money.ts` (uses dist/).
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { openServerState } from '../tests/e2e/fixtures/serverState';
import { CheckLifePage } from '../tests/e2e/pages/CheckLifePage';
import { FeeSchedulePage } from '../tests/e2e/pages/FeeSchedulePage';
import { isMain } from './paths';
import { languages, signedIn, withServer } from './screenshots/session';

type Group = { ID: number; ChecksHeaderGuid: string; version: number; checks: { CheckGuid: string }[] };

/** A fee schedule from next month, and the demo's scanned payment of two checks confirmed for deposit. */
async function moneyOf(server: AppServer): Promise<void> {
  const manager = openServerState(server, { compId: 1001, userName: 'miri', password: 'demo1234' });
  const worker = openServerState(server);
  try {
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    const effectiveFrom = next.toISOString().slice(0, 7);
    await manager.send('POST', '/api/binyan/buildings/101/fee-schedules', {
      effectiveFrom,
      basis: 'flat',
      rateAgorot: 32_050,
      frequency: 'monthly',
      billingDay: 10,
      payer: 'owner',
      apartments: [],
    });
    const group = (await worker.get<{ records: Group[] }>('/api/binyan/check/toFill')).records.find((g) => g.ID === 5003);
    const [due] = group?.checks ?? [];
    if (!group || !due) throw new Error('the seed has no payment 5003');
    worker.setCheckDepositDate(due.CheckGuid, '2020-01-15');
    await worker.send('PUT', '/api/binyan/check/submitChecksHeader', {
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      baseVersion: group.version,
      SendAnyway: true,
    });
    const mark = server.depositMark();
    await worker.send('POST', '/api/binyan/check/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid });
    await worker.send('POST', '/api/binyan/check/deposit/confirm', {
      ChecksHeaderGuid: group.ChecksHeaderGuid,
      code: await server.waitForDepositCode('avi', { since: mark }),
    });
  } finally {
    manager.close();
    worker.close();
  }
}

async function takeIn(server: AppServer): Promise<void> {
  await moneyOf(server);
  for (const lang of languages) {
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const fees = new FeeSchedulePage(page, server.baseUrl);
        fees.lang = lang;
        await fees.goto('/fee-schedule/101');
        await fees.waitForRoute('feeSchedule');
        await fees.waitVisible(fees.history().first());
        await shot(`fee-schedule-${lang}.png`, { top: true });
        const checks = new CheckLifePage(page, server.baseUrl);
        checks.lang = lang;
        await checks.goto('/check-life/101');
        await checks.waitForRoute('checkLife');
        await checks.view().selectOption('all');
        await checks.waitForCount(checks.checks(), 2);
        await shot(`check-life-${lang}.png`, { top: true });
      },
      'miri',
    );
  }
}

export async function takeMoney(): Promise<void> {
  await withServer(takeIn);
}

if (isMain(import.meta.url)) await takeMoney();
