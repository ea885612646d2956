import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from './db';
import { decryptJson, encryptJson } from '../lib/crypto';
import { createSessionVault, DATA_ROW, emptySession, hasRenewalSecret, isLoggedIn, KEY_ROW } from './sessionVault';
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
  renewalSecret: 'renew-secret-0123456789',
  deviceId: 'device-6f1c2a',
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
    // Ciphertext (base64) may hold any short run of letters or digits by chance, never a quote or a space:
    // look for the long secrets and for the names and numbers as they would stand in the plain session.
    for (const secret of ['renew-secret', 'tok-abcdef', '"avi"', 'Avi Cohen', '"compID":1001', 'userName']) expect(raw).not.toContain(secret);
    expect(key?.value).toBeInstanceOf(CryptoKey);
    expect((key?.value as CryptoKey).extractable).toBe(false);
  });

  it('updates with a patch and clears keeping or dropping who signed in, never the renewal secret; the device id stays', async () => {
    const vault = createSessionVault(freshDb().meta, null, noChannel);
    await vault.saveSession({ ...signedIn, languageId: 4 });
    expect((await vault.updateSession({ bID: 7 })).bID).toBe(7);
    const kept = await vault.clearSession({ keepCredentials: true });
    expect(kept).toMatchObject({
      userName: 'avi',
      renewalSecret: '',
      deviceId: 'device-6f1c2a',
      compID: 1001,
      sessionToken: '',
      loggedIn: false,
      bID: null,
      languageId: 4,
    });
    const dropped = await vault.clearSession();
    expect(dropped).toMatchObject({ userName: '', renewalSecret: '', deviceId: 'device-6f1c2a', compID: null, languageId: 4 });
  });

  it('keeps no password at all: a session an older version stored with one loses it on first load, in IndexedDB and the cookie', async () => {
    const db = freshDb();
    const jar = memoryJar(false);
    await createSessionVault(db.meta, jar, noChannel).saveSession(signedIn);
    const key = (await db.meta.get(KEY_ROW))?.value as CryptoKey;
    const legacy = { ...signedIn, renewalSecret: undefined, deviceId: undefined, pswd: 'demo1234' };
    await db.meta.put({ key: DATA_ROW, value: await encryptJson(key, legacy) });
    const { sessionToken: _token, ...legacyCookie } = legacy;
    jar.store.clear();
    jar.store.set('bn_s0', encodeURIComponent(await encryptJson(key, legacyCookie)));

    const loaded = await createSessionVault(db.meta, jar, noChannel).loadSession();
    expect(loaded).not.toHaveProperty('pswd');
    expect(loaded).toMatchObject({ userName: 'avi', compID: 1001, sessionToken: 'tok-abcdef0123456789', renewalSecret: '' });
    const stored = await decryptJson<Record<string, unknown>>(key, String((await db.meta.get(DATA_ROW))?.value));
    expect(JSON.stringify(stored)).not.toContain('demo1234');
    expect(stored).not.toHaveProperty('pswd');
    const cookie = decodeURIComponent(jar.store.get('bn_s0') ?? '');
    const inCookie = await decryptJson<Record<string, unknown>>(key, cookie);
    expect(inCookie).toMatchObject({ userName: 'avi' });
    expect(JSON.stringify(inCookie)).not.toContain('demo1234');
  });

  it('makes one device id, keeps it, and reads storage again past its cache when asked', async () => {
    const db = freshDb();
    const vault = createSessionVault(db.meta, null, noChannel);
    const id = await vault.deviceId();
    expect(id).toMatch(/^[\w-]{16,128}$/);
    expect(await vault.deviceId()).toBe(id);
    expect((await vault.clearSession()).deviceId).toBe(id);
    // Another context (the service worker) rotates the secret: this one's cache still has the old one.
    await vault.updateSession({ renewalSecret: 'old' });
    await createSessionVault(db.meta, null, noChannel).updateSession({ renewalSecret: 'rotated' });
    expect((await vault.loadSession()).renewalSecret).toBe('old');
    expect((await vault.refreshSession()).renewalSecret).toBe('rotated');
  });

  it('mirrors every key except the token into an encrypted cookie per spec', async () => {
    const jar = memoryJar(true);
    const db = freshDb();
    await createSessionVault(db.meta, jar, noChannel).saveSession(signedIn);
    const cookie = jar.written.find((c) => c.startsWith('bn_s0=')) ?? '';
    expect(cookie).toMatch(/Max-Age=5184000; Path=\/; SameSite=Lax; Secure$/);
    // Ciphertext (base64url) may hold any short run of letters by chance, never a quote: look for the
    // long secrets and for the user name as it would stand in the plain session.
    for (const secret of ['renew-secret', 'tok-abcdef', '"avi"', 'userName']) expect(decodeURIComponent(jar.read())).not.toContain(secret);
    // IndexedDB session gone, cookie left: the session comes back without the token.
    await db.meta.delete(DATA_ROW);
    const restored = await createSessionVault(db.meta, jar, noChannel).loadSession();
    expect(restored).toMatchObject({ userName: 'avi', renewalSecret: 'renew-secret-0123456789', compID: 1001, sessionToken: '' });
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
  it('knows when a stored renewal secret allows a silent login', () => {
    expect(hasRenewalSecret(signedIn)).toBe(true);
    expect(hasRenewalSecret({ ...signedIn, renewalSecret: '' })).toBe(false);
    expect(hasRenewalSecret({ ...signedIn, deviceId: '' })).toBe(false);
    expect(Object.keys(emptySession)).not.toContain('pswd');
  });
});
