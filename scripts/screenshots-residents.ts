// Screenshots of the residents' voice (issue 31): a tenant's fault report (the form, the report, the list),
// a poll as the committee opened it and as an owner voted, a conversation with a photo and the office's
// answer, who runs the building, and what waits at the desk with a pre-approved visitor as the tenant and
// the desk see it, in Hebrew and English at 390×844: `npx tsx scripts/screenshots-residents.ts` (uses dist/).
import { israelWallClock } from '../src/lib/dates';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { openServerState } from '../tests/e2e/fixtures/serverState';
import { BuildingPeoplePage } from '../tests/e2e/pages/BuildingPeoplePage';
import { DeskPage } from '../tests/e2e/pages/DeskPage';
import { PollsPage } from '../tests/e2e/pages/PollsPage';
import { TenantCallsPage } from '../tests/e2e/pages/TenantCallsPage';
import { ThreadsPage } from '../tests/e2e/pages/ThreadsPage';
import { isMain } from './paths';
import type { Lang } from './screenshots/session';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 101;
const texts = {
  he: {
    fault: 'המנורה בלובי הכניסה לא נדלקת כבר יומיים',
    question: 'איזו הצעה לצביעת הלובי?',
    options: ['צבע השרון', 'צבעי הגליל'],
    subject: 'שלט לשער החניה',
    message: 'השלט שלי הפסיק לעבוד. אפשר לקבל חדש? מצרף תמונה.',
    answer: 'שלט חדש מחכה לך במשרד, אפשר לאסוף מחר בין 9 ל־17.',
    visitor: 'דנה המובילה',
    visitorNote: 'מביאה ספה',
    people: {
      office: 'ניהול בניינים השרון',
      hours: 'א׳–ה׳ 9:00–17:00',
      members: ['רינה ביטון', 'יעקב לוי'],
      plumber: 'אינסטלציה מהירה',
      worker: 'איש האחזקה: ב׳ ו־ה׳, 8:00–12:00',
    },
  },
  en: {
    fault: 'The lobby light at the entrance has been out for two days',
    question: 'Which quote for painting the lobby?',
    options: ['Sharon Paints', 'Galil Colours'],
    subject: 'A remote for the parking gate',
    message: 'My remote stopped working. Could I get a new one? A photo is attached.',
    answer: 'A new remote waits for you at the office; collect it tomorrow between 9 and 5.',
    visitor: 'Dana the mover',
    visitorNote: 'Bringing a sofa',
    people: {
      office: 'Sharon Building Management',
      hours: 'Sun–Thu 9:00–17:00',
      members: ['Rina Biton', 'Jacob Levi'],
      plumber: 'Rapid Plumbing',
      worker: 'Maintenance worker: Mon and Thu, 8:00–12:00',
    },
  },
} as const;

/** Who runs building 101, saved by the office (the demo starts with nothing saved). */
function buildingPeopleOf(lang: Lang) {
  const p = texts[lang].people;
  return {
    baseVersion: 0,
    members: [
      {
        id: crypto.randomUUID(),
        name: p.members[0],
        committeeRole: 'chair',
        phone: '0523334455',
        email: 'rina@binyan-demo.co.il',
        showCall: true,
        showMessage: true,
        showEmail: true,
      },
      {
        id: crypto.randomUUID(),
        name: p.members[1],
        committeeRole: 'treasurer',
        phone: '0541112222',
        email: '',
        showCall: true,
        showMessage: false,
        showEmail: false,
      },
    ],
    management: { name: p.office, phone: '035551234', email: 'office@binyan-demo.co.il', officeHours: p.hours },
    emergency: [
      { id: crypto.randomUUID(), kind: 'plumber', name: p.plumber, phone: '0507654321' },
      { id: crypto.randomUUID(), kind: 'elevator', name: '', phone: '1700500500' },
    ],
    workerHours: p.worker,
  };
}

/** A conversation with a photo and the office's answer; who runs the building; the desk, as tenant and desk. */
export async function takeVoice(server: AppServer, lang: Lang): Promise<void> {
  const text = texts[lang];
  const office = openServerState(server, { compId: 1001, userName: 'miri', password: 'demo1234' });
  try {
    await office.send('PUT', `/api/binyan/buildings/${BUILDING}/people`, buildingPeopleOf(lang));
    const home = office.row<{ apartmentId: string }>(
      "SELECT c.apartmentId FROM users u JOIN contacts c ON c.id = u.contactId WHERE u.userName = 'moshe' AND u.companyId = 1001",
    );
    if (!home) throw new Error('the demo owner has an apartment');
    await office.send('POST', '/api/binyan/mail-items', {
      id: crypto.randomUUID(),
      buildingId: BUILDING,
      apartmentId: home.apartmentId,
      contactId: null,
      kind: 'parcel',
      trackingNumber: 'RR123456789IL',
      description: '',
    });
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const threads = new ThreadsPage(page, server.baseUrl);
        threads.lang = lang;
        // This server's first session of moshe: he approves the terms of use (takeIn's sessions come after).
        await threads.approveTerms();
        await threads.openList();
        await threads.openNew();
        const photo = await drawnJpeg(page, 'remote.jpg', { width: 640, height: 480 }, [
          { fill: '#d9dde3', rect: [0, 0, 640, 480] },
          { fill: '#2f3640', rect: [250, 90, 140, 300] },
          { fill: '#c0392b', rect: [290, 140, 60, 60] },
        ]);
        const threadId = await threads.write({ addressee: 'office', subject: text.subject, text: text.message, photos: [photo] });
        await office.until('the conversation on the server', () =>
          office.count('SELECT COUNT(*) FROM thread_messages WHERE threadId = ?', threadId) === 1 ? true : undefined,
        );
        await office.send('POST', `/api/binyan/threads/${threadId}/messages`, { id: crypto.randomUUID(), text: text.answer });
        await threads.goto(`/threads/${threadId}`);
        await threads.waitVisible(threads.messages().filter({ hasText: text.answer }));
        await threads.waitForCount(threads.photos(), 1);
        await shot(`thread-${lang}.png`, { top: true });

        const people = new BuildingPeoplePage(page, server.baseUrl);
        people.lang = lang;
        await people.goto(`/building-people/${BUILDING}`);
        await people.waitForRoute('buildingPeople');
        await people.waitVisible(page.getByText(text.people.office).first());
        await shot(`building-people-${lang}.png`, { top: true });

        const desk = new DeskPage(page, server.baseUrl);
        desk.lang = lang;
        await desk.goto('/desk');
        await desk.waitForRoute('tenantDesk');
        await desk.waitVisible(desk.waitingItem(`${desk.t('kind.parcel')} · RR123456789IL`));
        await desk.approveVisitor(text.visitor, text.visitorNote);
        await desk.waitVisible(desk.approvedVisitor(text.visitor).getByText(desk.t('visitors.today')));
        await shot(`tenant-desk-${lang}.png`, { top: true });
      },
      'moshe',
    );
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const desk = new DeskPage(page, server.baseUrl);
        desk.lang = lang;
        await desk.goto('/reception');
        // A manager's first sign-in fetches the company's buildings first: slow on a busy machine.
        await desk.waitForRoute('reception', 90_000);
        await desk.waitVisible(desk.expectedVisitor(text.visitor));
        await desk.expectedVisitor(text.visitor).scrollIntoViewIfNeeded();
        await shot(`desk-expected-${lang}.png`);
      },
      'miri',
    );
  } finally {
    office.close();
  }
}

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
  for (const lang of languages)
    await withServer(async (server) => {
      await takeVoice(server, lang);
      await takeIn(server, lang);
    });
}

if (isMain(import.meta.url)) await takeResidents();
