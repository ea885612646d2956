// Takes every README screenshot (docs/screenshots/*.png) with the real server and Chromium: `npm run screenshots`.
// Each feature gets a fresh demo server, so its pictures match a run of its own script.
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { ShellPage } from '../tests/e2e/pages/ShellPage';
import { takeBooks } from './screenshots-books';
import { takeBuildingLife } from './screenshots-building-life';
import { takeChecks } from './screenshots-checks';
import { takeDocuments } from './screenshots-documents';
import { takeFieldRound } from './screenshots-field-round';
import { takeMeters } from './screenshots-meters';
import { takeMoney } from './screenshots-money';
import { takeResidents } from './screenshots-residents';
import { takeServiceCalls } from './screenshots-service-calls';
import { takeStatements } from './screenshots-statements';
import { takeTenant } from './screenshots-tenant';
import { inBrowser, withServer } from './screenshots/session';

async function takeLogin(server: AppServer): Promise<void> {
  await inBrowser(server, 'he', async ({ page, shot }) => {
    const shell = new ShellPage(page, server.baseUrl);
    await shell.goto('/login');
    await shell.waitForApp();
    await shot('login-he.png');
  });
}

for (const take of [takeLogin, takeFieldRound, takeServiceCalls, takeMeters, takeChecks, takeBooks, takeDocuments, takeBuildingLife]) await withServer(take);
await takeTenant();
await takeStatements();
await takeResidents();
await takeMoney();
