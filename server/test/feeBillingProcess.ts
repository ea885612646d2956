// One run of the fee billing job in a process of its own, on a fixed day (noon in Israel), for the test
// that two processes billing at once post each fee once: `tsx feeBillingProcess.ts <database> <yyyy-mm-dd>`.
// Prints the run's counts as JSON.
import { openDatabase } from '../src/db/open.ts';
import { runFeeBilling } from '../src/jobs/feeBilling.ts';

const [database, day] = process.argv.slice(2);
if (!database || !day) throw new Error('usage: feeBillingProcess.ts <database> <yyyy-mm-dd>');
const db = openDatabase(database);
const now = () => new Date(`${day}T10:00:00Z`);
try {
  process.stdout.write(JSON.stringify(await runFeeBilling({ db, now, nowIso: () => now().toISOString() })));
} finally {
  await db.close();
}
