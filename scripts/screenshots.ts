// Takes the README screenshots with the real server and Chromium: `npm run screenshots`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../tests/e2e/fixtures/browser';
import { ShellPage } from '../tests/e2e/pages/ShellPage';
import { buildAll } from './build';
import { buildInputs, buildStampPath, root } from './paths';
import { isBuildStale } from './staleness';

const shots = [{ file: 'login-he.png', route: '/login', locale: 'he-IL' }];

if (isBuildStale(buildStampPath, buildInputs)) await buildAll();
const outDir = path.join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startAppServer();
try {
  for (const shot of shots) {
    const browser = await launchBrowser({ locale: shot.locale });
    try {
      const shell = new ShellPage(browser.page, server.baseUrl);
      await shell.goto(shot.route);
      await shell.waitForApp();
      await browser.page.evaluate(() => document.fonts.ready);
      await browser.page.screenshot({ path: path.join(outDir, shot.file) });
      console.log(`docs/screenshots/${shot.file}`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
