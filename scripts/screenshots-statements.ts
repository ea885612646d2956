// Screenshots of statements (issue 29 item 7): the owners' half-yearly report and the office's statements
// of a building, in Hebrew and English at 390×844: `npx tsx scripts/screenshots-statements.ts` (uses dist/).
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { StatementsPage } from '../tests/e2e/pages/StatementsPage';
import { isMain } from './paths';
import { languages, signedIn, withServer } from './screenshots/session';

async function takeIn(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const statements = new StatementsPage(page, server.baseUrl);
        statements.lang = lang;
        await statements.goto('/owners-report/101');
        await statements.waitForRoute('ownersReport');
        await statements.waitVisible(statements.reportFact('closing'));
        await shot(`owners-report-${lang}.png`, { top: true });
        await statements.goto('/statements/101');
        await statements.waitForRoute('statements');
        await statements.waitVisible(statements.yearTable());
        await shot(`statements-${lang}.png`, { top: true });
      },
      'miri',
    );
  }
}

export async function takeStatements(): Promise<void> {
  await withServer(takeIn);
}

if (isMain(import.meta.url)) await takeStatements();
