// Documents and people (issue 17) in the browser: a staff member uploads a protocol and e-mails it, and
// adds the bylaws; a tenant opens the bylaws, then opens them again with no connection.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../server/test/smtpSink';
import type { SmtpSink } from '../../server/test/smtpSink';
import { startAppServer } from './fixtures/appServer';
import type { AppServer } from './fixtures/appServer';
import { openServerState } from './fixtures/serverState';
import { axeCheck, goOffline, goOnline, launchBrowser, waitForServiceWorkerControl } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import { DashboardPage } from './pages/DashboardPage';
import { DocumentsPage } from './pages/DocumentsPage';
import { ItemsPage } from './pages/ItemsPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const dir = mkdtempSync(path.join(tmpdir(), 'binyan-docs-'));

async function pdfFile(name: string, line: string, pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) doc.addPage([400, 300]).drawText(`${line} (${n})`, { x: 30, y: 150, size: 14, font });
  const file = path.join(dir, name);
  writeFileSync(file, await doc.save());
  return file;
}

async function jpegFile(name: string): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toFile(file);
  return file;
}

async function signIn(page: Page, server: AppServer, userName: string): Promise<void> {
  const login = new LoginPage(page, server.baseUrl);
  await login.goto('/login');
  await login.signIn(
    { companyCode: '1001', userName, password: 'demo1234' },
    (since) => server.waitForOtp(userName, { since }),
    () => server.otpMark(),
  );
}

let server: AppServer;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startAppServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('documents of the building', () => {
  const protocol = 'Protocol of the general meeting 2026';
  const bylaws = 'House bylaws 2026';

  it('lets a staff member upload a protocol, find it, send it by e-mail, add the bylaws and a photo for the gallery (English)', async () => {
    const browser: AppBrowser = await launchBrowser();
    try {
      const { page } = browser;
      await signIn(page, server, 'miri');
      const profile = new ProfilePage(page, server.baseUrl);
      await profile.waitForRoute('dashboard');
      await profile.navigateTo('userProfile');
      await profile.switchLanguage('en');
      const dashboard = new DashboardPage(page, server.baseUrl);
      dashboard.lang = 'en';
      await dashboard.navigateTo('dashboard');
      await dashboard.select('בית הרצל');
      const docs = new DocumentsPage(page, server.baseUrl);
      docs.lang = 'en';
      await docs.open();
      await docs.upload({ title: protocol, kind: 'protocol', file: await pdfFile('protocol.pdf', 'General meeting, 24/11/2026') });
      await docs.searchBox().fill('general meeting');
      await docs.waitForCount(docs.page.getByRole('list', { name: docs.t('listLabel') }).getByRole('listitem'), 1);
      expect(await axeCheck(page)).toBeDefined();

      await docs.sendByEmail(protocol, 'committee@example.org');
      await docs.resultClosed(docs.t('send.sent', { to: 'committee@example.org' }));
      expect(smtp.mails.filter((m) => m.to.includes('committee@example.org'))).toHaveLength(1);
      expect(smtp.mails.at(-1)?.raw).toContain('application/pdf');

      await docs.searchBox().fill('');
      await docs.upload({ title: bylaws, kind: 'bylaws', file: await pdfFile('bylaws.pdf', 'Bylaws of the house', 2) });
      await docs.waitVisible(docs.card(bylaws).getByText(docs.t('currentVersion')));

      // An image document joins the building's gallery, which opens it in the image viewer.
      await docs.upload({ title: 'Lobby after renovation', kind: 'other', file: await jpegFile('lobby.jpg') });
      await docs.navigateTo('gallery');
      const thumbs = page.getByRole('list', { name: docs.t('gallery.title') }).getByRole('button');
      await docs.waitVisible(thumbs.first());
      await thumbs
        .filter({ has: page.locator('img') })
        .first()
        .click();
      await docs.waitVisible(page.getByRole('dialog').getByRole('img', { name: 'Lobby after renovation' }));
      expect(await axeCheck(page)).toBeDefined();
    } finally {
      await browser.close();
    }
  });

  it('has a tenant approve the terms on first sign-in, read the bylaws offline and sign a form offline that becomes one signed PDF (Hebrew)', async () => {
    const browser = await launchBrowser();
    try {
      const { page, context } = browser;
      await signIn(page, server, 'moshe');
      const docs = new DocumentsPage(page, server.baseUrl);
      expect(await axeCheck(page)).toBeDefined();
      await docs.approveTerms();
      // A tenant's home is My apartment.
      await docs.waitVisible(page.getByRole('heading', { name: text('he', 'routes', 'myApartment'), level: 1 }));
      await waitForServiceWorkerControl(page);
      await docs.goto('/regulations');
      await docs.waitForRoute('regulations');
      await docs.waitVisible(docs.currentBylaws(bylaws));
      await docs.waitVisible(docs.embedded(bylaws));
      // The PDF is drawn in the page (phones show no PDF inside a page): turn to page 2 and zoom in.
      const d = (key: string, values?: Record<string, string | number>) => text('he', 'documents', key, values);
      await docs.waitVisible(page.getByText(d('pdf.pageOf', { page: 1, pages: 2 })));
      const narrow = (await docs.embedded(bylaws).boundingBox())?.width ?? 0;
      await page.getByRole('button', { name: d('pdf.next') }).click();
      await docs.waitVisible(page.getByText(d('pdf.pageOf', { page: 2, pages: 2 })));
      await docs.expectDisabled(page.getByRole('button', { name: d('pdf.next') }), true);
      await page.getByRole('button', { name: d('pdf.zoomIn') }).click();
      await docs.waitVisible(page.getByRole('button', { name: d('pdf.fitWidth') }).getByText('150%'));
      await docs.waitVisible(docs.embedded(bylaws));
      expect((await docs.embedded(bylaws).boundingBox())?.width ?? 0).toBeGreaterThan(narrow * 1.4);
      expect(await axeCheck(page)).toBeDefined();

      await offlineReload(context, docs);
      await docs.waitVisible(docs.currentBylaws(bylaws));
      await docs.waitVisible(docs.embedded(bylaws));

      // Still offline: a form signed with a finger is kept on the phone, and becomes one signed PDF once back online.
      const state = openServerState(server);
      try {
        const signedPdfs = () => state.count("SELECT COUNT(*) FROM documents WHERE kind = 'signedForm' AND mimeType = 'application/pdf'");
        await docs.navigateTo('signForm');
        const s = (key: string, values?: Record<string, string>) => text('he', 'signForms', key, values);
        await page.getByRole('textbox', { name: s('fields.keyDescription') }).fill('מפתח מחסן');
        await page.getByRole('textbox', { name: s('fields.keyCount') }).fill('2');
        // A tenant signs as himself: his name is shown, not typed.
        expect(await page.getByRole('textbox', { name: s('signerName') }).isEditable()).toBe(false);
        await page.getByRole('button', { name: s('sign') }).click();
        await docs.waitVisible(page.getByRole('alert').getByText(text('he', 'errors', 'signatureRequired')));
        const pad = page.getByRole('img', { name: s('signature') });
        const box = await pad.boundingBox();
        if (!box) throw new Error('the signature pad is not on the screen');
        await page.mouse.move(box.x + 30, box.y + box.height / 2);
        await page.mouse.down();
        for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
        await page.mouse.up();
        expect(await axeCheck(page)).toBeDefined();
        await page.getByRole('button', { name: s('sign') }).click();
        const last = page.getByRole('region', { name: s('lastSigned') });
        await docs.waitVisible(last.getByText(s('savedOnDevice', { title: s('forms.keyReceipt.title') })));
        expect(signedPdfs()).toBe(0);

        await goOnline(context);
        await state.until('the signed PDF on the server', () => (signedPdfs() === 1 ? true : undefined));
        await docs.waitVisible(last.getByText(s('sentDone', { title: s('forms.keyReceipt.title') })));
        expect(signedPdfs()).toBe(1);
        expect(state.row<{ signerName: string; createdBy: string }>("SELECT signerName, createdBy FROM documents WHERE kind = 'signedForm'")).toEqual({
          signerName: 'משה פרץ',
          createdBy: 'משה פרץ',
        });
      } finally {
        state.close();
      }
      // Online, he may e-mail a document only to his own address or his unit's contacts: the dialog offers just those.
      await docs.open();
      const choices = await docs.sendChoices(bylaws);
      expect(choices).toContain(text('he', 'documents', 'send.myAddress', { email: 'moshe@binyan-demo.co.il' }));
      expect(choices.every((c) => !c.includes('committee@example.org'))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});

describe('the front desk', () => {
  it('lists the building’s open mail and keys from the server, lets a guard log a visitor in and out with no connection, each sent once when back online, and hand a parcel over with a signature (Hebrew)', async () => {
    const browser = await launchBrowser();
    const state = openServerState(server);
    try {
      const { page, context } = browser;
      const r = (key: string, values?: Record<string, string>) => text('he', 'reception', key, values);
      await signIn(page, server, 'shimon');
      const desk = new DocumentsPage(page, server.baseUrl);
      // A guard's home is the front desk (app/homeRoute.ts).
      await desk.waitForRoute('reception');
      await waitForServiceWorkerControl(page);
      await desk.navigateTo('reception');
      await desk.waitVisible(page.getByRole('heading', { name: r('visitors.title') }));
      // The building's open mail and keys come from the server (registered on any device), and stay listed offline.
      const open = state.count(
        "SELECT (SELECT COUNT(*) FROM mail_items WHERE buildingId = 102 AND status = 'pending') + (SELECT COUNT(*) FROM key_items WHERE buildingId = 102 AND status = 'pending')",
      );
      expect(open).toBeGreaterThan(0);
      const waiting = page.getByRole('list', { name: r('waiting.list') }).getByRole('listitem');
      await desk.waitForCount(waiting, open);
      expect(await axeCheck(page)).toBeDefined();

      await goOffline(context);
      await desk.reload();
      await desk.waitForCount(waiting, open);
      await page.getByRole('textbox', { name: r('visitors.name') }).fill('דני שליח');
      await page.getByRole('textbox', { name: r('visitors.apartment') }).fill('7');
      await page.getByRole('button', { name: r('visitors.arrive') }).click();
      const visitor = page.getByRole('list', { name: r('visitors.log') }).getByRole('listitem', { name: 'דני שליח' });
      await desk.waitVisible(visitor);
      await visitor.getByRole('button', { name: r('visitors.leaveOf', { name: 'דני שליח' }) }).click();
      await desk.waitVisible(visitor.getByText(/יציאה \d\d:\d\d/));
      expect(state.count("SELECT COUNT(*) FROM visitors WHERE name = 'דני שליח'")).toBe(0);

      await goOnline(context);
      await state.until('the visitor left, on the server', () =>
        state.count("SELECT COUNT(*) FROM visitors WHERE name = 'דני שליח' AND leftAt IS NOT NULL") === 1 ? true : undefined,
      );
      expect(state.count("SELECT COUNT(*) FROM visitors WHERE name = 'דני שליח'")).toBe(1);

      // A parcel handed over with the recipient's signature drawn with a finger, kept with the handover.
      const parcel = state.row<{ id: string; trackingNumber: string }>(
        "SELECT id, trackingNumber FROM mail_items WHERE buildingId = 102 AND status = 'pending' ORDER BY id LIMIT 1",
      );
      if (!parcel) throw new Error('building 102 has mail waiting in the demo');
      const mail = new ItemsPage(page, server.baseUrl, 'mailItems');
      await mail.goto('/mail-items');
      await mail.waitVisible(mail.card(parcel.trackingNumber));
      await mail.handOver(parcel.trackingNumber, 'רותי כהן', { signed: true });
      await state.until('the signed handover on the server', () =>
        state.count("SELECT COUNT(*) FROM mail_items WHERE id = ? AND status = 'delivered' AND signatureFileId IS NOT NULL", parcel.id) === 1
          ? true
          : undefined,
      );
      await mail.tab('delivered').click();
      await mail.waitVisible(mail.card(parcel.trackingNumber).getByRole('img', { name: mail.t('handover.signatureOf', { name: 'רותי כהן' }) }));
      expect(await axeCheck(page)).toBeDefined();
    } finally {
      state.close();
      await browser.close();
    }
  });
});

describe('contact us', () => {
  it('lets a visitor leave their details without signing in, checking them first (Hebrew)', async () => {
    const browser = await launchBrowser();
    const state = openServerState(server);
    try {
      const { page } = browser;
      const t = (key: string) => text('he', 'contactUs', key);
      await page.goto(new URL('/login', server.baseUrl).href);
      await page.getByRole('link', { name: text('he', 'auth', 'contactUs') }).click();
      const form = page.getByRole('main');
      await form.getByRole('heading', { name: t('title') }).waitFor();
      await form.getByRole('textbox', { name: t('fullName') }).fill('רונית אברהם');
      await form.getByRole('textbox', { name: t('phone') }).fill('0521234');
      await form.getByRole('button', { name: t('send') }).click();
      await form.getByText(text('he', 'errors', 'invalidPhone')).waitFor();
      expect(await axeCheck(page)).toBeDefined();
      // What was typed is still there; fixing the phone and adding the building sends it.
      expect(await form.getByRole('textbox', { name: t('fullName') }).inputValue()).toBe('רונית אברהם');
      await form.getByRole('textbox', { name: t('phone') }).fill('0521234567');
      await form.getByRole('textbox', { name: t('building') }).fill('ז׳בוטינסקי 10, רמת גן');
      await form.getByRole('button', { name: t('send') }).click();
      await form.getByRole('status').getByText(t('thanks')).waitFor();
      expect(state.count('SELECT COUNT(*) FROM leads WHERE phone = ?', '0521234567')).toBe(1);
    } finally {
      state.close();
      await browser.close();
    }
  });
});

async function offlineReload(context: BrowserContext, docs: DocumentsPage): Promise<void> {
  await goOffline(context);
  await docs.reload();
  await docs.waitForRoute('regulations');
}
