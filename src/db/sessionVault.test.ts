import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from './db';
import { createSessionVault, DATA_ROW, emptySession, hasStoredCredentials, isLoggedIn, KEY_ROW } from './sessionVault';
import type { CookieJar } from './sessionVault';

type Jar = CookieJar & { written: string[]; store: Map<string, string> };

function memoryJar(secure: boolean): Jar {
  const store = new Map<string, string>();
  const written: string[] = [];
  return {
    secure,
    written,
    store,
    read: () => [...store].map(([k, v]) => `${k}=${v}`).join('; '),
    write(cookie) {
      written.push(cookie);
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0\b/.test(cookie)) store.delete(name);
      else store.set(name, value);
    },
  };
}

const noChannel = { channel: null };
const dbs: AppDB[] = [];
function freshDb(): AppDB {
  const db = new AppDB(`vault-test-${Math.random()}`);
  dbs.push(db);
  return db;
}

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const signedIn = {
  ...emptySession,
  userName: 'avi',
  pswd: 'demo1234',
  compID: 1001,
  sessionToken: 'tok-abcdef0123456789',
  loggedIn: true,
  WorkerName: 'Avi Cohen',
};

describe('session vault', () => {
  it('round-trips the session and starts empty', async () => {
    const vault = createSessionVault(freshDb().meta, null, noChannel);
    expect(await vault.loadSession()).toEqual(emptySession);
    await vault.saveSession(signedIn);
    const again = createSessionVault(dbs[0]!.meta, null, noChannel);
    expect(await again.loadSession()).toEqual(signedIn);
  });

  it('stores only ciphertext and a non-extractable key in IndexedDB', async () => {
    const db = freshDb();
    await createSessionVault(db.meta, null, noChannel).saveSession(signedIn);
    const data = await db.meta.get(DATA_ROW);
    const key = await db.meta.get(KEY_ROW);
    const raw = JSON.stringify(data);
    for (const secret of ['demo1234', 'tok-abcdef', 'avi', 'Avi Cohen', '1001']) expect(raw).not.toContain(secret);
    expect(key?.value).toBeInstanceOf(CryptoKey);
    expect((key?.value as CryptoKey).extractable).toBe(false);
  });

  it('updates with a patch and clears keeping or dropping the credentials', async () => {
    const vault = createSessionVault(freshDb().meta, null, noChannel);
    await vault.saveSession({ ...signedIn, languageId: 4 });
    expect((await vault.updateSession({ bID: 7 })).bID).toBe(7);
    const kept = await vault.clearSession({ keepCredentials: true });
    expect(kept).toMatchObject({ userName: 'avi', pswd: 'demo1234', compID: 1001, sessionToken: '', loggedIn: false, bID: null, languageId: 4 });
    const dropped = await vault.clearSession();
    expect(dropped).toMatchObject({ userName: '', pswd: '', compID: null, languageId: 4 });
  });

  it('mirrors every key except the token into an encrypted cookie per spec', async () => {
    const jar = memoryJar(true);
    const db = freshDb();
    await createSessionVault(db.meta, jar, noChannel).saveSession(signedIn);
    const cookie = jar.written.find((c) => c.startsWith('bn_s0=')) ?? '';
    expect(cookie).toMatch(/Max-Age=5184000; Path=\/; SameSite=Lax; Secure$/);
    for (const secret of ['demo1234', 'tok-abcdef', 'avi']) expect(decodeURIComponent(jar.read())).not.toContain(secret);
    // IndexedDB session gone, cookie left: the session comes back without the token.
    await db.meta.delete(DATA_ROW);
    const restored = await createSessionVault(db.meta, jar, noChannel).loadSession();
    expect(restored).toMatchObject({ userName: 'avi', pswd: 'demo1234', compID: 1001, sessionToken: '' });
  });

  it('omits Secure on localhost', async () => {
    const jar = memoryJar(false);
    await createSessionVault(freshDb().meta, jar, noChannel).saveSession(signedIn);
    expect(jar.written[0]).toMatch(/SameSite=Lax$/);
  });

  it('tells subscribers about a save', async () => {
    const vault = createSessionVault(freshDb().meta, null, noChannel);
    const seen: string[] = [];
    const stop = vault.subscribe((s) => seen.push(s.userName));
    await vault.saveSession(signedIn);
    stop();
    await vault.updateSession({ userName: 'dana' });
    expect(seen).toEqual(['avi']);
  });

  it('ignores a session it cannot decrypt', async () => {
    const db = freshDb();
    await db.meta.put({ key: DATA_ROW, value: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(await createSessionVault(db.meta, null, noChannel).loadSession()).toEqual(emptySession);
  });
});

describe('logged-in rule', () => {
  it('needs a token, a company id and the flag', () => {
    expect(isLoggedIn(signedIn)).toBe(true);
    expect(isLoggedIn({ ...signedIn, sessionToken: '' })).toBe(false);
    expect(isLoggedIn({ ...signedIn, compID: null })).toBe(false);
    expect(isLoggedIn({ ...signedIn, loggedIn: false })).toBe(false);
  });
  it('knows when stored credentials allow a silent login', () => {
    expect(hasStoredCredentials(signedIn)).toBe(true);
    expect(hasStoredCredentials({ ...signedIn, pswd: '' })).toBe(false);
  });
});
