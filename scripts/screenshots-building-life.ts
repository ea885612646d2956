// Screenshots of building life (issue 16) in Hebrew and English at 390×844: a room's day with the
// tenant's booking, the building's gates, the committee's message with its recipients preview, and the
// announcements board. `npx tsx scripts/screenshots-building-life.ts` (serialized with the browser
// tests: it uses dist/).
import type { Page } from 'playwright-core';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { text } from '../tests/e2e/pages/LoginPage';
import { MessagesPage } from '../tests/e2e/pages/MessagesPage';
import { ShellLayoutPage } from '../tests/e2e/pages/ShellLayoutPage';
import { TenantRoomPage } from '../tests/e2e/pages/TenantRoomPage';
import { isMain } from './paths';
import type { Lang } from './screenshots/session';
import { languages, signedIn, withServer } from './screenshots/session';

const CLUB_ROOM = 'חדר מועדון';

const messages: Record<Lang, { subject: string; body: string }> = {
  he: { subject: 'ניקוי מאגרי המים', body: 'ביום שני בין 08:00 ל-12:00 ינוקו מאגרי המים של הבניין. ייתכנו הפסקות קצרות במים.' },
  en: { subject: 'Elevator service on Sunday', body: 'The elevator is out of service on Sunday between 08:00 and 10:00 for its yearly inspection.' },
};

/** A translated template with its placeholders as "any number", to wait for the figures it shows. */
const figures = (template: string) => new RegExp(template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\s*\w+\s*\}\}/g, '\\d+'));

/** The signed-in frame's menu button: the sign-in is complete and the session stored. */
async function signedInFrame(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: text(lang, 'shell', 'menu.open') }).waitFor({ timeout: 30_000 });
}

export async function takeBuildingLife(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const compose = new MessagesPage(page, server.baseUrl);
        compose.lang = lang;
        await signedInFrame(page, lang);
        await compose.open();
        await compose.compose({ ...messages[lang], owners: true, renters: true, channels: ['email', 'sms', 'push'] });
        await page.getByRole('checkbox', { name: compose.t('pin') }).check();
        await compose.waitVisible(page.getByText(figures(compose.t('reach'))).first());
        await page.getByRole('checkbox', { name: compose.t('pin') }).scrollIntoViewIfNeeded();
        await shot(`building-life-message-${lang}.png`);
        await compose.send();
        await compose.waitVisible(page.getByText(compose.t('sent')));
      },
      'rina',
    );

    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const shell = new ShellLayoutPage(page, server.baseUrl);
        shell.lang = lang;
        // The tenant approves the terms of use once (the first language's run).
        if (lang === languages[0]) await shell.approveTerms();
        await signedInFrame(page, lang);

        const room = new TenantRoomPage(page, server.baseUrl);
        room.lang = lang;
        await room.open();
        await room.chooseRoom(CLUB_ROOM);
        await room.nextDay();
        if (lang === languages[0]) await room.book('18:00', '19:00');
        await room.waitVisible(room.cancelButton('18:00', '19:00'));
        await room.cancelButton('18:00', '19:00').scrollIntoViewIfNeeded();
        await shot(`building-life-room-${lang}.png`);

        await shell.goto('/gates');
        await shell.waitForRoute('gates');
        await shell.waitVisible(page.getByText('שער חניון').first());
        await shot(`building-life-gates-${lang}.png`, { top: true });

        await shell.goto('/announcements');
        await shell.waitForRoute('announcements');
        await shell.waitVisible(page.getByRole('heading', { name: messages[lang].subject }));
        await shell.waitVisible(page.getByText(text(lang, 'messages', 'pinned')).first());
        await shot(`building-life-announcements-${lang}.png`, { top: true });
      },
      'moshe',
    );
  }
}

if (isMain(import.meta.url)) await withServer(takeBuildingLife);
