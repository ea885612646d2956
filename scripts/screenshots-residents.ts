// Screenshots of the residents' voice (issue 31): a tenant's fault report (the form, the report, the list)
// and a poll as the committee opened it and as an owner voted, in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-residents.ts` (uses dist/).
import { israelWallClock } from '../src/lib/dates';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { PollsPage } from '../tests/e2e/pages/PollsPage';
import { TenantCallsPage } from '../tests/e2e/pages/TenantCallsPage';
import { isMain } from './paths';
import type { Lang } from './screenshots/session';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 101;
const texts = {
  he: { fault: 'המנורה בלובי הכניסה לא נדלקת כבר יומיים', question: 'איזו הצעה לצביעת הלובי?', options: ['צבע השרון', 'צבעי הגליל'] },
  en: {
    fault: 'The lobby light at the entrance has been out for two days',
    question: 'Which quote for painting the lobby?',
    options: ['Sharon Paints', 'Galil Colours'],
  },
} as const;

/** The poll's closing date a week from now, as the date field shows it (dd/mm/yyyy). */
function closingInAWeek(): string {
  const day = israelWallClock(new Date(Date.now() + 7 * 24 * 3600_000));
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

async function takeIn(server: AppServer, lang: Lang): Promise<void> {
  const text = texts[lang];
  await signedIn(
    server,
    lang,
    async ({ page, shot }) => {
      const calls = new TenantCallsPage(page, server.baseUrl);
      calls.lang = lang;
      await calls.approveTerms();
      await calls.openList();
      await calls.openNew();
      const photo = await drawnJpeg(page, 'lobby.jpg', { width: 640, height: 480 }, [
        { fill: '#8a6d3b', rect: [0, 0, 640, 480] },
        { fill: '#f5e6b8', rect: [260, 60, 120, 160] },
      ]);
      await page.getByRole('radio', { name: calls.t('area.common') }).check();
      await page.getByLabel(calls.t('domainLabel'), { exact: true }).selectOption({ label: calls.calls('domain.electricity') });
      await page.getByLabel(calls.t('descriptionLabel'), { exact: true }).fill(text.fault);
      await page.getByLabel(calls.calls('photos.gallery')).setInputFiles([photo]);
      await calls.waitForCount(calls.pickedPhotos(), 1);
      await shot(`tenant-report-new-${lang}.png`, { top: true });
      await page.getByRole('button', { name: calls.t('send') }).click();
      await calls.waitForCount(calls.photos(), 1);
      await shot(`tenant-report-${lang}.png`, { top: true });
      await calls.openList();
      await calls.waitVisible(page.getByRole('listitem').filter({ hasText: text.fault }).first());
      await shot(`tenant-reports-${lang}.png`, { top: true });
    },
    'moshe',
  );
  await signedIn(
    server,
    lang,
    async ({ page, shot }) => {
      const polls = new PollsPage(page, server.baseUrl);
      polls.lang = lang;
      await polls.goto(`/polls/${BUILDING}`);
      await polls.waitForRoute('polls');
      await polls.newPoll().click();
      await polls.question().fill(text.question);
      await polls.option(1).fill(text.options[0]);
      await polls.option(2).fill(text.options[1]);
      await polls.closesAt(closingInAWeek(), '20:00');
      await shot(`poll-new-${lang}.png`, { top: true });
      await polls.open().click();
      await polls.waitVisible(polls.poll(text.question));
    },
    'rina',
  );
  await signedIn(
    server,
    lang,
    async ({ page, shot }) => {
      const polls = new PollsPage(page, server.baseUrl);
      polls.lang = lang;
      await polls.goto(`/polls/${BUILDING}`);
      await polls.waitForRoute('polls');
      await polls.choice(text.question, text.options[1]).check();
      await polls
        .poll(text.question)
        .getByRole('button', { name: polls.t('vote') })
        .click();
      await polls.expectText(polls.poll(text.question).getByRole('status').last(), polls.t('votedFor', { option: text.options[1] }));
      await shot(`poll-voted-${lang}.png`, { top: true });
    },
    'moshe',
  );
}

export async function takeResidents(): Promise<void> {
  for (const lang of languages) await withServer((server) => takeIn(server, lang));
}

if (isMain(import.meta.url)) await takeResidents();
