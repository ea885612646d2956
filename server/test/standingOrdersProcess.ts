// One run of the standing-order job in a process of its own, on a fixed day (noon in Israel), for the test
// that it never runs a period before that period's fees are posted, also with the fee job started at the
// same moment in another process: `tsx standingOrdersProcess.ts <database> <yyyy-mm-dd>`. Prints the run's counts as JSON.
import { openDatabase } from '../src/db/open.ts';
import { runStandingOrders } from '../src/jobs/standingOrders.ts';
import { referenceProvider } from '../src/payments/referenceProvider.ts';

const [database, day] = process.argv.slice(2);
if (!database || !day) throw new Error('usage: standingOrdersProcess.ts <database> <yyyy-mm-dd>');
const db = openDatabase(database);
const now = () => new Date(`${day}T10:00:00Z`);
try {
  process.stdout.write(JSON.stringify(await runStandingOrders({ db, now, nowIso: () => now().toISOString(), provider: referenceProvider(db, now) })));
} finally {
  await db.close();
}
