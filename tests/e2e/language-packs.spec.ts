// English, French and Russian are language packs: the service worker installs the app with Hebrew
// only, and keeps a pack when a user picks its language. Offline, a language never downloaded is
// refused in words and the app stays in its language; a pack picked online reads everywhere offline.
// The texts only screens kept on first use show are kept with them, in Hebrew too. Applying the
// server's dictionary (matched by the English texts' hashes) loads no English.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import { distDir } from './fixtures/appServer';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline } from './fixtures/browser';
import { signInForSync } from './fixtures/chaos';
import { text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const namespaceCount = readdirSync(path.join('src', 'i18n', 'locales', 'fr')).filter((file) => file.endsWith('.json')).length;

/** The namespaces the build keeps on first use in every language (the list it injected into the service worker). */
function namespacesOnFirstUse(): string[] {
  const files = /"files":\[([^\]]*)\]/.exec(readFileSync(path.join(distDir, 'sw.js'), 'utf8'))?.[1] ?? '';
  return [...files.matchAll(/assets\/locale-he-(\w+)-/g)].map((match) => match[1] ?? '');
}

/** The locale files each cache of the service worker holds, by language. */
type HeldLocales = Record<string, Record<string, number>>;

describe('language packs', () => {
  let app: TestApp;
  let profile: ProfilePage;

  const heldLocales = () =>
    app.page.evaluate(async () => {
      const held: Record<string, Record<string, number>> = {};
      for (const name of await caches.keys()) {
        const counts: Record<string, number> = {};
        for (const request of await (await caches.open(name)).keys()) {
          const language = /\/assets\/locale-([a-z]{2})-/.exec(request.url)?.[1];
          if (language) counts[language] = (counts[language] ?? 0) + 1;
        }
        held[name.includes('precache') ? 'precache' : name] = counts;
      }
      return held;
    }) as Promise<HeldLocales>;

  beforeAll(async () => {
    app = await startApp();
    await signInForSync(app.page, app.server, { path: '/user-profile', routeId: 'userProfile' });
    profile = new ProfilePage(app.page, app.baseUrl);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('installs the app with the Hebrew texts of every screen installed with it, and no English, French or Russian', async () => {
    const held = await heldLocales();
    const onFirstUse = namespacesOnFirstUse();
    expect(onFirstUse).toContain('polls');
    expect(held.precache).toEqual({ he: namespaceCount - onFirstUse.length });
    expect(held['binyan-on-demand']?.en ?? 0).toBe(0);
    expect(held['binyan-on-demand']?.fr ?? 0).toBe(0);
  });

  it('keeps the texts of a screen kept on first use once they were loaded, for offline', async () => {
    const file = /"files":\[[^\]]*"(assets\/locale-he-polls-[\w-]+\.js)"/.exec(readFileSync(path.join(distDir, 'sw.js'), 'utf8'))?.[1];
    expect(file).toBeDefined();
    const load = (url: string) => app.page.evaluate(async (at) => (await fetch(at)).ok, url);
    expect(await load(`/${file}`)).toBe(true);
    // The service worker answers first and stores after: wait for the copy it keeps, then go offline.
    await expect.poll(async () => (await heldLocales())['binyan-on-demand']?.he, { timeout: 20_000 }).toBe(1);
    await goOffline(app.context);
    expect(await load(`/${file}`)).toBe(true);
    await goOnline(app.context);
  });

  it('offline, refuses Russian in words and stays in Hebrew', async () => {
    await goOffline(app.context);
    await app.page.getByRole('radio', { name: 'Русский' }).click();
    const refused = app.page.getByRole('alert').filter({ hasText: text('he', 'common', 'languagePack.unavailable', { language: 'Русский' }) });
    await profile.waitVisible(refused);
    await profile.expectChecked(app.page.getByRole('radio', { name: 'עברית' }), true);
    await profile.expectDocumentDirection({ lang: 'he', dir: 'rtl' });
    await profile.waitForRoute('userProfile');
    expect(await axeCheck(app.page)).toEqual([]);
  });

  it('downloads French when picked online, then reads French on a screen first opened offline after a reload', async () => {
    await goOnline(app.context);
    await profile.switchLanguage('fr');
    await profile.expectDocumentDirection({ lang: 'fr', dir: 'ltr' });
    expect((await heldLocales())['binyan-on-demand']?.fr).toBe(namespaceCount);

    await goOffline(app.context);
    await profile.reload();
    await profile.waitForRoute('userProfile');
    await profile.navigateTo('keys');
    await profile.waitVisible(profile.main().getByRole('tablist', { name: text('fr', 'items', 'keys.tabs') }));
  });

  it('downloads Russian once the connection is back, after the refusal', async () => {
    await goOnline(app.context);
    await profile.navigateTo('userProfile');
    await profile.switchLanguage('ru');
    await profile.expectDocumentDirection({ lang: 'ru', dir: 'ltr' });
    expect((await heldLocales())['binyan-on-demand']?.ru).toBe(namespaceCount);
  });
});
