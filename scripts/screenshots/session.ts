// What every README screenshot script shares: a fresh build, the real server, a phone-sized Chromium
// signed in as the demo worker in Hebrew or English, and the capture itself (docs/screenshots/*.png).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startAppServer } from '../../tests/e2e/fixtures/appServer';
import type { AppServer } from '../../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../../tests/e2e/fixtures/browser';
import { LoginPage } from '../../tests/e2e/pages/LoginPage';
import { buildAll } from '../build';
import { buildInputs, buildStampPath, root } from '../paths';
import { isBuildStale } from '../staleness';

export type Lang = 'he' | 'en';
export const languages: readonly Lang[] = ['he', 'en'];
const locales: Record<Lang, string> = { he: 'he-IL', en: 'en-GB' };
const outDir = path.join(root, 'docs/screenshots');

export type Session = {
  server: AppServer;
  lang: Lang;
  page: Page;
  context: BrowserContext;
  /** Saves the viewport as docs/screenshots/`file` once the fonts are in; `top` scrolls up first. */
  shot(file: string, options?: { top?: boolean }): Promise<void>;
};

/** Builds dist/ when a source is newer than it, then runs `take` against a fresh demo server. */
export async function withServer(take: (server: AppServer) => Promise<void>): Promise<void> {
  if (isBuildStale(buildStampPath, buildInputs)) await buildAll();
  mkdirSync(outDir, { recursive: true });
  const server = await startAppServer();
  try {
    await take(server);
  } finally {
    await server.stop();
  }
}

/** A fresh phone-sized browser in `lang`'s locale, closed after `take`. */
export async function inBrowser(server: AppServer, lang: Lang, take: (session: Session) => Promise<void>): Promise<void> {
  const browser = await launchBrowser({ locale: locales[lang] });
  const { page, context } = browser;
  const shot = async (file: string, options: { top?: boolean } = {}) => {
    await page.evaluate(() => document.fonts.ready);
    if (options.top) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(outDir, file) });
    console.log(`docs/screenshots/${file}`);
  };
  try {
    await take({ server, lang, page, context, shot });
  } finally {
    await browser.close();
  }
}

/** As `inBrowser`, signed in as a demo user of company 1001 (the worker avi unless named) with the app in `lang`. */
export async function signedIn(server: AppServer, lang: Lang, take: (session: Session) => Promise<void>, userName = 'avi'): Promise<void> {
  await inBrowser(server, lang, async (session) => {
    const login = new LoginPage(session.page, server.baseUrl);
    await login.goto('/login');
    await login.waitForForm();
    if (lang === 'en') {
      await session.page.getByRole('radio', { name: 'English' }).check();
      login.lang = 'en';
      await login.waitForForm();
    }
    await login.signIn(
      { companyCode: '1001', userName, password: 'demo1234' },
      (since) => server.waitForOtp(userName, { since }),
      () => server.otpMark(),
    );
    // The code is checked before `take` opens an address: a page loaded meanwhile would land on /login.
    await login.waitSignedIn();
    await take(session);
  });
}

type Draw =
  | { fill: string; rect: readonly [number, number, number, number] }
  | { stroke: string; lineWidth: number; rect: readonly [number, number, number, number] }
  | { fill: string; font: string; text: string; at: readonly [number, number] };

/** A JPEG photo drawn in the page (so it is a real browser-encoded image), ready for a file input. */
export async function drawnJpeg(page: Page, name: string, size: { width: number; height: number }, steps: readonly Draw[]) {
  const base64 = await page.evaluate(
    async ({ width, height, steps }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no 2d context');
      for (const step of steps) {
        if ('text' in step) {
          g.fillStyle = step.fill;
          g.font = step.font;
          g.fillText(step.text, ...step.at);
        } else if ('stroke' in step) {
          g.strokeStyle = step.stroke;
          g.lineWidth = step.lineWidth;
          g.strokeRect(...step.rect);
        } else {
          g.fillStyle = step.fill;
          g.fillRect(...step.rect);
        }
      }
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { ...size, steps },
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}
