import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from './fixtures/appServer';
import type { AppServer } from './fixtures/appServer';
import { axeCheck, launchBrowser } from './fixtures/browser';
import type { AppBrowser } from './fixtures/browser';
import { waitFor } from './fixtures/waitFor';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const avi = { companyCode: '1001', userName: 'avi', password: 'demo1234' };

/**
 * What a script on the origin can decrypt: every string in IndexedDB and the script cookies that the
 * non-extractable keys stored in IndexedDB open (the session vault and its cookie mirror).
 */
async function decryptedStorage(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const keys: CryptoKey[] = [];
    const strings: string[] = [];
    const visit = (value: unknown): void => {
      if (value instanceof CryptoKey) keys.push(value);
      else if (typeof value === 'string') strings.push(value);
      else if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && !(value instanceof Blob)) Object.values(value).forEach(visit);
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name as string);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        visit(
          await new Promise<unknown[]>((resolve, reject) => {
            const req = db.transaction(store).objectStore(store).getAll();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          }),
        );
      }
      db.close();
    }
    const cookies = Object.fromEntries(document.cookie.split(';').map((c) => c.trim().split('=') as [string, string]));
    let mirror = '';
    for (let i = 0; cookies[`bn_s${i}`] !== undefined; i += 1) mirror += decodeURIComponent(cookies[`bn_s${i}`] ?? '');
    if (mirror) strings.push(mirror);
    const plain: string[] = [];
    for (const text of strings) {
      if (!/^[A-Za-z0-9+/]{24,}={0,2}$/.test(text)) continue;
      const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      for (const key of keys) {
        try {
          const clear = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
          plain.push(new TextDecoder().decode(clear));
        } catch {
          // Not made with this key.
        }
      }
    }
    return plain;
  });
}

/** Everything a script on the origin can reach: cookies (all, HttpOnly too), localStorage, every IndexedDB store. */
async function dumpStorage(page: Page): Promise<{ scriptCookies: string; serverCookies: string; localStorage: string; indexedDb: string }> {
  const all = (await page.context().cookies()).map((c) => ({ name: c.name, value: c.value, httpOnly: c.httpOnly, path: c.path }));
  const scriptCookies = JSON.stringify(all.filter((c) => !c.httpOnly));
  const serverCookies = JSON.stringify(all.filter((c) => c.httpOnly));
  const { local, idb } = await page.evaluate(async () => {
    const local = JSON.stringify(Object.fromEntries(Object.entries(localStorage)));
    const out: Record<string, unknown[]> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name as string);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        out[`${info.name}/${store}`] = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
    }
    const idb = JSON.stringify(out, (_, value: unknown) =>
      value instanceof CryptoKey ? `[CryptoKey extractable=${value.extractable}]` : value instanceof Blob ? '[Blob]' : value,
    );
    return { local, idb };
  });
  return { scriptCookies, serverCookies, localStorage: local, indexedDb: idb };
}

describe('sign-in, session and languages', () => {
  let server: AppServer;
  let browser: AppBrowser;
  let login: LoginPage;
  let shell: ProfilePage;
  let sqlite: Database.Database;
  const tokens = new Set<string>();
  const renewalSecrets = new Set<string>();
  const personal = new Set<string>([avi.userName]);
  const reloginCalls: string[] = [];

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    login = new LoginPage(browser.page, server.baseUrl);
    shell = new ProfilePage(browser.page, server.baseUrl);
    sqlite = new Database(server.databasePath);
    // The silent re-login spends the renewal secret (no password is kept to log in with).
    browser.page.context().on('request', (request) => {
      if (request.url().includes('/api/auth/session/renew')) reloginCalls.push(request.url());
    });
    // Every token and personal field the server hands out must never land in storage as plain text.
    browser.page.context().on('response', async (response) => {
      if (!/\/api\/(auth\/otp\/auth|auth\/session\/renew|dbActions\/Login\/AuthByCompID\/v2)/.test(response.url())) return;
      const body = (await response.json().catch(() => null)) as (Record<string, unknown> & { user?: Record<string, unknown> }) | null;
      const user: Record<string, unknown> = body?.user ?? body ?? {};
      if (typeof body?.sessionToken === 'string') tokens.add(body.sessionToken);
      if (typeof body?.renewalSecret === 'string') renewalSecrets.add(body.renewalSecret);
      if (typeof user.WorkerName === 'string') personal.add(user.WorkerName);
    });
  });

  afterAll(async () => {
    sqlite?.close();
    await browser?.close();
    await server?.stop();
  });

  const waitForOtp = (since: number) => server.waitForOtp('avi', { since });

  it('opens in Hebrew on Login and has no serious accessibility violations', async () => {
    await login.goto('/');
    await login.waitForForm();
    await login.expectPath('/login');
    await login.expectDocumentDirection({ lang: 'he', dir: 'rtl' });
    await login.expectTitle('בניין – כניסה');
    await axeCheck(browser.page);
  });

  it('refuses a wrong password as incorrect details (USER NOT FOUND)', async () => {
    await login.fillDetails({ ...avi, password: 'wrong-password' });
    await login.button(login.t('sendCode')).click();
    await login.waitVisible(browser.page.getByRole('alert').filter({ hasText: /./ }));
    await expect(login.codeInput().count()).resolves.toBe(0);
  });

  it('signs in with the code from the server log, shows where it went and a resend countdown', async () => {
    await login.fillDetails(avi);
    const mark = server.otpMark();
    await login.requestCode();
    await login.expectText(login.sentTo(), /\*/);
    await login.waitVisible(login.resendCountdown());
    await login.expectDisabled(login.resendButton(), true);
    await login.submitCode(await waitForOtp(mark));
    // A field worker lands on their home, the day's plan (app/homeRoute.ts).
    await shell.waitForRoute('dailyPlan');
    await shell.expectPath('/daily-plan');
    await axeCheck(browser.page);
  });

  it('switches to English and Russian without a reload, and stays signed in after a reload', async () => {
    await shell.navigateTo('userProfile');
    const navigations: string[] = [];
    browser.page.on('framenavigated', (frame) => {
      if (frame === browser.page.mainFrame()) navigations.push(frame.url());
    });
    await shell.switchLanguage('en');
    await shell.expectDocumentDirection({ lang: 'en', dir: 'ltr' });
    await shell.switchLanguage('ru');
    await shell.expectDocumentDirection({ lang: 'ru', dir: 'ltr' });
    expect(navigations).toEqual([]);
    // The server is told too (through the outbox): it writes reminders to this user in Russian now.
    const serverLanguage = () =>
      (sqlite.prepare('SELECT languageId FROM users WHERE userName = ?').get(avi.userName) as { languageId: number } | undefined)?.languageId;
    await expect.poll(serverLanguage, { timeout: 15_000 }).toBe(4);
    await shell.reload();
    await shell.waitForRoute('userProfile');
    await shell.expectDocumentDirection({ lang: 'ru', dir: 'ltr' });
    await shell.expectTitle('Binyan – Профиль');
  });

  // Password and tokens: nowhere. The user's own personal fields: not in cookies, localStorage or the
  // session storage; domain records cached for offline work (calls, contacts) are not session data.
  const assertNoSecrets = (where: string, content: string, checkPersonal = true) => {
    for (const secret of [avi.password, ...tokens, ...renewalSecrets])
      expect(content.includes(secret), `a password, token or renewal secret in ${where}`).toBe(false);
    if (!checkPersonal) return;
    for (const value of personal) expect(content.includes(`"${value}"`) || content.includes(`=${value}`), `${value} in ${where}`).toBe(false);
  };
  const domainStores =
    /\/(buildings|apartments|contacts|serviceCalls|serviceCallUpdates|meters|meterReadings|keys|mailItems|visits|dailyPlans|facilities|maintenanceTests|debts|checkGroups|checks|photos|syncLog)$/;
  // Outbox payloads mirror domain records; the envelope (owner key, entity, state…) must hold no personal field.
  const outboxEnvelope = (rows: unknown[]) => rows.map((row) => ({ ...(row as Record<string, unknown>), payload: null, rowPatch: null, base: null }));

  it('keeps no password, token or personal field in plain text in the app’s cookies, localStorage or IndexedDB', async () => {
    // The sign-in answers are read asynchronously (response listener): wait for them before comparing.
    await expect.poll(() => tokens.size, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => personal.size, { timeout: 15_000 }).toBeGreaterThan(1);
    // Sampled once the sign-in has been stored (the non-extractable key and the session cookie exist).
    const dump = await waitFor(
      'the sign-in stored on the device',
      async () => {
        const now = await dumpStorage(browser.page);
        return now.indexedDb.includes('[CryptoKey extractable=false]') && now.scriptCookies.includes('bn_s0') ? now : undefined;
      },
      15_000,
    );
    expect(dump.indexedDb).toContain('[CryptoKey extractable=false]');
    expect(dump.scriptCookies).toContain('bn_s0');
    assertNoSecrets('cookies', dump.scriptCookies);
    assertNoSecrets('localStorage', dump.localStorage);
    for (const [store, rows] of Object.entries(JSON.parse(dump.indexedDb) as Record<string, unknown[]>)) {
      assertNoSecrets(`IndexedDB ${store}`, JSON.stringify(rows), !domainStores.test(store) && !store.endsWith('/outbox'));
      if (store.endsWith('/outbox')) assertNoSecrets(`IndexedDB ${store} envelope`, JSON.stringify(outboxEnvelope(rows)));
    }
  });

  it('keeps no password at all, not even encrypted: the decrypted vault and its cookie hold a renewal secret instead', async () => {
    const plain = await decryptedStorage(browser.page);
    // The vault (IndexedDB) and its cookie mirror were both opened: the check below is not vacuous.
    expect(plain.filter((p) => p.includes('"userName":"avi"')).length).toBeGreaterThanOrEqual(2);
    expect(renewalSecrets.size).toBeGreaterThan(0);
    expect(plain.some((p) => [...renewalSecrets].some((secret) => p.includes(secret)))).toBe(true);
    for (const p of plain) {
      expect(p.includes(avi.password), 'the password, decrypted').toBe(false);
      expect(p).not.toContain('"pswd"');
    }
  });

  it('has no token in plain text in the HttpOnly cookies the server sets either', async () => {
    const { serverCookies } = await dumpStorage(browser.page);
    expect(serverCookies).toContain('"name":"binyan_session"');
    assertNoSecrets('HttpOnly cookies', serverCookies);
  });

  it('renews an expired session silently during use', async () => {
    await shell.navigateTo('keys');
    sqlite.prepare('DELETE FROM sessions').run();
    const before = reloginCalls.length;
    await shell.navigateTo('userProfile');
    await expect.poll(() => reloginCalls.length, { timeout: 15_000 }).toBe(before + 1);
    await expect.poll(() => (sqlite.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n, { timeout: 15_000 }).toBeGreaterThan(0);
    await shell.waitForRoute('userProfile');
    await shell.expectPath('/user-profile');
  });

  it('goes to Login when the renewal fails, and returns to the remembered page after signing in', async () => {
    await shell.navigateTo('keys');
    // Revoked elsewhere (e.g. the device logged out on another tab's server session, or an admin).
    sqlite.prepare("UPDATE renewal_secrets SET revokedAt = datetime('now') WHERE revokedAt IS NULL").run();
    sqlite.prepare('DELETE FROM sessions').run();
    const before = reloginCalls.length;
    await shell.openMenu();
    await browser.page.getByRole('link', { name: 'Профиль' }).click();
    login.lang = 'ru';
    await login.waitForForm();
    await login.expectPath('/login');
    await expect.poll(() => reloginCalls.length, { timeout: 15_000 }).toBe(before + 1);
    await login.signIn(avi, waitForOtp, () => server.otpMark());
    await shell.waitForRoute('userProfile');
    await shell.expectPath('/user-profile');
  });

  it('logs out, then signs in from start-up parameters, removes them from the URL and hides navigation', async () => {
    await shell.navigateTo('userProfile');
    await shell.logout();
    login.lang = 'ru';
    await login.waitForForm();
    const passwordLogins: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/api/dbActions/Login/AuthByCompID/v2')) passwordLogins.push(request.url());
    };
    browser.page.on('request', onRequest);
    await shell.goto('/keys?userinfo=avi,demo1234&cpid=1001&fa=Herzl%205&hn=1');
    // The server refuses a password alone (the default): the link prefills Login and the code completes it.
    await login.waitForForm();
    expect(passwordLogins).toHaveLength(1);
    expect(new URL(browser.page.url()).search).toBe('');
    expect(await browser.page.getByLabel(login.t('companyCode')).inputValue()).toBe('1001');
    expect(await browser.page.getByLabel(login.t('userName')).inputValue()).toBe('avi');
    expect(await browser.page.getByLabel(login.t('password')).inputValue()).toBe(avi.password);
    const mark = server.otpMark();
    await login.requestCode();
    await login.submitCode(await waitForOtp(mark));
    await shell.waitForRoute('keys');
    browser.page.off('request', onRequest);
    await expect.poll(() => new URL(browser.page.url()).search, { timeout: 15_000 }).toBe('');
    await expect(browser.page.getByRole('button', { name: 'Открыть меню' }).count()).resolves.toBe(0);
    // Not even the link's password was stored.
    for (const p of await decryptedStorage(browser.page)) expect(p.includes(avi.password)).toBe(false);
  });
});
