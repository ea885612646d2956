// README screenshots of the field round (dashboard, apartments, contact search, daily plan) in Hebrew
// and English at 390×844: `npx tsx scripts/screenshots-field-round.ts` (serialized with the browser tests: it uses dist/).
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { ApartmentsPage } from '../tests/e2e/pages/ApartmentsPage';
import { DailyPlanPage } from '../tests/e2e/pages/DailyPlanPage';
import { DashboardPage } from '../tests/e2e/pages/DashboardPage';
import { SearchContactPage } from '../tests/e2e/pages/SearchContactPage';
import { isMain } from './paths';
import { languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 'בית הרצל';

export async function takeFieldRound(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(server, lang, async ({ page, shot }) => {
      const plan = Object.assign(new DailyPlanPage(page, server.baseUrl), { lang });
      const dashboard = Object.assign(new DashboardPage(page, server.baseUrl), { lang });
      await dashboard.waitForRoute('dailyPlan'); // avi's home, the day's plan (src/app/homeRoute.ts)
      await plan.navigateTo('dailyPlan');
      await plan.takeDayOffline();

      await dashboard.navigateTo('dashboard');
      await dashboard.select(BUILDING);
      await shot(`buildings-dashboard-${lang}.png`, { top: true });

      const apartments = Object.assign(new ApartmentsPage(page, server.baseUrl), { lang });
      await apartments.navigateTo('apartments');
      await apartments.waitVisible(apartments.apartment(1));
      await shot(`apartments-list-${lang}.png`, { top: true });

      const contacts = Object.assign(new SearchContactPage(page, server.baseUrl), { lang });
      await contacts.navigateTo('searchContact');
      await contacts.scope('all').check();
      await contacts.search('כהן');
      await contacts.waitVisible(contacts.kind('kind.text.hebrew'));
      await shot(`contacts-search-${lang}.png`, { top: true });

      await plan.navigateTo('dailyPlan');
      const [first] = await plan.buildingNames();
      if (first) {
        await plan.checkboxes(first).first().check();
        await plan.waitVisible(plan.syncBadge(first, 'synced'));
      }
      await shot(`daily-plan-today-${lang}.png`, { top: true });
    });
  }
}

if (isMain(import.meta.url)) await withServer(takeFieldRound);
