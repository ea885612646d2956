// One run of the debt reminder job in a process of its own, on a fixed day (noon in Israel), for the test
// that two processes reminding at once send each step once: `tsx debtRemindersProcess.ts <database> <yyyy-mm-dd>`.
// Prints the run's counts as JSON.
import { openDatabase } from '../src/db/open.ts';
import { runDebtReminders } from '../src/jobs/debtReminders.ts';
import { usageLimitsWith } from '../src/limits/usageLimits.ts';

const [database, day] = process.argv.slice(2);
if (!database || !day) throw new Error('usage: debtRemindersProcess.ts <database> <yyyy-mm-dd>');
const db = openDatabase(database);
const now = () => new Date(`${day}T10:00:00Z`);
try {
  process.stdout.write(JSON.stringify(await runDebtReminders({ db, now, nowIso: () => now().toISOString(), usageLimits: usageLimitsWith() })));
} finally {
  await db.close();
}
